package schema

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stitchgen/stitchgen/model"
)

// Model literals for tests. Named types are shared pointers, as the loader
// makes them.

func basic(k model.Kind, name string, bits int) *model.Type {
	return &model.Type{Kind: k, Basic: name, Bits: bits}
}

var (
	tString  = basic(model.KindString, "string", 0)
	tBool    = basic(model.KindBool, "bool", 0)
	tInt     = basic(model.KindInt, "int", 64)
	tInt8    = basic(model.KindInt, "int8", 8)
	tInt16   = basic(model.KindInt, "int16", 16)
	tInt32   = basic(model.KindInt, "int32", 32)
	tInt64   = basic(model.KindInt, "int64", 64)
	tUint    = basic(model.KindUint, "uint", 64)
	tUint8   = basic(model.KindUint, "uint8", 8)
	tUint16  = basic(model.KindUint, "uint16", 16)
	tUint32  = basic(model.KindUint, "uint32", 32)
	tUint64  = basic(model.KindUint, "uint64", 64)
	tUintptr = basic(model.KindUint, "uintptr", 64)
	tFloat32 = basic(model.KindFloat, "float32", 32)
	tFloat64 = basic(model.KindFloat, "float64", 64)
	tBytes   = &model.Type{Kind: model.KindBytes}
	tTime    = &model.Type{Kind: model.KindTime, Name: "Time", PkgPath: "time"}
	tAny     = &model.Type{Kind: model.KindAny}
	tRaw     = &model.Type{Kind: model.KindAny, Name: "RawMessage", PkgPath: "encoding/json", RawMessage: true}
)

func ptr(t *model.Type) *model.Type   { return &model.Type{Kind: model.KindPointer, Elem: t} }
func slice(t *model.Type) *model.Type { return &model.Type{Kind: model.KindSlice, Elem: t} }
func mapOf(t *model.Type) *model.Type { return &model.Type{Kind: model.KindMap, Elem: t} }
func array(n int, t *model.Type) *model.Type {
	return &model.Type{Kind: model.KindArray, Len: n, Elem: t}
}

// named returns a named struct type of package "example.com/shop".
func named(name string, fields ...*model.Field) *model.Type {
	return &model.Type{Kind: model.KindStruct, Name: name, PkgPath: "example.com/shop",
		Struct: &model.Struct{Fields: fields}}
}

// fld returns a required field; opts adjust it.
func fld(json string, t *model.Type, opts ...func(*model.Field)) *model.Field {
	goName := strings.ToUpper(json[:1]) + json[1:]
	f := &model.Field{GoName: goName, Path: []model.Step{{Name: goName}}, JSONName: json, Required: true, Type: t,
		Pos: model.Pos{File: "contract.go", Line: 1, Col: 2}}
	for _, o := range opts {
		o(f)
	}
	return f
}

func optional(f *model.Field) { f.Required, f.OmitEmpty = false, true }
func orNull(f *model.Field)   { f.Nullable = true }
func at(line int) func(*model.Field) {
	return func(f *model.Field) { f.Pos = model.Pos{File: "contract.go", Line: line, Col: 2} }
}
func check(c model.Constraints) func(*model.Field) { return func(f *model.Field) { f.Check = c } }
func items(c model.Constraints) func(*model.Field) { return func(f *model.Field) { f.Items = &c } }
func desc(s string) func(*model.Field)             { return func(f *model.Field) { f.Description = s } }

func toolOf(in *model.Type) *model.Tool { return &model.Tool{Name: "t", Input: in} }

// compile compiles a document under JSON Schema 2020-12 and returns the
// compiled schema; it fails the test when the document does not compile.
func compile(t *testing.T, doc *model.Object) *jsonschema.Schema {
	t.Helper()
	b := model.MustMarshal(doc)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("unmarshal %s: %v", b, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem:///schema.json", v); err != nil {
		t.Fatalf("add resource: %v", err)
	}
	s, err := c.Compile("mem:///schema.json")
	if err != nil {
		t.Fatalf("document does not compile: %v\n%s", err, b)
	}
	return s
}

// validates reports whether the JSON text validates against s.
func validates(t *testing.T, s *jsonschema.Schema, text string) bool {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatalf("bad test JSON %s: %v", text, err)
	}
	return s.Validate(v) == nil
}
