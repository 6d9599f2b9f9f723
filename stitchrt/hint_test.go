package stitchrt

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// TestNearest pins the measure of decision 0040: which candidate a hint
// names, and when none.
func TestNearest(t *testing.T) {
	for _, c := range []struct {
		got   string
		cands []string
		want  string // "" for no hint
	}{
		{"Name", []string{"name", "note"}, "name"},
		{"Ethernet", []string{"ethernet", "wifi"}, "ethernet"},
		{"from", []string{"_from", "to"}, "_from"},
		{"from__", []string{"_from", "to"}, "_from"},
		{"views", []string{"view", "edit"}, "view"},
		{"nmae", []string{"name"}, "name"},                                          // a swap is one edit
		{"dietaryPreference", []string{"dietary_preference"}, "dietary_preference"}, // one edit after lowering
		{"adress_line", []string{"address_lines"}, "address_lines"},                 // two edits, 13 characters
		{"adres", []string{"address"}, ""},                                          // two edits, 7 characters
		{"grby", []string{"gray", "grey"}, ""},                                      // a tie
		{"GRAY", []string{"gray", "grey"}, "gray"},                                  // case beats an edit
		{"NAME", []string{"name", "Name"}, ""},                                      // two equal but for case: a tie
		{"tu", []string{"to"}, ""},                                                  // 1-3 characters: case or _ only
		{"TO", []string{"to"}, "to"},
		{"ur", []string{"url"}, ""},
		{"coach", []string{"economy", "business", "first"}, ""},
		{"", []string{"a"}, ""},
		{"x", nil, ""},
		{"é", []string{"É"}, "É"},
		{strings.Repeat("a", 200), []string{strings.Repeat("a", 199)}, ""}, // too long to measure
	} {
		got, ok := nearest(c.got, c.cands)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("nearest(%q, %q) = %q, want %q", c.got, c.cands, got, c.want)
		}
	}
}

func TestOSA(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"ab", "ba", 1}, {"abc", "ca", 3}, {"kitten", "sitting", 3}, {"view", "views", 1},
	} {
		if got := osa([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("osa(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestQuotedValues(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`"a", "b c", "d\"e"`, []string{"a", "b c", `d"e`}},
		{`"a, b", "c"`, []string{"a, b", "c"}},
		{`1, 2`, nil},
		{`"a", 2`, nil},
		{``, nil},
	} {
		got := quotedValues(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("quotedValues(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestHintKeysLookup: the object an unknown key is in is found again
// through arrays, escaped pointer tokens and JSON-string repairs; a key the
// object has is never suggested.
func TestHintKeysLookup(t *testing.T) {
	for _, c := range []struct {
		doc, path, allowed string
		repair             bool
		want               string
	}{
		{`{"a":[{"Name":1}]}`, "/a/0/Name", "name, note", false, `unknown key "Name"; did you mean "name"?`},
		{`{"a":[{"Name":1,"name":2}]}`, "/a/0/Name", "name, note", false, `unknown key "Name"`},
		{`{"x/y~":{"Nme":1}}`, "/x~1y~0/Nme", "name", false, `unknown key "Nme"; did you mean "name"?`},
		{`{"x/y~":{"nmae":1}}`, "/x~1y~0/nmae", "name", false, `unknown key "nmae"; did you mean "name"?`},
		{`{"a":"{\"Name\":1}"}`, "/a/Name", "name", true, `unknown key "Name"; did you mean "name"?`},
		{`{"a":"{\"Name\":1}"}`, "/a/Name", "name", false, `unknown key "Name"`},
		{`{"a":"[{\"Name\":1}]"}`, "/a/0/Name", "name", true, `unknown key "Name"; did you mean "name"?`},
		{`{"a":{"Name":1}}`, "/b/Name", "name", false, `unknown key "Name"`}, // no such object
	} {
		d := NewDecoder([]byte(c.doc), c.repair)
		k := c.path[strings.LastIndexByte(c.path, '/')+1:]
		d.issues = append(d.issues, stitch.Issue{Path: c.path, Code: "unknown_key", Expected: c.allowed, Message: "unknown key " + quoteClip(k)})
		d.hintKeys()
		if got := d.issues[0].Message; got != c.want {
			t.Errorf("%s at %s: got %q, want %q", c.doc, c.path, got, c.want)
		}
		d.Release()
	}
}

// TestHintKeysParseOnce: the issues of one decode share the parse of the
// document and of each repaired string in it, and a lookup of a missing
// member adds no key (which would hide a suggestion).
func TestHintKeysParseOnce(t *testing.T) {
	d := NewDecoder([]byte(`{"a":"[{\"Nam\":1},{\"Nam\":2}]","b":{"Nme":1}}`), true)
	defer d.Release()
	for _, p := range []string{"/a/0/Nam", "/a/1/Nam", "/b/name/Nme", "/b/Nme"} {
		d.issues = append(d.issues, stitch.Issue{Path: p, Code: "unknown_key", Expected: "name, x", Message: "m"})
	}
	d.hintKeys()
	var got []string
	for _, is := range d.issues {
		got = append(got, is.Message)
	}
	want := []string{`m; did you mean "name"?`, `m; did you mean "name"?`, "m", `m; did you mean "name"?`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
