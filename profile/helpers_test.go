package profile_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/model"
)

func mustParse(t testing.TB, s string) any {
	t.Helper()
	v, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, s)
	}
	return v
}

// at resolves a JSON Pointer (tokens without escapes) in a document.
func at(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		switch x := v.(type) {
		case *model.Object:
			var ok bool
			if v, ok = x.Get(tok); !ok {
				return nil
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

var compileCount int

// compileSchema compiles a 2020-12 document with format assertions on.
func compileSchema(doc any) (*jsonschema.Schema, error) {
	compileCount++
	url := "mem:///s" + strconv.Itoa(compileCount) + ".json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(model.MustMarshal(doc)))
	if err != nil {
		return nil, err
	}
	if err := c.AddResource(url, inst); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// compileAt compiles the subschema of doc at a JSON Pointer (references
// resolve in doc).
func compileAt(doc any, ptr string) (*jsonschema.Schema, error) {
	compileCount++
	url := "mem:///s" + strconv.Itoa(compileCount) + ".json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(model.MustMarshal(doc)))
	if err != nil {
		return nil, err
	}
	if err := c.AddResource(url, inst); err != nil {
		return nil, err
	}
	return c.Compile(url + "#" + ptr)
}
