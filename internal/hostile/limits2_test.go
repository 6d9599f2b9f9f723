package hostile

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
)

// TestLongStringsAndNumbers: a 16 MiB string (with escapes) and a 1 MiB
// number decode exactly; a 1 MiB integer is a range issue.
func TestLongStringsAndNumbers(t *testing.T) {
	chunk := `abc\"\\\u00e9\ud83d\ude00` // decodes to abc"\é😀
	n := (16 << 20) / len(chunk)
	in := `{"s":"` + strings.Repeat(chunk, n) + `","f":1.5,"i":7}`
	var x limits.Scalars
	if err := x.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	want := strings.Repeat("abc\"\\é😀", n)
	if x.S != want {
		t.Errorf("long string decoded to %d bytes, want %d", len(x.S), len(want))
	}
	digits := "1" + strings.Repeat("0", 1<<20)
	var w anyjson.Wrap
	if err := w.UnmarshalJSON([]byte(`{"payload":` + digits + `}`)); err != nil {
		t.Fatal(err)
	}
	if w.Payload != json.Number(digits) {
		t.Errorf("1 MiB number in a free-form value not kept exactly")
	}
	var f limits.Scalars
	if err := f.UnmarshalJSON([]byte(`{"s":"","f":0.` + digits + `,"i":0}`)); err != nil || f.F != 0.1 {
		t.Errorf("1 MiB fraction: %v, %v", err, f.F)
	}
	is, _ := issuesOf(f.UnmarshalJSON([]byte(`{"s":"","f":0,"i":` + digits + `}`)))
	if len(is) != 1 || is[0].Path != "/i" || is[0].Code != "range" {
		t.Errorf("1 MiB integer: %+.200v", is)
	}
}

// TestLongNumberMessageIsBounded: an issue message is for a model to read
// (docs/decoding.md); it should not echo a megabyte of input.
func TestLongNumberMessageIsBounded(t *testing.T) {
	digits := "1" + strings.Repeat("0", 1<<20)
	var f limits.Scalars
	is, _ := issuesOf(f.UnmarshalJSON([]byte(`{"s":"","f":0,"i":` + digits + `}`)))
	if len(is) != 1 || len(is[0].Message) > 1024 {
		t.Errorf("message of %d bytes", len(is[0].Message))
	}
}

// manyKeys returns an object body "k0":0,"k1":1,… with n members.
func manyKeys(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k`)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`":`)
		b.WriteString(strconv.Itoa(i % 10))
	}
	return b.String()
}

// TestManyKeys: 100,000 keys in a catchall and in a map are all kept; one
// duplicate among them is found; in a strict object 100,000 unknown or
// duplicate keys give a capped issue list.
func TestManyKeys(t *testing.T) {
	const n = 100000
	body := manyKeys(n)
	var bag limits.Bag
	if err := bag.UnmarshalJSON([]byte(`{"id":"x",` + body + `}`)); err != nil || len(bag.Extra) != n || bag.Extra["k99999"] != 9 {
		t.Errorf("catchall: err %v, %d keys", err, len(bag.Extra))
	}
	var d limits.Dict
	if err := d.UnmarshalJSON([]byte(`{"entries":{` + body + `}}`)); err != nil || len(d.Entries) != n {
		t.Errorf("map: err %v, %d keys", err, len(d.Entries))
	}
	dup := `{"entries":{` + body + `,"k0":1}}`
	if got, want := errText(d.UnmarshalJSON([]byte(dup))), `/entries/k0: duplicate_key: duplicate key "k0"`; got != want {
		t.Errorf("map duplicate: got %q, want %q", got, want)
	}
	dup = `{"id":"x",` + body + `,"k77777":1}`
	if got, want := errText(bag.UnmarshalJSON([]byte(dup))), `/k77777: duplicate_key: duplicate key "k77777"`; got != want {
		t.Errorf("catchall duplicate: got %q, want %q", got, want)
	}
	var tight limits.Tight
	checkCapped(t, "strict unknown", tight.UnmarshalJSON([]byte(`{"a":1,`+body+`}`)), "unknown_key", n)
	dups := `{"a":1` + strings.Repeat(`,"a":1`, n) + `}`
	checkCapped(t, "strict duplicate", tight.UnmarshalJSON([]byte(dups)), "duplicate_key", n)
}

// checkCapped: err has the capped issue list: 100 issues of code, then one
// entry counting the rest.
func checkCapped(t *testing.T, what string, err error, code string, total int) {
	t.Helper()
	is, _ := issuesOf(err)
	if len(is) != 101 {
		t.Fatalf("%s: %d issues, want 100 plus a final count", what, len(is))
	}
	for _, i := range is[:100] {
		if i.Code != code {
			t.Fatalf("%s: issue %+v, want code %s", what, i, code)
		}
	}
	last := is[100]
	want := issue{Path: "", Code: code, Message: strconv.Itoa(total-100) + " more issues were not listed"}
	if last != want {
		t.Errorf("%s: last issue %+v, want %+v", what, last, want)
	}
	if !strings.HasSuffix(err.Error(), "(root): "+code+": "+want.Message) {
		t.Errorf("%s: Error() ends %q", what, err.Error()[len(err.Error())-100:])
	}
}

// TestMillionItems: an array of a million valid items is accepted; a
// million invalid ones give a capped issue list.
func TestMillionItems(t *testing.T) {
	const n = 1000000
	var b bytes.Buffer
	b.WriteString(`{"items":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(byte('0' + i%10))
	}
	b.WriteString("]}")
	var x limits.Numbers
	if err := x.UnmarshalJSON(b.Bytes()); err != nil || len(x.Items) != n || x.Items[n-1] != 9 {
		t.Fatalf("err %v, %d items", err, len(x.Items))
	}
	bad := `{"items":[10` + strings.Repeat(",10", n-1) + `]}`
	err := x.UnmarshalJSON([]byte(bad))
	checkCapped(t, "million bad items", err, "range", n)
	is, _ := issuesOf(err)
	if is[0].Path != "/items/0" || is[99].Path != "/items/99" {
		t.Errorf("first issues at %q .. %q", is[0].Path, is[99].Path)
	}
}
