package stitchrt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// refScanString is the byte-at-a-time scanner scanString replaced; the
// word-at-a-time one must agree with it on every input.
func refScanString(data []byte) (raw []byte, esc bool, pos int, msg string) {
	start := 1
	i := start
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return data[start:i], esc, i + 1, ""
		case c == '\\':
			esc = true
			n, m := escapeLen(data[i:])
			if n == 0 {
				return nil, false, i, m
			}
			i += n
		case c < 0x20:
			return nil, false, i, "control character in a string"
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				return nil, false, i, "invalid UTF-8 in a string"
			}
			i += n
		}
	}
	return nil, false, i, "unterminated string"
}

// checkScan compares scanString with refScanString on data (which starts
// with '"').
func checkScan(t *testing.T, data []byte) {
	t.Helper()
	d := NewDecoder(data, false)
	defer d.Release()
	raw, esc, ok := d.scanString()
	wraw, wesc, wpos, wmsg := refScanString(data)
	if ok != (wmsg == "") || d.pos != wpos || esc != wesc || !bytes.Equal(raw, wraw) {
		t.Fatalf("scanString(%q) = %q, %v, %v at %d; want %q, %v, %q at %d", data, raw, esc, ok, d.pos, wraw, wesc, wmsg, wpos)
	}
	// The one-pass string reader agrees with scan-then-unescape.
	a, b := NewDecoder(data, false), NewDecoder(data, false)
	defer a.Release()
	defer b.Release()
	av, aok := a.strValue()
	bv, bok := b.strSlow()
	if av != bv || aok != bok || a.pos != b.pos || fmt.Sprint(a.issues) != fmt.Sprint(b.issues) {
		t.Fatalf("strValue(%q) = %q, %v at %d %v; strSlow: %q, %v at %d %v", data, av, aok, a.pos, a.issues, bv, bok, b.pos, b.issues)
	}
	if !ok {
		want := "invalid JSON at byte offset " + itoa(wpos) + ": " + wmsg
		if len(d.issues) != 1 || d.issues[0].Message != want {
			t.Fatalf("scanString(%q): issues %v, want %q", data, d.issues, want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestScanStringEveryByte puts every byte value at every position of the
// first two 8-byte words of a string, with the string ending at every
// offset around them.
func TestScanStringEveryByte(t *testing.T) {
	for pos := 0; pos < 17; pos++ {
		for end := 0; end < 20; end++ {
			for c := 0; c < 256; c++ {
				body := bytes.Repeat([]byte{'a'}, max(pos+1, end))
				body[pos] = byte(c)
				data := append([]byte{'"'}, body[:end]...)
				checkScan(t, data)                                   // unterminated or cut
				checkScan(t, append(append([]byte{}, data...), '"')) // closed at end
				checkScan(t, append(append([]byte{'"'}, body...), `"tail`...))
			}
		}
	}
}

// TestScanStringUTF8Boundary puts multi-byte sequences, valid, cut and
// invalid, across the boundary of the 8-byte window.
func TestScanStringUTF8Boundary(t *testing.T) {
	seqs := []string{"é", "€", "😀", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xff", "\xc0\xaf", "\xed\xa0\x80", "\\u00e9", "\\ud83d\\ude00", "\\ud83d", "\\x", "\\", "\\u12"}
	for _, sq := range seqs {
		for pre := 0; pre < 17; pre++ {
			for _, tail := range []string{"", "\"", "abc\"", "abcdefghij\""} {
				checkScan(t, []byte("\""+strings.Repeat("x", pre)+sq+tail))
			}
		}
	}
}

// TestScanStringRandom compares the scanners on random strings drawn from
// an alphabet rich in the bytes that matter.
func TestScanStringRandom(t *testing.T) {
	alpha := []string{"a", "Z", " ", "\"", "\\", "\\n", "\\u0041", "\\ud83d\\ude00", "\x00", "\x1f", "\x7f", "\x80", "é", "€", "😀", "\xff", "\xe2\x82", "~"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		b.WriteByte('"')
		for n := r.IntN(40); n > 0; n-- {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		if r.IntN(4) > 0 {
			b.WriteByte('"')
		}
		checkScan(t, []byte(b.String()))
	}
}

// TestUnescapeString checks the one-allocation unescape against the
// appending one and against the escapes' meaning.
func TestUnescapeString(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{``, ""}, {`abc`, "abc"}, {`a\nb`, "a\nb"}, {`\"\\\/\b\f\n\r\t`, "\"\\/\b\f\n\r\t"},
		{`\u0041\u00e9\u20ac`, "Aé€"}, {`x\ud83d\ude00y`, "x😀y"}, {`\u0000`, "\x00"}, {`é\u00e9`, "éé"},
	} {
		if got := unescapeString([]byte(c.raw)); got != c.want {
			t.Errorf("unescapeString(%q) = %q, want %q", c.raw, got, c.want)
		}
		if got := string(unescape([]byte("p"), []byte(c.raw))); got != "p"+c.want {
			t.Errorf("unescape(%q) = %q, want %q", c.raw, got, "p"+c.want)
		}
	}
}

// TestStrLen checks the byte-length shortcut against counting.
func TestStrLen(t *testing.T) {
	strs := []string{"", "a", "ab", "abc", "abcd", "é", "éé", "😀", "😀😀", "a😀", "€€€", "abcdefgh", "😀😀😀😀"}
	for _, s := range strs {
		for lo := -1; lo < 10; lo++ {
			for hi := -1; hi < 20; hi++ {
				d := NewDecoder(nil, false)
				d.StrLen(s, lo, hi)
				got := d.issues
				w := NewDecoder(nil, false)
				w.Count(utf8.RuneCountInString(s), lo, hi, "string length")
				if len(got) != len(w.issues) || (len(got) == 1 && got[0] != w.issues[0]) {
					t.Fatalf("strLen(%q, %d, %d) = %v, want %v", s, lo, hi, got, w.issues)
				}
				d.Release()
				w.Release()
			}
		}
	}
}

// TestUnescapeRandom escapes random text in random ways and checks both
// unescapers give the text back.
func TestUnescapeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	runes := []rune{'a', 'Z', ' ', '"', '\\', '/', '\b', '\f', '\n', '\r', '\t', 0, 0x1f, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0x20ac, 0xffff, 0x10000, 0x1f600, 0x10ffff}
	short := map[rune]string{'"': `\"`, '\\': `\\`, '/': `\/`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}
	for range 20000 {
		var want, raw strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			c := runes[r.IntN(len(runes))]
			want.WriteRune(c)
			esc, hasShort := short[c]
			switch {
			case hasShort && r.IntN(2) == 0:
				raw.WriteString(esc)
			case c >= 0x10000:
				c -= 0x10000
				fmt.Fprintf(&raw, `\u%04x\u%04X`, 0xd800+(c>>10), 0xdc00+(c&0x3ff))
			case r.IntN(2) == 0 || c < 0x20 || c == '"' || c == '\\':
				fmt.Fprintf(&raw, `\u%04x`, c)
			default:
				raw.WriteRune(c)
			}
		}
		if got := unescapeString([]byte(raw.String())); got != want.String() {
			t.Fatalf("unescapeString(%q) = %q, want %q", raw.String(), got, want.String())
		}
		doc := []byte(`"` + raw.String() + `"`)
		checkScan(t, doc)
		d := NewDecoder(doc, false)
		if got, ok := d.strValue(); !ok || got != want.String() {
			t.Fatalf("strValue(%q) = %q, %v, want %q", doc, got, ok, want.String())
		}
		d.Release()
		if got := string(unescape(nil, []byte(raw.String()))); got != want.String() {
			t.Fatalf("unescape(%q) = %q, want %q", raw.String(), got, want.String())
		}
	}
}

// readStrings reads the array of strings at the start of d.
func readStrings(t *testing.T, d *Decoder) []string {
	t.Helper()
	var out []string
	if !d.ArrStart() {
		t.Fatalf("not an array: %v", d.issues)
	}
	for d.ArrNext() {
		s, ok := d.Str()
		if !ok {
			t.Fatalf("string %d: %v", len(out), d.issues)
		}
		out = append(out, s)
	}
	return out
}

// stringAllocs returns the allocations of one decode of doc, an array
// of strings.
func stringAllocs(t *testing.T, doc []byte) float64 {
	t.Helper()
	return testing.AllocsPerRun(100, func() {
		d := NewDecoder(doc, false)
		if !d.ArrStart() {
			t.Fatal("not an array")
		}
		for d.ArrNext() {
			if _, ok := d.Str(); !ok {
				t.Fatal("not a string")
			}
		}
		d.Release()
	})
}

// TestArenaStrings checks that the string values of an input over
// shareLimit, plain and escaped, are copied into one chunk of the arena
// (one allocation for all of them) and are exact; that a chunk is never
// written below its length (the strings read first keep their bytes while
// later ones are appended); that a string of arenaChunk bytes or more gets
// its own allocation; and that a long input takes several chunks of at
// most arenaChunk bytes.
func TestArenaStrings(t *testing.T) {
	doc := []byte(`["alpha","b\u00e9ta","` + strings.Repeat("g", shareLimit) + `","delta"]`)
	allocs := stringAllocs(t, doc)
	if allocs != 1 {
		t.Errorf("%v allocations for four strings, want 1 (the arena's chunk)", allocs)
	}
	d := NewDecoder(doc, false)
	got := readStrings(t, d)
	if want := []string{"alpha", "béta", strings.Repeat("g", shareLimit), "delta"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if c := cap(d.arena); c > len(doc) {
		t.Errorf("a chunk of %d bytes for an input of %d", c, len(doc))
	}
	d.Release()

	big := make([]byte, 0, 3*arenaChunk)
	big = append(big, `["head",`...)
	big = append(big, '"')
	big = append(big, bytes.Repeat([]byte("z"), arenaChunk)...)
	big = append(big, '"')
	for range 2 * arenaChunk / 16 {
		big = append(big, `,"0123456789abc"`...)
	}
	big = append(big, `,"tail"]`...)
	d = NewDecoder(big, false)
	got = readStrings(t, d)
	if len(got) != 3+2*arenaChunk/16 || got[0] != "head" || got[1] != strings.Repeat("z", arenaChunk) || got[len(got)-1] != "tail" {
		t.Fatalf("long input: got %d strings %q… %q", len(got), got[0], got[len(got)-1])
	}
	for i, s := range got[2 : len(got)-1] {
		if s != "0123456789abc" {
			t.Fatalf("string %d is %q", i+2, s)
		}
	}
	if unsafe.Pointer(unsafe.StringData(got[1])) == unsafe.Add(unsafe.Pointer(unsafe.StringData(got[0])), len(got[0])) {
		t.Errorf("the %d-byte string is in the arena's chunk", arenaChunk)
	}
	if c := cap(d.arena); c > arenaChunk {
		t.Errorf("a chunk of %d bytes, more than arenaChunk", c)
	}
	d.Release()
}

// TestSharedStrings checks that the plain strings of one decode share one
// copy of the input (one allocation for all of them), that escaped strings
// are still exact, and that an input over shareLimit copies each
// string and keeps no copy of the whole input.
func TestSharedStrings(t *testing.T) {
	doc := []byte(`["alpha","beta","gamma","delta"]`)
	allocs := stringAllocs(t, doc)
	if allocs != 1 {
		t.Errorf("%v allocations for four plain strings, want 1 (the input copy)", allocs)
	}

	d := NewDecoder([]byte(`["a\u00e9b","plain","x\"y"]`), false)
	got := readStrings(t, d)
	if want := []string{"aéb", "plain", `x"y`}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	d.Release()

	big := make([]byte, 0, shareLimit+64)
	big = append(big, `["head",`...)
	big = append(big, '"')
	big = append(big, bytes.Repeat([]byte("z"), shareLimit)...)
	big = append(big, `","tail"]`...)
	d = NewDecoder(big, false)
	got = readStrings(t, d)
	if len(got) != 3 || got[0] != "head" || len(got[1]) != shareLimit || got[2] != "tail" {
		t.Errorf("over the limit: got %d strings %q… %q", len(got), got[0], got[len(got)-1])
	}
	if d.text != "" {
		t.Errorf("over the limit the input was copied whole (%d bytes)", len(d.text))
	}
	d.Release()
}

// TestSharedStringsAcrossRepair checks that a repaired string's inner
// document and the outer document each give their own substrings.
func TestSharedStringsAcrossRepair(t *testing.T) {
	d := NewDecoder([]byte(`["before","[\"in1\",\"in2\"]","after"]`), true)
	defer d.Release()
	if !d.ArrStart() || !d.ArrNext() {
		t.Fatal("not an array")
	}
	first, _ := d.Str()
	if !d.ArrNext() {
		t.Fatal("second item missing")
	}
	r, rep := d.BeginRepair()
	if !rep {
		t.Fatal("the stringified array was not repaired")
	}
	inner := readStrings(t, d)
	d.EndRepair(r)
	if !d.ArrNext() {
		t.Fatal("third item missing")
	}
	last, _ := d.Str()
	if first != "before" || !slices.Equal(inner, []string{"in1", "in2"}) || last != "after" {
		t.Errorf("got %q, %q, %q", first, inner, last)
	}
}

// TestObjNextKeyEveryByte puts every byte value at every position of the
// first two 8-byte words of an object key (ObjNext reads a short plain key
// itself, scanString the others), with the key ending at every offset
// around them, and compares the object's reading by ObjNext (Any) with its
// reading by the skip, which reads keys with scanString: same key, same
// issues at the same offsets.
func TestObjNextKeyEveryByte(t *testing.T) {
	for pos := 0; pos < 17; pos++ {
		for end := 0; end < 20; end++ {
			for c := 0; c < 256; c++ {
				body := bytes.Repeat([]byte{'k'}, max(pos+1, end))
				body[pos] = byte(c)
				for _, doc := range [][]byte{
					append(append([]byte(`{"a":0,"`), body[:end]...), `":1}`...),
					append(append([]byte(`{"`), body[:end]...), `":1}`...),
					append([]byte(`{"`), body[:end]...),
				} {
					a := NewDecoder(doc, false)
					v, _ := a.Any()
					aErr := a.finish()
					a.Release()
					s := NewDecoder(doc, false)
					s.Skip()
					sErr := s.finish()
					s.Release()
					if errText(aErr) != errText(sErr) {
						t.Fatalf("%q: ObjNext: %v; skip: %v", doc, aErr, sErr)
					}
					var want any
					if aErr == nil {
						if err := json.Unmarshal(doc, &want); err != nil {
							t.Fatalf("%q: accepted, encoding/json: %v", doc, err)
						}
						if fmt.Sprint(v) != fmt.Sprint(want) {
							t.Fatalf("%q: got %v, want %v", doc, v, want)
						}
					}
				}
			}
		}
	}
}

// TestPlainUint checks Int's fast path against the general one: wherever
// plainUint reads a number, scanNumber reads the same text and intOf
// gives the same value; it reads every plain unsigned integer of up to 18
// digits.
func TestPlainUint(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 4))
	alpha := "0123456789-+.eE"
	read := 0
	for n := 0; n < 200000; n++ {
		var b []byte
		for k := r.IntN(22) + 1; k > 0; k-- {
			if r.IntN(3) == 0 {
				b = append(b, alpha[r.IntN(len(alpha))])
			} else {
				b = append(b, '0'+byte(r.IntN(10)))
			}
		}
		if tail := r.IntN(6); tail < 5 {
			b = append(b, ",}] x"[tail])
		}
		v, j, ok := plainUint(b, 0)
		d := NewDecoder(b, false)
		text, sok := d.scanNumber()
		if !ok {
			plain := sok && len(text) <= 18 && text[0] != '-' && !bytes.ContainsAny(text, ".eE") &&
				d.pos < len(b) && (b[d.pos] < '0' || b[d.pos] > '9') // "01": scanNumber reads "0"
			if plain {
				t.Fatalf("plainUint(%q) did not read the plain integer %q", b, text)
			}
			d.Release()
			continue
		}
		read++
		mag, neg, integral, over := intOf(text)
		if !sok || j != d.pos || string(text) != string(b[:j]) || mag != v || neg || !integral || over {
			t.Fatalf("plainUint(%q) = %d, %d; scanNumber: %q, %v at %d; intOf: %d %v %v %v", b, v, j, text, sok, d.pos, mag, neg, integral, over)
		}
		d.Release()
	}
	if read < 10000 {
		t.Fatalf("only %d of the inputs read by plainUint", read)
	}
}

// TestMayRepair puts every byte value after a key, with repair on and
// off, and at the end of the input: wherever BeginRepair starts a repair,
// MayRepair is true (generated code calls StartRepair only then), and
// StartRepair starts the same repair as BeginRepair, at the same place.
func TestMayRepair(t *testing.T) {
	inputs := [][]byte{[]byte(`{"a":`), []byte(`{"a":  "[1]"}`), []byte(`{"a":"{\"b\":2}"}`), []byte(`{"a":"not json"}`)}
	for c := 0; c < 256; c++ {
		inputs = append(inputs, []byte(`{"a":`+string(rune(c))+`"[1]"}`), append([]byte(`{"a":`), byte(c), '1', '}'))
	}
	repairs := 0
	for _, in := range inputs {
		for _, repair := range []bool{false, true} {
			begin, start := NewDecoder(in, repair), NewDecoder(in, repair)
			for _, d := range []*Decoder{begin, start} {
				if !d.ObjStart() {
					t.Fatalf("%q: ObjStart", in)
				}
				if k, ok := d.ObjNext(); !ok || string(k) != "a" {
					t.Fatalf("%q: ObjNext %q %v", in, k, ok)
				}
			}
			may := start.MayRepair()
			_, began := begin.BeginRepair()
			var r Repair
			started := start.StartRepair(&r)
			if began && !may {
				t.Errorf("%q (repair %v): BeginRepair repairs, MayRepair is false", in, repair)
			}
			if began != started || begin.pos != start.pos || string(begin.data) != string(start.data) {
				t.Errorf("%q (repair %v): BeginRepair %v at %d in %q, StartRepair %v at %d in %q",
					in, repair, began, begin.pos, begin.data, started, start.pos, start.data)
			}
			if started {
				repairs++
				start.EndRepair(r)
				if string(start.data) != string(in) || start.pos >= len(in) || in[start.pos-1] != '"' {
					t.Errorf("%q: EndRepair returned to %d in %q", in, start.pos, start.data)
				}
			}
			begin.Release()
			start.Release()
		}
	}
	// The two stringified values, and one for each whitespace byte before
	// a stringified array (space, tab, newline, return).
	if repairs != 6 {
		t.Errorf("%d repairs, want 6", repairs)
	}
}
