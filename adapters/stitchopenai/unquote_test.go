package stitchopenai

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestUnquote: the escapes, and what encoding/json would have replaced
// kept as bytes the exact decoder rejects.
func TestUnquote(t *testing.T) {
	for _, c := range []struct{ lit, want string }{
		{`""`, ``},
		{`"{\"a\":1}"`, `{"a":1}`},
		{`"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		{`"\u0068\u00e9\u20AC"`, "hé€"},
		{`"\ud83d\ude00"`, "😀"},
		{`"é😀"`, "é😀"},
		// A lone surrogate is its WTF-8 bytes, not U+FFFD.
		{`"\ud800"`, "\xed\xa0\x80"},
		{`"\udc00x"`, "\xed\xb0\x80x"},
		{`"\ud800\u0041"`, "\xed\xa0\x80A"},
		{`"\ud800\ud800\udc00"`, "\xed\xa0\x80\xf0\x90\x80\x80"},
		{`"\ude00\ud83d"`, "\xed\xb8\x80\xed\xa0\xbd"},
		// Invalid UTF-8 is kept as it is.
		{"\"\xff\xfe\"", "\xff\xfe"},
		// A control character is the decoder's to reject.
		{"\"\x01\"", "\x01"},
	} {
		got, ok := unquote(c.lit)
		if !ok || string(got) != c.want {
			t.Errorf("unquote(%q) = %q, %v; want %q", c.lit, got, ok, c.want)
		}
	}
	for _, lit := range []string{``, `"`, `a`, `"a`, `a"`, `"\"`, `"\x"`, `"\u12"`, `"\u12g4"`, `"a"b"`, `"\`, `'a'`} {
		if got, ok := unquote(lit); ok {
			t.Errorf("unquote(%q) = %q, want not ok", lit, got)
		}
	}
}

// TestUnquoteAgreesWithEncodingJSON: where encoding/json replaces nothing
// (valid UTF-8, paired surrogates), unquote reads what it reads, over
// strings encoded by encoding/json and by hand with every escape form.
func TestUnquoteAgreesWithEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("ab\"\\/\b\f\n\r\t\x00\x1f <>&é€😀\u2028\u2029\ufffd")
	for range 2000 {
		var s strings.Builder
		for range r.IntN(12) {
			s.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		for _, lit := range []string{marshal(t, s.String()), escapeAll(s.String())} {
			var want string
			if err := json.Unmarshal([]byte(lit), &want); err != nil {
				t.Fatalf("%q: %v", lit, err)
			}
			got, ok := unquote(lit)
			if !ok || string(got) != want || want != s.String() {
				t.Fatalf("unquote(%q) = %q, %v; encoding/json reads %q, from %q", lit, got, ok, want, s.String())
			}
		}
	}
}

func marshal(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// escapeAll writes every rune of s as \u escapes (surrogate pairs beyond
// the BMP), upper-case hex for odd positions.
func escapeAll(s string) string {
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	var b strings.Builder
	b.WriteByte('"')
	i := 0
	u := func(r rune) {
		hex := lower
		if i%2 == 1 {
			hex = upper
		}
		i++
		b.WriteString(`\u`)
		for shift := 12; shift >= 0; shift -= 4 {
			b.WriteByte(hex[r>>shift&0xF])
		}
	}
	for _, r := range s {
		if r > 0xFFFF {
			r -= 0x10000
			u(0xD800 + r>>10)
			u(0xDC00 + r&0x3FF)
			continue
		}
		u(r)
	}
	b.WriteByte('"')
	if !utf8.ValidString(s) {
		panic("escapeAll: invalid UTF-8")
	}
	return b.String()
}
