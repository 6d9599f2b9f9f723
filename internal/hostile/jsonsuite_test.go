package hostile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

// suiteDir returns the JSONTestSuite test_parsing directory, shared beside
// the repository root. It is missing outside the project workspace: the
// test then skips, except in CI (CI=true), where it fails.
func suiteDir(t *testing.T) string {
	root, err := testmod.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "..", "shared", "testdata", "JSONTestSuite", "test_parsing")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("JSONTestSuite corpus missing in CI: %v", err)
		}
		t.Fatalf("JSONTestSuite corpus not present: %v", err)
	}
	return dir
}

// wrapPrefix is what each corpus document is wrapped in: it becomes the
// payload of tool wrap, so byte offsets in messages are 11 more than in the
// bare document.
const wrapPrefix = `{"payload":`

// yRejected are the must-parse documents that the decoder rejects on
// purpose: docs/decoding.md makes a duplicate key an error at any depth, free-form
// values included (RFC 8259 only says names SHOULD be unique).
var yRejected = map[string]string{
	"y_object_duplicated_key.json":           `/payload/a: duplicate_key: duplicate key "a"`,
	"y_object_duplicated_key_and_value.json": `/payload/a: duplicate_key: duplicate key "a"`,
}

// nDepth are the must-not-parse documents that are rejected by the depth
// limit (docs/decoding.md) before their syntax error is reached: they open more
// than 512 containers.
var nDepth = map[string]bool{
	"n_structure_100000_opening_arrays.json": true,
	"n_structure_open_array_object.json":     true,
}

// iChoices pins every implementation-defined document of the corpus: the
// full error text of tool wrap's UnmarshalJSON, or "" when it is accepted.
// The choices are recorded in docs/decisions/0200-json-implementation-defined.md.
var iChoices = map[string]string{
	// Numbers: any number that fits the grammar is JSON; a free-form value
	// keeps its text (json.Number), a typed field judges the range.
	"i_number_double_huge_neg_exp.json":   "",
	"i_number_huge_exp.json":              "",
	"i_number_neg_int_huge_exp.json":      "",
	"i_number_pos_double_huge_exp.json":   "",
	"i_number_real_neg_overflow.json":     "",
	"i_number_real_pos_overflow.json":     "",
	"i_number_real_underflow.json":        "",
	"i_number_too_big_neg_int.json":       "",
	"i_number_too_big_pos_int.json":       "",
	"i_number_very_big_negative_int.json": "",
	// 500 levels (501 with the wrapper object) are within the default 512.
	"i_structure_500_nested_arrays.json": "",
	// Lone and invalid surrogate escapes: syntax (docs/decoding.md), at the string.
	"i_object_key_lone_2nd_surrogate.json":                `/payload: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_1st_surrogate_but_2nd_missing.json":         `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_1st_valid_surrogate_2nd_invalid.json":       `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_incomplete_surrogate_and_escape_valid.json": `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_incomplete_surrogate_pair.json":             `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_incomplete_surrogates_escape_valid.json":    `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_invalid_lonely_surrogate.json":              `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_invalid_surrogate.json":                     `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_inverted_surrogates_U+1D11E.json":           `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	"i_string_lone_second_surrogate.json":                 `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`,
	// Invalid UTF-8 (overlong forms, encoded surrogates, beyond U+10FFFF,
	// Latin-1, truncated sequences): syntax (docs/decoding.md), at the bad byte.
	"i_string_UTF-8_invalid_sequence.json":         `/payload/0: syntax: invalid JSON at byte offset 18: invalid UTF-8 in a string`,
	"i_string_UTF8_surrogate_U+D800.json":          `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_invalid_utf-8.json":                  `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_iso_latin_1.json":                    `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_lone_utf8_continuation_byte.json":    `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_not_in_unicode_range.json":           `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_overlong_sequence_2_bytes.json":      `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_overlong_sequence_6_bytes.json":      `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_overlong_sequence_6_bytes_null.json": `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	"i_string_truncated-utf-8.json":                `/payload/0: syntax: invalid JSON at byte offset 13: invalid UTF-8 in a string`,
	// A byte order mark and UTF-16: JSON text is UTF-8 without a BOM here.
	"i_string_UTF-16LE_with_BOM.json":         `/payload: syntax: invalid JSON at byte offset 11: unexpected character byte 0xff`,
	"i_structure_UTF-8_BOM_empty_object.json": `/payload: syntax: invalid JSON at byte offset 11: unexpected character byte 0xef`,
	"i_string_utf16BE_no_BOM.json":            `/payload: syntax: invalid JSON at byte offset 11: unexpected end of input`,
	"i_string_utf16LE_no_BOM.json":            `/payload: syntax: invalid JSON at byte offset 12: unexpected end of input`,
}

// decodeWrapped decodes one wrapped document with every entry point of the
// generated free-form decoders and checks they agree on the verdict; it
// returns the error text of Wrap.UnmarshalJSON ("" when accepted).
func decodeWrapped(t *testing.T, name string, in []byte) string {
	var w anyjson.Wrap
	err := w.UnmarshalJSON(in)
	var tc anyjson.Wrap
	dropped, repaired, tcErr := tc.DecodeToolCall(in)
	var r anyjson.RawWrap
	rawErr := r.UnmarshalJSON(in)
	if errText(tcErr) != errText(err) {
		t.Errorf("%s: DecodeToolCall %q, UnmarshalJSON %q", name, errText(tcErr), errText(err))
	}
	if err == nil && (dropped != nil || repaired != nil) {
		t.Errorf("%s: dropped %q repaired %q", name, dropped, repaired)
	}
	if errText(rawErr) != errText(err) {
		t.Errorf("%s: json.RawMessage field %q, any field %q", name, errText(rawErr), errText(err))
	}
	if err == nil {
		checkWrapRoundTrip(t, name, &w)
	}
	return errText(err)
}

// checkWrapRoundTrip: an accepted payload re-encodes to JSON that decodes
// to the same value.
func checkWrapRoundTrip(t *testing.T, name string, w *anyjson.Wrap) {
	b1, err := w.MarshalJSON()
	if err != nil {
		t.Errorf("%s: MarshalJSON: %v", name, err)
		return
	}
	var again anyjson.Wrap
	if err := again.UnmarshalJSON(b1); err != nil {
		t.Errorf("%s: re-encoding %s rejected: %v", name, b1, err)
		return
	}
	if b2, _ := again.MarshalJSON(); string(b2) != string(b1) {
		t.Errorf("%s: round trip changed:\n%s\n%s", name, b1, b2)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestJSONTestSuite runs every document of the JSONTestSuite corpus as the
// payload of a generated decoder whose field accepts any JSON value.
func TestJSONTestSuite(t *testing.T) {
	dir := suiteDir(t)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	seenI := map[string]bool{}
	counts := map[byte]int{}
	for _, e := range ents {
		name := e.Name()
		doc, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		in := append(append([]byte(wrapPrefix), doc...), '}')
		got := decodeWrapped(t, name, in)
		counts[name[0]]++
		switch name[0] {
		case 'y':
			if got != yRejected[name] {
				t.Errorf("%s: got %q, want %q", name, got, yRejected[name])
			}
		case 'n':
			checkNotJSON(t, name, got)
		case 'i':
			seenI[name] = true
			want, ok := iChoices[name]
			if !ok {
				t.Errorf("%s: implementation-defined case without a documented choice (got %q)", name, got)
			} else if got != want {
				t.Errorf("%s:\n got %q\nwant %q", name, got, want)
			}
		default:
			t.Errorf("%s: unexpected file name", name)
		}
	}
	for name := range iChoices {
		if !seenI[name] {
			t.Errorf("%s: documented choice for a file the corpus does not have", name)
		}
	}
	if counts['y'] < 90 || counts['n'] < 180 || counts['i'] < 30 {
		t.Errorf("corpus looks incomplete: %d y_, %d n_, %d i_", counts['y'], counts['n'], counts['i'])
	}
}

// checkNotJSON: a must-not-parse document gets exactly one issue, syntax
// (depth for the two documents deeper than the limit).
func checkNotJSON(t *testing.T, name, got string) {
	code := ": syntax: invalid JSON at byte offset "
	if nDepth[name] {
		code = ": depth: nesting deeper than 512 levels at byte offset "
	}
	if !strings.Contains(got, code) || strings.Contains(got, "\n") {
		t.Errorf("%s: want one issue containing %q, got %q", name, code, got)
	}
}

// TestImplementationDefinedValues pins what the accepted
// implementation-defined numbers become: a free-form value keeps the
// number's text exactly (json.Number) and writes it back unchanged.
func TestImplementationDefinedValues(t *testing.T) {
	dir := suiteDir(t)
	for name, want := range iChoices {
		if want != "" || !strings.HasPrefix(name, "i_number_") {
			continue
		}
		doc, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var w anyjson.Wrap
		if err := w.UnmarshalJSON(append(append([]byte(wrapPrefix), doc...), '}')); err != nil {
			t.Fatal(err)
		}
		text := strings.TrimSpace(string(doc))
		text = strings.TrimSuffix(strings.TrimPrefix(text, "["), "]")
		arr, ok := w.Payload.([]any)
		if !ok || len(arr) != 1 || arr[0] != json.Number(text) {
			t.Errorf("%s: payload %#v, want []any{json.Number(%q)}", name, w.Payload, text)
		}
		if b, _ := w.MarshalJSON(); string(b) != `{"payload":[`+text+`]}` {
			t.Errorf("%s: re-encoded as %s", name, b)
		}
	}
}

// TestRawMessageDuplicateKey: docs/decoding.md makes a duplicate key an error in
// nested objects too, and a free-form `any` field rejects one; a
// json.RawMessage field (the same free-form schema, {}) must agree.
func TestRawMessageDuplicateKey(t *testing.T) {
	in := []byte(`{"payload":{"a":1,"a":2}}`)
	var r anyjson.RawWrap
	want := `/payload/a: duplicate_key: duplicate key "a"`
	if got := errText(r.UnmarshalJSON(in)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRawMessageIssuePath: docs/decoding.md puts the path of a syntax issue at the
// offending value, inside a json.RawMessage value too.
func TestRawMessageIssuePath(t *testing.T) {
	in := []byte(`{"payload":["\ud800"]}`)
	var r anyjson.RawWrap
	want := `/payload/0: syntax: invalid JSON at byte offset 13: lone surrogate in \u escape`
	if got := errText(r.UnmarshalJSON(in)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTypedNumberAndDocumentChoices pins the implementation-defined choices
// outside free-form values: -0, huge and tiny exponents and long integers in
// typed fields, and a byte order mark before the document.
func TestTypedNumberAndDocumentChoices(t *testing.T) {
	cases := []struct{ in, want, enc string }{
		{`{"s":"","f":-0,"i":-0}`, "", `{"s":"","f":-0,"i":0}`},
		{`{"s":"","f":-0.0,"i":-9223372036854775808}`, "", `{"s":"","f":-0,"i":-9223372036854775808}`},
		{`{"s":"","f":123e-10000000,"i":1e2}`, "", `{"s":"","f":0,"i":100}`},
		{`{"s":"","f":1e400,"i":0}`, "/f: range: number 1e400 is out of the float64 range", ""},
		{`{"s":"","f":-1.5e+9999,"i":0}`, "/f: range: number -1.5e+9999 is out of the float64 range", ""},
		{`{"s":"","f":0,"i":100000000000000000000}`, "/i: range: integer 100000000000000000000 is out of range -9223372036854775808..9223372036854775807", ""},
		{`{"s":"","f":0,"i":-9223372036854775809}`, "/i: range: integer -9223372036854775809 is out of range -9223372036854775808..9223372036854775807", ""},
		{"\xef\xbb\xbf{\"s\":\"\",\"f\":0,\"i\":0}", "(root): syntax: invalid JSON at byte offset 0: unexpected character byte 0xef", ""},
	}
	for _, c := range cases {
		var x limits.Scalars
		err := x.UnmarshalJSON([]byte(c.in))
		if got := errText(err); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
			continue
		}
		if err != nil {
			continue
		}
		if b, _ := x.MarshalJSON(); string(b) != c.enc {
			t.Errorf("%s: encoded %s, want %s", c.in, b, c.enc)
		}
	}
}
