package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// A toolValue is a pointer to a generated tool input type.
type toolValue interface {
	DecodeToolCall(data []byte) (dropped, repaired []string, err error)
	UnmarshalJSON(data []byte) error
	MarshalJSON() ([]byte, error)
}

// A fuzzTool is one tool of a generated package under fuzzing.
type fuzzTool struct {
	name     string
	fresh    func() toolValue // a pointer to a new zero input value
	lossless string           // the generated lossless schema constant
	// tolerant is set when the contract has coerce, catch or trim (an
	// accepted input need not validate against the lossless schema).
	tolerant bool
	// closed is set when every object the tool accepts is strict or strip
	// (no map, catchall or free-form value), so an added key anywhere must
	// be rejected or reported as dropped.
	closed bool
	// strictRoot is set when the root object is strict.
	strictRoot bool
}

// issueCodes are the stable codes of docs/decoding.md
var issueCodes = map[string]bool{"unknown_key": true, "duplicate_key": true, "missing": true,
	"type": true, "null": true, "range": true, "length": true, "pattern": true, "enum": true,
	"format": true, "unique": true, "discriminator": true, "ambiguous": true, "syntax": true,
	"depth": true, "size": true, "custom": true}

// An issue is the part of a generated StitchIssue the tests look at.
type issue struct{ Path, Code, Message string }

// issuesOf extracts the issues of a generated *StitchError (each generated
// package has its own type) by reflection; ok is false for another error.
func issuesOf(err error) (out []issue, ok bool) {
	v := reflect.ValueOf(err)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	f := v.Elem().FieldByName("Issues")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return nil, false
	}
	for i := 0; i < f.Len(); i++ {
		e := f.Index(i)
		out = append(out, issue{Path: e.FieldByName("Path").String(), Code: e.FieldByName("Code").String(),
			Message: e.FieldByName("Message").String()})
	}
	return out, true
}

// compiled caches the compiled lossless schemas by their text.
var compiled sync.Map

// losslessSchema compiles a lossless schema constant (draft 2020-12,
// format assertions on).
func losslessSchema(t testing.TB, text string) *jsonschema.Schema {
	if s, ok := compiled.Load(text); ok {
		return s.(*jsonschema.Schema)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatalf("lossless schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem:///lossless.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///lossless.json")
	if err != nil {
		t.Fatalf("lossless schema does not compile: %v", err)
	}
	compiled.Store(text, s)
	return s
}

// checkCall runs every property of the fuzz targets on one tool call.
func checkCall(t *testing.T, tool fuzzTool, args []byte) {
	x := tool.fresh()
	dropped, repaired, err := x.DecodeToolCall(args)
	if err != nil {
		checkRejected(t, tool, args, dropped, repaired, err)
		return
	}
	if !json.Valid(args) {
		t.Fatalf("%s: accepted input that encoding/json says is not JSON: %q", tool.name, args)
	}
	b1, err := x.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: accepted %q but MarshalJSON fails: %v", tool.name, args, err)
	}
	y := tool.fresh()
	if err := y.UnmarshalJSON(b1); err != nil {
		t.Fatalf("%s: re-encoding of accepted %q is rejected:\n%s\n%v", tool.name, args, b1, err)
	}
	b2, err := y.MarshalJSON()
	if err != nil || !bytes.Equal(b1, b2) {
		t.Fatalf("%s: round trip of %q changed:\n1st %s\n2nd %s (err %v)", tool.name, args, b1, b2, err)
	}
	if repaired == nil {
		checkNoRepair(t, tool, args, b1)
	}
	if dropped == nil && repaired == nil && !tool.tolerant {
		if err := losslessSchema(t, tool.lossless).Validate(mustInstance(t, args)); err != nil && !validatorFormatGap(err) {
			t.Fatalf("%s: accepted %q (no repair, no drop) is invalid under the lossless schema:\n%v", tool.name, args, err)
		}
	}
	checkAddedKeys(t, tool, b1)
	checkDuplicatedKeys(t, tool, b1)
}

// validatorFormatGap reports whether every leaf error of the validator is
// a format error on a value the format's grammar accepts and the
// validator's format check is known to refuse (docs/decisions/0018): a
// quoted local part with a quoted pair (RFC 5321) for email, an IPvFuture
// literal (RFC 3986) for uri and uri-reference, an operator or modifier
// (RFC 6570) for uri-template, and any ECMA-262 pattern for regex (the
// validator compiles RE2). The decoder follows the grammars, pinned by the
// JSON Schema Test Suite (TestFormatSuiteGenerated).
func validatorFormatGap(err error) bool {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return false
	}
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			if !validatorFormatGap(c) {
				return false
			}
		}
		return true
	}
	f, ok := ve.ErrorKind.(*kind.Format)
	if !ok {
		return false
	}
	s, _ := f.Got.(string)
	switch f.Want {
	case "email":
		return strings.HasPrefix(s, `"`) && strings.Contains(s, `\`)
	case "uri", "uri-reference":
		return strings.Contains(s, "[v") || strings.Contains(s, "[V")
	case "uri-template":
		return strings.ContainsAny(s, "{") && strings.ContainsAny(s, "+#./;?&=,!@|:*")
	case "regex":
		return true
	}
	return false
}

// checkDuplicatedKeys repeats the first member of each non-empty object of
// a canonical encoding; docs/decoding.md makes that an error whatever the
// object's policy.
func checkDuplicatedKeys(t *testing.T, tool fuzzTool, canon []byte) {
	for _, at := range objectStarts(canon) {
		member, ok := firstMember(canon[at:])
		if !ok {
			continue
		}
		in := append([]byte{}, canon[:at+1]...)
		in = append(in, member...)
		in = append(in, ',')
		in = append(in, canon[at+1:]...)
		if _, _, err := tool.fresh().DecodeToolCall(in); err == nil {
			t.Fatalf("%s: duplicate key accepted: %s", tool.name, in)
		}
	}
}

// firstMember returns the text of the first member ("key":value) of the
// object that starts at b[0], or false for an empty object.
func firstMember(b []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	if !dec.More() {
		return nil, false
	}
	if _, err := dec.Token(); err != nil { // the key
		return nil, false
	}
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return b[1:dec.InputOffset()], true
}

// checkRejected checks the shape of a decode failure.
func checkRejected(t *testing.T, tool fuzzTool, args []byte, dropped, repaired []string, err error) {
	if dropped != nil || repaired != nil {
		t.Fatalf("%s: error with dropped=%q repaired=%q (both must be nil): %v", tool.name, dropped, repaired, err)
	}
	is, ok := issuesOf(err)
	if !ok || len(is) == 0 {
		t.Fatalf("%s: error %T without issues: %v", tool.name, err, err)
	}
	text := err.Error()
	for _, i := range is {
		if !issueCodes[i.Code] {
			t.Fatalf("%s: issue code %q is not a docs/decoding.md code (input %q)", tool.name, i.Code, args)
		}
		if !strings.Contains(text, i.Code) {
			t.Fatalf("%s: Error() does not name code %q: %s", tool.name, i.Code, text)
		}
	}
}

// checkNoRepair: without repair the exact decoder (json.Unmarshaler) must
// agree with the tool-call decoder.
func checkNoRepair(t *testing.T, tool fuzzTool, args, b1 []byte) {
	z := tool.fresh()
	if err := z.UnmarshalJSON(args); err != nil {
		t.Fatalf("%s: DecodeToolCall accepted %q without repair but UnmarshalJSON rejects it: %v", tool.name, args, err)
	}
	b, err := z.MarshalJSON()
	if err != nil || !bytes.Equal(b, b1) {
		t.Fatalf("%s: UnmarshalJSON and DecodeToolCall of %q differ:\n%s\n%s", tool.name, args, b, b1)
	}
}

func mustInstance(t *testing.T, args []byte) any {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		t.Fatalf("accepted input does not parse as JSON: %v", err)
	}
	return v
}

// hostileKey is the key added to objects; no contract declares it.
const hostileKey = "zz_hostile"

// checkAddedKeys adds an unknown key to the root object of a canonical
// encoding (and, for closed tools, to every object in it) and checks that
// it is rejected or reported as dropped.
func checkAddedKeys(t *testing.T, tool fuzzTool, canon []byte) {
	for n, at := range objectStarts(canon) {
		if !tool.closed && (n > 0 || !tool.strictRoot) {
			return // a map, catchall or free-form value may keep the key
		}
		in := addKey(canon, at)
		dropped, _, err := tool.fresh().DecodeToolCall(in)
		if n == 0 && tool.strictRoot {
			is, _ := issuesOf(err)
			if err == nil || !hasIssue(is, "/"+hostileKey, "unknown_key") {
				t.Fatalf("%s: strict root accepted an unknown key: %s (err %v)", tool.name, in, err)
			}
			continue
		}
		if err == nil && !hasSuffix(dropped, "/"+hostileKey) {
			t.Fatalf("%s: unknown key accepted and not reported as dropped: %s (dropped %q)", tool.name, in, dropped)
		}
	}
}

func hasIssue(is []issue, path, code string) bool {
	for _, i := range is {
		if i.Path == path && i.Code == code {
			return true
		}
	}
	return false
}

func hasSuffix(ptrs []string, suffix string) bool {
	for _, p := range ptrs {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

// objectStarts returns the offsets of every '{' outside strings.
func objectStarts(b []byte) []int {
	var out []int
	in, esc := false, false
	for i, c := range b {
		switch {
		case esc:
			esc = false
		case in && c == '\\':
			esc = true
		case c == '"':
			in = !in
		case !in && c == '{':
			out = append(out, i)
		}
	}
	return out
}

// addKey inserts the hostile key as the first member of the object that
// starts at offset at.
func addKey(b []byte, at int) []byte {
	member := fmt.Sprintf("%q:0", hostileKey)
	if at+1 < len(b) && b[at+1] != '}' {
		member += ","
	}
	out := append([]byte{}, b[:at+1]...)
	out = append(out, member...)
	return append(out, b[at+1:]...)
}

// fuzzTools runs checkCall on the tool selected by sel.
func fuzzTools(t *testing.T, tools []fuzzTool, sel uint8, args []byte) {
	checkCall(t, tools[int(sel)%len(tools)], args)
}
