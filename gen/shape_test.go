package gen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/gen/decode"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

// TestVariantShapesMatchSchema: the words an untagged union's decoder
// uses for its variants (decode.Shape, read from the model) say what the
// advertised anyOf branches say, read from the JSON of the advertised
// schema by describeBranch, a second reading that knows nothing of the
// model.
func TestVariantShapesMatchSchema(t *testing.T) {
	str := &model.Type{Kind: model.KindString, Basic: "string"}
	i64 := &model.Type{Kind: model.KindInt, Basic: "int64", Bits: 64}
	named := func(k model.Kind, name string, elem *model.Type) *model.Type {
		return &model.Type{Kind: k, Name: name, PkgPath: "p", Elem: elem, Bits: 64}
	}
	fld := func(name string, ty *model.Type, required bool) *model.Field {
		return &model.Field{GoName: "F" + name, JSONName: name, Type: ty, Required: required}
	}
	obj := func(name string, p model.Policy, fs ...*model.Field) *model.Type {
		return &model.Type{Kind: model.KindStruct, Name: name, PkgPath: "p", Struct: &model.Struct{Fields: fs, Policy: p}}
	}
	inner := &model.Type{Kind: model.KindUnion, Name: "Inner", PkgPath: "p", Union: &model.Union{Discriminator: "kind", Variants: []*model.Variant{
		{Values: []string{"a"}, Type: obj("IA", model.Strict, fld("x", str, true))},
		{Values: []string{"b"}, Type: obj("IB", model.Strict, fld("y", str, true))},
	}}}
	variants := []*model.Type{
		obj("Pos", model.Strict, fld("path", str, true), fld("line", i64, true), fld("side", str, false)),
		obj("One", model.Strict, fld("r", &model.Type{Kind: model.KindFloat, Basic: "float64", Bits: 64}, true)),
		obj("Opt", model.Strip, fld("a", str, false), fld("b", str, false)),
		obj("Empty", model.Strict),
		obj("Open", model.Strip),
		obj("Nest", model.Strict, fld("inner", inner, true)), // a discriminated union inside: flattened in place
		named(model.KindMap, "Attrs", str),
		named(model.KindSlice, "Tags", str),
		named(model.KindSlice, "Rows", obj("Row", model.Strict, fld("c", str, true))),
		named(model.KindSlice, "Grid", &model.Type{Kind: model.KindSlice, Elem: i64}),
		named(model.KindSlice, "Bag", &model.Type{Kind: model.KindAny}),
		{Kind: model.KindArray, Name: "Pair", PkgPath: "p", Len: 2, Elem: i64},
		{Kind: model.KindArray, Name: "Single", PkgPath: "p", Len: 1, Elem: &model.Type{Kind: model.KindTime}},
		{Kind: model.KindString, Name: "Slug", PkgPath: "p", Basic: "string"},
		{Kind: model.KindText, Name: "Addr", PkgPath: "p"},
		{Kind: model.KindBytes, Name: "Blob", PkgPath: "p"},
		{Kind: model.KindInt, Name: "Small", PkgPath: "p", Basic: "int8", Bits: 8},
		{Kind: model.KindUint, Name: "Count", PkgPath: "p", Basic: "uint", Bits: 64},
		{Kind: model.KindFloat, Name: "Amount", PkgPath: "p", Basic: "float32", Bits: 32},
		{Kind: model.KindBool, Name: "Flag", PkgPath: "p", Basic: "bool"},
		{Kind: model.KindNumber, Name: "Number", PkgPath: "encoding/json", Basic: "string"},
		{Kind: model.KindDuration, Name: "Duration", PkgPath: "time", Basic: "int64", Bits: 64},
		{Kind: model.KindBigInt, Name: "Int", PkgPath: "math/big"},
		{Kind: model.KindOpaque, Name: "Money", PkgPath: "p", Schema: `{"type":["string","null"],"pattern":"^[0-9]+$"}`},
		{Kind: model.KindOpaque, Name: "Either", PkgPath: "p", Schema: `{"oneOf":[{"type":"string"},{"type":"integer"}]}`},
	}
	u := &model.Type{Kind: model.KindUnion, Name: "U", PkgPath: "p", Union: &model.Union{}}
	for _, v := range variants {
		u.Union.Variants = append(u.Union.Variants, &model.Variant{Type: v})
	}
	tool := &model.Tool{Name: "t", Input: obj("In", model.Strict, fld("u", u, true))}
	lossless := schema.Input(tool)
	advertised := flatten.Flatten(lossless.Schema, flatten.Options{Declared: lossless.Discriminators}).(*model.Object)
	props, _ := advertised.Get("properties")
	uNode, _ := props.(*model.Object).Get("u")
	branches, _ := uNode.(*model.Object).Get("anyOf")
	list, _ := branches.([]any)
	if len(list) != len(variants) {
		t.Fatalf("%d anyOf branches for %d variants: %s", len(list), len(variants), model.MustMarshal(uNode))
	}
	for i, b := range list {
		want := describeBranch(b.(*model.Object))
		if got := decode.Shape(variants[i]); got != want {
			t.Errorf("variant %s: decoder says %q, the advertised branch %s says %q", variants[i].Name, got, model.MustMarshal(b), want)
		}
	}
}

// describeBranch says in words what an advertised anyOf branch accepts,
// in the wording of decode.Shape.
func describeBranch(o *model.Object) string {
	ty, _ := o.Get("type")
	switch ty := ty.(type) {
	case []any:
		var ws []string
		for _, x := range ty {
			ws = append(ws, typeWord(x.(string), o))
		}
		return strings.Join(ws, " or ")
	case string:
		switch ty {
		case "object":
			return objectBranch(o)
		case "array":
			return arrayBranch(o)
		}
		return typeWord(ty, o)
	}
	if o.Len() == 0 {
		return "any value"
	}
	return "a value its own schema accepts"
}

func typeWord(ty string, o *model.Object) string {
	switch ty {
	case "string":
		if f, _ := o.Get("format"); f == "date-time" {
			return "a date-time string"
		}
		if f, _ := o.Get("format"); f == "duration" {
			return "a duration string"
		}
		if e, _ := o.Get("contentEncoding"); e == "base64" {
			return "a base64 string"
		}
		return "a string"
	case "null":
		return "null"
	}
	return map[string]string{"integer": "an integer", "number": "a number", "boolean": "a boolean", "object": "an object", "array": "an array"}[ty]
}

func objectBranch(o *model.Object) string {
	props, hasProps := o.Get("properties")
	reqv, _ := o.Get("required")
	required := map[string]bool{}
	if l, ok := reqv.([]any); ok {
		for _, r := range l {
			required[r.(string)] = true
		}
	}
	var req, opt []string
	if p, ok := props.(*model.Object); ok && hasProps {
		for _, k := range p.Keys() {
			if required[k] {
				req = append(req, k)
			} else {
				opt = append(opt, k)
			}
		}
	}
	keys := func(ks []string) string {
		if len(ks) == 1 {
			return "key " + ks[0]
		}
		return "keys " + strings.Join(ks, ", ")
	}
	switch {
	case len(req) > 0 && len(opt) > 0:
		return "an object with " + keys(req) + " and optional " + strings.Join(opt, ", ")
	case len(req) > 0:
		return "an object with " + keys(req)
	case len(opt) > 0:
		return "an object with optional " + keys(opt)
	}
	if ap, ok := o.Get("additionalProperties"); ok && ap == false {
		return "an empty object"
	}
	return "an object"
}

func arrayBranch(o *model.Object) string {
	items, _ := o.Get("items")
	it, _ := items.(*model.Object)
	word, plural := "", ""
	if it != nil {
		if ty, ok := it.Get("type"); ok {
			if s, ok := ty.(string); ok {
				word = strings.TrimPrefix(strings.TrimPrefix(typeWord(s, it), "a "), "an ")
				plural = word + "s"
			}
		}
	}
	lo, hasMin := o.Get("minItems")
	hi, _ := o.Get("maxItems")
	if hasMin && fmt.Sprint(lo) == fmt.Sprint(hi) {
		n := fmt.Sprint(lo)
		if word == "" {
			word, plural = "item", "items"
		}
		if n == "1" {
			return "an array of 1 " + word
		}
		return "an array of " + n + " " + plural
	}
	if word == "" {
		return "an array"
	}
	return "an array of " + plural
}
