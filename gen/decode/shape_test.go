package decode

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// shapeTypes are variant types of every kind, with the words, kinds and
// keys their issues use (package gen compares the words with the
// advertised branches: TestVariantShapesMatchSchema).
var shapeTypes = []struct {
	name  string
	t     *model.Type
	words string
	kinds string
	keys  string
}{
	{"required and optional", structOf(model.Strict, field("path", true), field("line", true), field("side", false)),
		"an object with keys path, line and optional side", "KindObject", "line path side"},
	{"one required", structOf(model.Strict, field("r", true)), "an object with key r", "KindObject", "r"},
	{"one required, one optional", structOf(model.Strict, field("side", true), field("fill", false)),
		"an object with key side and optional fill", "KindObject", "fill side"},
	{"optional only", structOf(model.Strict, field("a", false), field("b", false)), "an object with optional keys a, b", "KindObject", "a b"},
	{"one optional", structOf(model.Loose, field("a", false)), "an object with optional key a", "KindObject", "a"},
	{"empty strict", structOf(model.Strict), "an empty object", "KindObject", ""},
	{"empty strip", structOf(model.Strip), "an object", "KindObject", ""},
	{"map", &model.Type{Kind: model.KindMap, Name: "M", Elem: basic(model.KindInt)}, "an object", "KindObject", ""},
	{"slice of strings", slice(basic(model.KindString)), "an array of strings", "KindArray", ""},
	{"slice of objects", slice(structOf(model.Strict, field("a", true))), "an array of objects", "KindArray", ""},
	{"slice of slices", slice(slice(basic(model.KindBool))), "an array of arrays", "KindArray", ""},
	{"slice of pointers", slice(&model.Type{Kind: model.KindPointer, Elem: basic(model.KindFloat)}), "an array of numbers", "KindArray", ""},
	{"slice of free-form values", slice(basic(model.KindAny)), "an array", "KindArray", ""},
	{"array of 2", &model.Type{Kind: model.KindArray, Name: "A", Len: 2, Elem: basic(model.KindInt)}, "an array of 2 integers", "KindArray", ""},
	{"array of 1", &model.Type{Kind: model.KindArray, Name: "A", Len: 1, Elem: basic(model.KindTime)}, "an array of 1 date-time string", "KindArray", ""},
	{"array of 3 free-form", &model.Type{Kind: model.KindArray, Name: "A", Len: 3, Elem: basic(model.KindAny)}, "an array of 3 items", "KindArray", ""},
	{"string", basic(model.KindString), "a string", "KindString", ""},
	{"text", basic(model.KindText), "a string", "KindString", ""},
	{"bytes", basic(model.KindBytes), "a base64 string", "KindString", ""},
	{"time", basic(model.KindTime), "a date-time string", "KindString", ""},
	{"int", basic(model.KindInt), "an integer", "KindNumber", ""},
	{"uint", basic(model.KindUint), "an integer", "KindNumber", ""},
	{"float", basic(model.KindFloat), "a number", "KindNumber", ""},
	{"bool", basic(model.KindBool), "a boolean", "KindBool", ""},
	{"free-form", basic(model.KindAny), "any value", "KindAll", ""},
	{"opaque with a type", opaqueOf(`{"type":"string","pattern":"^x"}`), "a string", "KindString", ""},
	{"opaque with types", opaqueOf(`{"type":["integer","number","null"]}`), "an integer or a number or null", "KindNumber KindNull", ""},
	{"opaque without a type", opaqueOf(`{"enum":[1,"a"]}`), "a value its own schema accepts", "KindAll", ""},
	{"opaque true", opaqueOf(`true`), "a value its own schema accepts", "KindAll", ""},
	{"opaque with an unknown type", opaqueOf(`{"type":"decimal"}`), "a value its own schema accepts", "KindAll", ""},
}

func TestVariantShape(t *testing.T) {
	for _, c := range shapeTypes {
		sh := variantShape(c.t)
		if sh.words != c.words || Shape(c.t) != c.words {
			t.Errorf("%s: words %q, want %q", c.name, sh.words, c.words)
		}
		if got := strings.Join(sh.kinds, " "); got != c.kinds {
			t.Errorf("%s: kinds %q, want %q", c.name, got, c.kinds)
		}
		if got := strings.Join(sh.keys, " "); got != c.keys || !slices.IsSorted(sh.keys) {
			t.Errorf("%s: keys %q, want %q (sorted: stitchrt searches them)", c.name, got, c.keys)
		}
	}
}

func basic(k model.Kind) *model.Type { return &model.Type{Kind: k, Name: "N" + k.String()} }

func slice(elem *model.Type) *model.Type {
	return &model.Type{Kind: model.KindSlice, Name: "S", Elem: elem}
}

func opaqueOf(schema string) *model.Type {
	return &model.Type{Kind: model.KindOpaque, Name: "O", Schema: schema}
}

func field(name string, required bool) *model.Field {
	return &model.Field{GoName: strings.ToUpper(name), JSONName: name, Required: required, Type: basic(model.KindString)}
}

func structOf(p model.Policy, fs ...*model.Field) *model.Type {
	return &model.Type{Kind: model.KindStruct, Name: "T", Struct: &model.Struct{Fields: fs, Policy: p}}
}
