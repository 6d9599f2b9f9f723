package stitchrt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// validate skips one document through the free-form path and returns the
// error text ("" when valid).
func validate(data []byte, asAny bool) string {
	d := NewDecoder(data, false)
	if asAny {
		d.Any()
	} else {
		d.Skip()
	}
	if err := d.finish(); err != nil {
		return err.Error()
	}
	return ""
}

func TestJSONTestSuite(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "testdata", "JSONTestSuite", "test_parsing")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal("JSONTestSuite not present:", err)
	}
	for _, e := range ents {
		name := e.Name()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, asAny := range []bool{false, true} {
			got := validate(data, asAny)
			switch {
			case strings.HasPrefix(name, "y_"):
				if got != "" && !strings.Contains(got, "duplicate_key") {
					t.Errorf("%s (any=%v): rejected: %s", name, asAny, got)
				}
			case strings.HasPrefix(name, "n_"):
				if !strings.Contains(got, ": syntax: ") && !strings.Contains(got, ": depth: ") {
					t.Errorf("%s (any=%v): want a syntax issue, got %q", name, asAny, got)
				}
			case strings.HasPrefix(name, "i_number_") || name == "i_structure_500_nested_arrays.json":
				// Implementation-defined, our choice: any number that fits the
				// grammar is JSON (its range is judged by the Go type it
				// decodes into; free-form values keep the text), and 500
				// levels are within the default depth of 512.
				if got != "" {
					t.Errorf("%s: rejected: %s", name, got)
				}
			case strings.HasPrefix(name, "i_"):
				// Implementation-defined, our choice: lone or invalid
				// surrogates, invalid UTF-8, UTF-16 and a byte order mark are
				// syntax errors (docs/decoding.md).
				if !strings.Contains(got, ": syntax: ") {
					t.Errorf("%s: want a syntax issue, got %q", name, got)
				}
			}
		}
	}
}

func TestDeepInputIsAnErrorNotACrash(t *testing.T) {
	deep := strings.Repeat("[", 1000000) + strings.Repeat("]", 1000000)
	for _, asAny := range []bool{false, true} {
		got := validate([]byte(deep), asAny)
		want := "/0/0/0/0/0/0/0/0/0/0/0"
		if !strings.Contains(got, ": depth: nesting deeper than 512 levels at byte offset 512") || !strings.HasPrefix(got, want) {
			t.Errorf("any=%v: got %.200q", asAny, got)
		}
	}
	ok := strings.Repeat("[", 512) + strings.Repeat("]", 512)
	if got := validate([]byte(ok), true); got != "" {
		t.Errorf("512 levels: %q", got)
	}
}

func TestSyntaxIssues(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a":1} x`, "(root): syntax: invalid JSON at byte offset 8: unexpected data after the JSON value"},
		{`{"a":"\ud800"}`, "/a: syntax: invalid JSON at byte offset 6: lone surrogate in \\u escape"},
		{"{\"a\":\"a\xffb\"}", "/a: syntax: invalid JSON at byte offset 7: invalid UTF-8 in a string"},
		{`{"a":[1,]}`, "/a: syntax: invalid JSON at byte offset 8: expected a value after ','"},
		{`{"a":01}`, "(root): syntax: invalid JSON at byte offset 6: expected ',' or '}'"},
		{`{"a":1`, "(root): syntax: invalid JSON at byte offset 6: unexpected end of input"},
		{`{"a":{"b":1,"b":2}}`, "/a/b: duplicate_key: duplicate key \"b\""},
		{`{"a":[{"b":1},{"c":{"\u0064":1,"d":[1,{"e":0,"e":1}]}}]}`, "/a/1/c/d: duplicate_key: duplicate key \"d\"\n/a/1/c/d/1/e: duplicate_key: duplicate key \"e\""},
		{`{"a":[{"b":1},{"c":{"\u0064":1,"d":[1,}}]}`, "/a/1/c/d/1: syntax: invalid JSON at byte offset 38: unexpected character '}'"},
		{`{"a":[1,2,[]],"b":{}}`, ""},
	}
	for _, c := range cases {
		for _, asAny := range []bool{false, true} {
			if got := validate([]byte(c.in), asAny); got != c.want {
				t.Errorf("%s (any=%v):\n got %s\nwant %s", c.in, asAny, got, c.want)
			}
		}
	}
}

func TestUnescape(t *testing.T) {
	in := `"a\u006e\"\\\/\b\f\n\r\t\ud83d\ude00é"`
	d := NewDecoder([]byte(in), false)
	s, ok := d.Str()
	var want string
	if err := json.Unmarshal([]byte(in), &want); err != nil {
		t.Fatal(err)
	}
	if !ok || s != want {
		t.Errorf("got %q, want %q", s, want)
	}
}

func TestIntegers(t *testing.T) {
	cases := []struct {
		in   string
		lo   int64
		hi   int64
		want int64
		err  string
	}{
		{"1", -128, 127, 1, ""},
		{"1.0", -128, 127, 1, ""},
		{"1e2", -128, 127, 100, ""},
		{"-0", -128, 127, 0, ""},
		{"-128", -128, 127, -128, ""},
		{"127", -128, 127, 127, ""},
		{"128", -128, 127, 0, "(root): range: integer 128 is out of range -128..127"},
		{"-129", -128, 127, 0, "(root): range: integer -129 is out of range -128..127"},
		{"1.5", -128, 127, 0, "(root): type: expected integer, got 1.5"},
		{"0.5e1", -128, 127, 5, ""},
		{"500e-2", -128, 127, 5, ""},
		{"9223372036854775807", -1 << 63, 1<<63 - 1, 1<<63 - 1, ""},
		{"-9223372036854775808", -1 << 63, 1<<63 - 1, -1 << 63, ""},
		{"9223372036854775808", -1 << 63, 1<<63 - 1, 0, "(root): range: integer 9223372036854775808 is out of range -9223372036854775808..9223372036854775807"},
		{"9007199254740993", -1 << 63, 1<<63 - 1, 9007199254740993, ""},
		{"1e999999999999", -1 << 63, 1<<63 - 1, 0, "(root): range: integer 1e999999999999 is out of range -9223372036854775808..9223372036854775807"},
		{`"1"`, -128, 127, 0, "(root): type: expected integer, got string"},
		{`null`, -128, 127, 0, "(root): null: null is not allowed here; expected integer"},
	}
	for _, c := range cases {
		d := NewDecoder([]byte(c.in), false)
		v, _ := d.Int(c.lo, c.hi, false)
		got := ""
		if err := d.finish(); err != nil {
			got = err.Error()
		}
		if got != c.err || (c.err == "" && v != c.want) {
			t.Errorf("%s: got %d %q, want %d %q", c.in, v, got, c.want, c.err)
		}
	}
}

func TestCmpDecAndMultipleOf(t *testing.T) {
	cmp := []struct {
		a, b string
		want int
	}{
		{"1", "1.0", 0}, {"0.1", "0.10000000000000001", -1}, {"-1", "1", -1}, {"-0", "0", 0},
		{"1e2", "100", 0}, {"99.999", "100", -1}, {"-5", "-4.5", -1}, {"0.001", "1e-3", 0},
		{"123456789012345678901234567890", "1.2345678901234567890123456789e29", 0},
	}
	for _, c := range cmp {
		if got := CmpDec([]byte(c.a), c.b); got != c.want {
			t.Errorf("cmp(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	mul := []struct {
		x, m string
		want bool
	}{
		{"10", "5", true}, {"7", "5", false}, {"0.3", "0.1", true}, {"1e300", "3", false},
		{"3e1000000000", "3", true}, {"0.35", "0.1", false}, {"0", "0.7", true}, {"-4.5", "1.5", true},
	}
	for _, c := range mul {
		if got := isMultipleOf([]byte(c.x), c.m); got != c.want {
			t.Errorf("multipleOf(%s, %s) = %v", c.x, c.m, got)
		}
	}
}

func TestAppendMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "<a&b>", "q\"b\\", "\x00\x1f\n", "\u2028x\u2029", "bad\xffutf8", "é😀"} {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Errorf("%q: got %s want %s", s, got, want)
		}
	}
	for _, f := range []float64{0, 1, -1.5, 1e21, 1e20, 1e-7, 123456789.125, 5e-324} {
		want, _ := json.Marshal(f)
		got, _ := AppendFloat(nil, f, 64)
		if string(got) != string(want) {
			t.Errorf("%v: got %s want %s", f, got, want)
		}
	}
}

func TestFastFloat(t *testing.T) {
	for _, s := range []string{"0.1", "1e22", "123456789012345", "-2.5e-10", "3.14159"} {
		f, ok := fastFloat([]byte(s))
		var want float64
		json.Unmarshal([]byte(s), &want)
		if !ok || f != want {
			t.Errorf("%s: %v %v want %v", s, f, ok, want)
		}
	}
}

func BenchmarkSkip(b *testing.B) {
	data := benchDoc()
	b.SetBytes(int64(len(data)))
	d := NewDecoder(data, false)
	for b.Loop() {
		d.pos, d.fatal = 0, false
		d.Skip()
	}
}

func BenchmarkEncodingJSONValid(b *testing.B) {
	data := benchDoc()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		json.Valid(data)
	}
}

func benchDoc() []byte {
	var sb strings.Builder
	sb.WriteString(`{"items":[`)
	for i := range 200 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"sku":"AB-12345","qty":12,"price":19.99,"tags":["a","b\n"],"ok":true,"note":null}`)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}

func TestDupJSON(t *testing.T) {
	cases := []struct {
		in   []any
		i, j int
	}{
		{[]any{json.Number("1"), json.Number("1.0")}, 0, 1},
		{[]any{json.Number("100"), json.Number("1e2"), "x"}, 0, 1},
		{[]any{map[string]any{"a": json.Number("1"), "b": []any{}}, map[string]any{"b": []any{}, "a": json.Number("10e-1")}}, 0, 1},
		{[]any{json.Number("-0"), json.Number("0.0")}, 0, 1},
		{[]any{json.Number("1"), "1", true, nil, []any{json.Number("1")}}, -1, -1},
	}
	for _, c := range cases {
		if i, j := FirstDupJSON(c.in); i != c.i || j != c.j {
			t.Errorf("%v: got %d %d, want %d %d", c.in, i, j, c.i, c.j)
		}
	}
}

// TestTimeCase: RFC 3339 §5.6 allows a lowercase "t" and "z"; the
// instant is the same as with upper case. A leap second and a date-time
// without an offset stay format issues.
func TestTimeCase(t *testing.T) {
	cases := []struct{ in, want, issue string }{
		{`"2024-05-01t10:00:00z"`, "2024-05-01T10:00:00Z", ""},
		{`"2024-05-01t10:00:00.5+02:00"`, "2024-05-01T10:00:00.5+02:00", ""},
		{`"2024-05-01T10:00:00Z"`, "2024-05-01T10:00:00Z", ""},
		{`"2024-05-01t10:00:00"`, "", `(root): format: not an RFC 3339 date-time: "2024-05-01t10:00:00"`},
		{`"2016-12-31t23:59:60z"`, "", `(root): format: not an RFC 3339 date-time: "2016-12-31t23:59:60z"`},
	}
	for _, c := range cases {
		d := NewDecoder([]byte(c.in), false)
		v, ok := d.Time()
		err := d.finish()
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.issue || ok != (c.issue == "") {
			t.Errorf("%s: ok %v, issues %q, want %q", c.in, ok, got, c.issue)
			continue
		}
		if ok && v.Format("2006-01-02T15:04:05.999999999Z07:00") != c.want {
			t.Errorf("%s: got %s, want %s", c.in, v.Format("2006-01-02T15:04:05.999999999Z07:00"), c.want)
		}
	}
}

// TestLongInputIsClippedInMessages: an issue message repeats at most
// clipLen bytes of input, cut at a character boundary.
func TestLongInputIsClippedInMessages(t *testing.T) {
	long := "1" + strings.Repeat("0", 1<<20)
	d := NewDecoder([]byte(long), false)
	d.Int(-128, 127, false)
	want := "(root): range: integer 10000000000000000000000000000000…(1048577 bytes) is out of range -128..127"
	if got := errText(d.finish()); got != want {
		t.Errorf("got %.300q\nwant %q", got, want)
	}
	cases := []struct{ in, clip, quoted string }{
		{strings.Repeat("a", 64), strings.Repeat("a", 64), `"` + strings.Repeat("a", 64) + `"`},
		{strings.Repeat("a", 65), strings.Repeat("a", 32) + "…(65 bytes)", `"` + strings.Repeat("a", 32) + `"…(65 bytes)`},
		{strings.Repeat("a", 31) + strings.Repeat("é", 20), strings.Repeat("a", 31) + "…(71 bytes)", `"` + strings.Repeat("a", 31) + `"…(71 bytes)`},
		{"\"" + strings.Repeat("é", 40), "\"" + strings.Repeat("é", 15) + "…(81 bytes)", `"\"` + strings.Repeat("é", 15) + `"…(81 bytes)`},
	}
	for _, c := range cases {
		if got := clip(c.in); got != c.clip {
			t.Errorf("clip(%q) = %q, want %q", c.in, got, c.clip)
		}
		if got := quoteClip([]byte(c.in)); got != c.quoted {
			t.Errorf("quoteClip(%q) = %q, want %q", c.in, got, c.quoted)
		}
	}
}

// TestSkipDoesNotAllocate: with a pooled decoder, skipping (and checking
// for duplicate keys in) objects of up to linearKeys keys allocates
// nothing.
func TestSkipDoesNotAllocate(t *testing.T) {
	doc := []byte(`{"a":[{"b":1,"c":"x","d":{"e":[true,null,{"f":2.5}]}},{"b":2}],"g":{"h":"i","j":[[],{}]},"k":"\u00e9"}`)
	allocs := testing.AllocsPerRun(100, func() {
		d := NewDecoder(doc, false)
		d.Skip()
		if d.finish() != nil {
			t.Fatal("rejected")
		}
		d.Release()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per skip", allocs)
	}
}

// TestReleaseResets checks that release leaves a pooled decoder as a fresh
// one, but for the reused buffers, and holds nothing of the input.
func TestReleaseResets(t *testing.T) {
	data := []byte(`{"a":{"b":[1,{"c":"\u00e9"}]},"a":1,"x":` + strings.Repeat(`[`, 20) + `"`)
	d := NewDecoder(data, true)
	d.failFast, d.catching, d.cut = true, 2, 3
	d.dropped, d.repaired, d.num = []string{"/x"}, []string{"/y"}, data[1:2]
	d.text = string(data)
	d.Push([]byte("k"))
	for i := 0; i < 40; i++ {
		d.Push(data[i : i+1])
	}
	d.Skip()
	d.Release()
	got := reflect.ValueOf(d).Elem()
	ty := got.Type()
	for i := 0; i < ty.NumField(); i++ {
		name := ty.Field(i).Name
		f := got.Field(i)
		switch name {
		case "path", "scratch", "stack", "keys", "ext":
			if f.Len() != 0 {
				t.Errorf("%s: len %d after release", name, f.Len())
			}
		case "pathBuf": // offsets, no pointer into the input
		default:
			if !f.IsZero() {
				t.Errorf("%s is not reset: %v", name, f)
			}
		}
	}
	for _, k := range d.keys[:cap(d.keys)] {
		if k != nil {
			t.Errorf("keys keeps %q", k)
		}
	}
	for _, k := range d.ext[:cap(d.ext)] {
		if k != nil {
			t.Errorf("ext keeps %q", k)
		}
	}
}

// TestRangeFailures: the typed failures of version-3 code report what
// RangeFail reports for the rule text that versions 1 and 2 pass it.
func TestRangeFailures(t *testing.T) {
	for _, c := range []struct {
		typed  func(d *Decoder)
		legacy string
		want   string
	}{
		{func(d *Decoder) { d.MinimumFail("10", false) }, ">= 10", "(root): range: must be >= 10, got 7"},
		{func(d *Decoder) { d.MinimumFail("7", true) }, "> 7", "(root): range: must be > 7, got 7"},
		{func(d *Decoder) { d.MaximumFail("5", false) }, "<= 5", "(root): range: must be <= 5, got 7"},
		{func(d *Decoder) { d.MaximumFail("7", true) }, "< 7", "(root): range: must be < 7, got 7"},
		{func(d *Decoder) { d.MultipleOfFail("2") }, "multipleOf 2", "(root): range: must be a multiple of 2, got 7"},
	} {
		typed := NewDecoder([]byte("7"), false)
		typed.Int(-128, 127, false)
		c.typed(typed)
		legacy := NewDecoder([]byte("7"), false)
		legacy.Int(-128, 127, false)
		legacy.RangeFail(c.legacy)
		if got, old := errText(typed.finish()), errText(legacy.finish()); got != c.want || old != c.want {
			t.Errorf("%s: typed %q, RangeFail %q, want %q", c.legacy, got, old, c.want)
		}
	}
}
