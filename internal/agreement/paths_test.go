package agreement

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// badIssuePath returns a description of the first issue of a decoder error
// whose JSON Pointer does not point into the document (docs/decoding.md: missing
// points at the absent key of an existing object, every other code at a
// value or key that exists; discriminator at the key, present or not), or
// "". Documents the validator's parser rejects, syntax issues, and issues
// at or under a duplicated key (the parsed document keeps only the last
// value) are not judged.
func badIssuePath(err error, text []byte) string {
	issues, ok := issuesOf(err)
	if !ok {
		return ""
	}
	inst, perr := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if perr != nil {
		return ""
	}
	dups := duplicatePaths(text)
	for _, is := range issues {
		switch {
		case is.Code == "syntax" || is.Code == "depth" || is.Code == "size" || under(is.Path, dups):
		case is.Code == "missing" || is.Code == "discriminator":
			parent, _ := splitPointer(is.Path)
			if _, ok := lookup(inst, parent); !ok {
				return fmt.Sprintf("missing issue at %q: no object at %q", is.Path, parent)
			}
		default:
			if _, ok := lookup(inst, is.Path); !ok {
				return fmt.Sprintf("%s issue at %q: nothing there", is.Code, is.Path)
			}
		}
	}
	return ""
}

// under reports whether ptr is one of roots or inside one.
func under(ptr string, roots []string) bool {
	for _, r := range roots {
		if ptr == r || strings.HasPrefix(ptr, r+"/") {
			return true
		}
	}
	return false
}

func splitPointer(ptr string) (parent, last string) {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return "", ""
	}
	return ptr[:i], ptr[i+1:]
}

// lookup resolves a JSON Pointer, telling absent from null.
func lookup(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			w, ok := x[tok]
			if !ok {
				return nil, false
			}
			v = w
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

type fakeIssue struct{ Path, Code string }

// fakeError has the shape of a generated *StitchError.
type fakeError struct{ Issues []fakeIssue }

func (*fakeError) Error() string { return "fake" }

// TestBadIssuePath pins the issue-path rule on hand-made errors.
func TestBadIssuePath(t *testing.T) {
	doc := []byte(`{"a":1,"o":{"k":null},"d":1,"d":{"z":2}}`)
	cases := []struct {
		issue fakeIssue
		want  string
	}{
		{fakeIssue{"/a", "type"}, ""},
		{fakeIssue{"/o/k", "null"}, ""},
		{fakeIssue{"/b", "type"}, `type issue at "/b": nothing there`},
		{fakeIssue{"/b", "missing"}, ""},
		{fakeIssue{"/o/b", "discriminator"}, ""},
		{fakeIssue{"/x/b", "missing"}, `missing issue at "/x/b": no object at "/x"`},
		{fakeIssue{"/d/q", "range"}, ""}, // under a duplicated key
		{fakeIssue{"/a/0", "syntax"}, ""},
	}
	for _, c := range cases {
		if got := badIssuePath(&fakeError{[]fakeIssue{c.issue}}, doc); got != c.want {
			t.Errorf("badIssuePath(%v) = %q, want %q", c.issue, got, c.want)
		}
	}
}
