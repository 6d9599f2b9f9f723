package schema

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// wrapProp is the document of a root struct with the single required
// property "x" whose schema is prop.
func wrapProp(prop string) string {
	return `{"type":"object","properties":{"x":` + prop + `},"required":["x"],"additionalProperties":false}`
}

var (
	textUUID = &model.Type{Kind: model.KindText, Name: "UUID", PkgPath: "example.com/ids", Basic: ""}
	ipv4     = &model.Type{Kind: model.KindOpaque, Name: "IPv4", PkgPath: "example.com/net",
		Schema: `{"type":"string","format":"ipv4"}`}
	oddOrder = &model.Type{Kind: model.KindOpaque, Name: "Odd", PkgPath: "example.com/net",
		Schema: `{"pattern":"^a","type":"string","description":"own"}`}
	boolSchema = &model.Type{Kind: model.KindOpaque, Name: "Any", PkgPath: "example.com/net", Schema: `true`}
	address    = &model.Type{Kind: model.KindStruct, Name: "Address", PkgPath: "example.com/shop",
		Doc: "Address is a postal address.", Struct: &model.Struct{Fields: []*model.Field{fld("city", tString)}}}
)

const addressSchema = `"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false`

// TestFieldShapes pins the schema of one property per type and tag shape
// (docs/contracts.md Types and Schema shapes), byte for byte, keys in the fixed order.
func TestFieldShapes(t *testing.T) {
	n := model.IntPtr
	cases := []struct {
		name  string
		field *model.Field
		want  string
	}{
		{"bool", fld("x", tBool), `{"type":"boolean"}`},
		{"int", fld("x", tInt), `{"type":"integer"}`},
		{"int8", fld("x", tInt8), `{"type":"integer","minimum":-128,"maximum":127}`},
		{"int16", fld("x", tInt16), `{"type":"integer","minimum":-32768,"maximum":32767}`},
		{"int32", fld("x", tInt32), `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`},
		{"int64", fld("x", tInt64), `{"type":"integer"}`},
		{"uint", fld("x", tUint), `{"type":"integer","minimum":0}`},
		{"uint8", fld("x", tUint8), `{"type":"integer","minimum":0,"maximum":255}`},
		{"uint16", fld("x", tUint16), `{"type":"integer","minimum":0,"maximum":65535}`},
		{"uint32", fld("x", tUint32), `{"type":"integer","minimum":0,"maximum":4294967295}`},
		{"uint64", fld("x", tUint64), `{"type":"integer","minimum":0}`},
		{"uintptr", fld("x", tUintptr), `{"type":"integer","minimum":0}`},
		{"float32", fld("x", tFloat32), `{"type":"number"}`},
		{"float64", fld("x", tFloat64), `{"type":"number"}`},
		{"string", fld("x", tString), `{"type":"string"}`},
		{"slice", fld("x", slice(tString)), `{"type":"array","items":{"type":"string"}}`},
		{"array", fld("x", array(3, tInt)), `{"type":"array","items":{"type":"integer"},"minItems":3,"maxItems":3}`},
		{"map", fld("x", mapOf(tInt)), `{"type":"object","additionalProperties":{"type":"integer"}}`},
		{"time", fld("x", tTime), `{"type":"string","format":"date-time"}`},
		{"bytes", fld("x", tBytes), `{"type":"string","contentEncoding":"base64"}`},
		{"text", fld("x", textUUID), `{"type":"string"}`},
		{"text with format", fld("x", textUUID, check(model.Constraints{Format: "uuid"})), `{"type":"string","format":"uuid"}`},
		{"any", fld("x", tAny), `{}`},
		{"any annotated", fld("x", tAny, desc("Free-form body.")), `{"description":"Free-form body."}`},
		{"raw message", fld("x", tRaw), `{}`},
		{"nullable any", fld("x", tAny, orNull), `{}`},
		{"opaque", fld("x", ipv4, desc("Peer.")), `{"type":"string","format":"ipv4","description":"Peer."}`},
		{"opaque keeps its order", fld("x", oddOrder, desc("field")), `{"pattern":"^a","type":"string","description":"field"}`},
		{"opaque boolean schema", fld("x", boolSchema), `{}`},
		{"nullable opaque", fld("x", ptr(ipv4), orNull, desc("Peer.")),
			`{"anyOf":[{"type":"string","format":"ipv4"},{"type":"null"}],"description":"Peer."}`},
		{"pointer is transparent", fld("x", ptr(ptr(tString))), `{"type":"string"}`},
		{"nullable", fld("x", ptr(tString), orNull), `{"type":["string","null"]}`},
		{"nullable enum", fld("x", ptr(tString), orNull, check(model.Constraints{Enum: []string{`"a"`, `"b"`}})),
			`{"type":["string","null"],"enum":["a","b",null]}`},
		{"nullable enum listing null", fld("x", ptr(tString), orNull, check(model.Constraints{Enum: []string{`"a"`, `null`}})),
			`{"type":["string","null"],"enum":["a",null]}`},
		{"nullable const", fld("x", ptr(tString), orNull, check(model.Constraints{Const: `"on"`})),
			`{"type":["string","null"],"enum":["on",null]}`},
		{"nullable slice", fld("x", slice(tString), orNull), `{"type":["array","null"],"items":{"type":"string"}}`},
		{"nullable int8 keeps range", fld("x", ptr(tInt8), orNull, check(model.Constraints{Minimum: "0"})),
			`{"type":["integer","null"],"minimum":0,"maximum":127}`},
		{"const", fld("x", tString, check(model.Constraints{Const: `"v1"`})), `{"type":"string","const":"v1"}`},
		{"enum of integers", fld("x", tInt, check(model.Constraints{Enum: []string{"1", "2"}})), `{"type":"integer","enum":[1,2]}`},
		{"int8 tag minimum replaces its side", fld("x", tInt8, check(model.Constraints{Minimum: "0"})),
			`{"type":"integer","minimum":0,"maximum":127}`},
		{"int8 looser tag minimum keeps the type bound", fld("x", tInt8, check(model.Constraints{Minimum: "-1000", Maximum: "1000"})),
			`{"type":"integer","minimum":-128,"maximum":127}`},
		{"int8 exclusive bound at least as tight drops the type bound", fld("x", tInt8, check(model.Constraints{ExclusiveMinimum: "-128", ExclusiveMaximum: "5"})),
			`{"type":"integer","exclusiveMinimum":-128,"exclusiveMaximum":5}`},
		{"int8 looser exclusive bound keeps the type bound", fld("x", tInt8, check(model.Constraints{ExclusiveMinimum: "-1000", ExclusiveMaximum: "1000"})),
			`{"type":"integer","minimum":-128,"exclusiveMinimum":-1000,"maximum":127,"exclusiveMaximum":1000}`},
		{"uint8 exclusive maximum", fld("x", tUint8, check(model.Constraints{ExclusiveMaximum: "10"})),
			`{"type":"integer","minimum":0,"exclusiveMaximum":10}`},
		{"uint tag maximum adds a side", fld("x", tUint, check(model.Constraints{Maximum: "10"})),
			`{"type":"integer","minimum":0,"maximum":10}`},
		{"uint8 tag literal kept as written", fld("x", tUint8, check(model.Constraints{Minimum: "1e1", Maximum: "2.0E1"})),
			`{"type":"integer","minimum":1e1,"maximum":2.0E1}`},
		{"int64 tag bounds", fld("x", tInt64, check(model.Constraints{Minimum: "-9223372036854775808", MultipleOf: "5"})),
			`{"type":"integer","minimum":-9223372036854775808,"multipleOf":5}`},
		{"number keywords", fld("x", tFloat64, check(model.Constraints{Minimum: "0.5", ExclusiveMinimum: "0", Maximum: "10", ExclusiveMaximum: "10.5", MultipleOf: "0.25"})),
			`{"type":"number","minimum":0.5,"exclusiveMinimum":0,"maximum":10,"exclusiveMaximum":10.5,"multipleOf":0.25}`},
		{"string keywords", fld("x", tString, check(model.Constraints{Pattern: "^[a-z]+$", MinLength: n(1), MaxLength: n(9), Format: "email"})),
			`{"type":"string","format":"email","pattern":"^[a-z]+$","minLength":1,"maxLength":9}`},
		{"slice with item keywords", fld("x", slice(tString),
			check(model.Constraints{MinItems: n(1), MaxItems: n(5), UniqueItems: true}),
			items(model.Constraints{Enum: []string{`"a"`, `"b"`}, MaxLength: n(3)})),
			`{"type":"array","items":{"type":"string","enum":["a","b"],"maxLength":3},"minItems":1,"maxItems":5,"uniqueItems":true}`},
		{"slice of int8 pointers with item bound", fld("x", slice(ptr(tInt8)), items(model.Constraints{Minimum: "0"})),
			`{"type":"array","items":{"type":"integer","minimum":0,"maximum":127}}`},
		{"array keeps the tighter count", fld("x", array(3, tInt), check(model.Constraints{MinItems: n(1), MaxItems: n(9)})),
			`{"type":"array","items":{"type":"integer"},"minItems":3,"maxItems":3}`},
		{"map counts", fld("x", mapOf(tBool), check(model.Constraints{MinProperties: n(1), MaxProperties: n(4)})),
			`{"type":"object","additionalProperties":{"type":"boolean"},"minProperties":1,"maxProperties":4}`},
		{"annotations", fld("x", tInt, func(f *model.Field) {
			f.Title, f.Description, f.Default, f.Examples, f.Deprecated = "Count", "How many.", "3", []string{"1", "2"}, true
		}), `{"type":"integer","title":"Count","description":"How many.","default":3,"examples":[1,2],"deprecated":true}`},
		{"named struct inline with its doc", fld("x", address), `{` + addressSchema + `,"description":"Address is a postal address."}`},
		{"field description replaces type doc", fld("x", ptr(address), desc("Where to ship.")),
			`{` + addressSchema + `,"description":"Where to ship."}`},
		{"nullable struct", fld("x", ptr(address), orNull),
			`{"type":["object","null"],"properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false,"description":"Address is a postal address."}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := Input(toolOf(named("R", c.field)))
			got := string(model.MustMarshal(doc.Schema))
			if want := wrapProp(c.want); got != want {
				t.Errorf("schema\n got %s\nwant %s", got, want)
			}
			compile(t, doc.Schema)
		})
	}
}
