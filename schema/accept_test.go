package schema

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// TestAcceptance checks, under a real 2020-12 validator, that documents
// accept and reject what docs/decoding.md says the decoder does for the shapes whose
// JSON Schema spelling is easy to get wrong: nullability, const, unions,
// key policies and recursion.
func TestAcceptance(t *testing.T) {
	kind := union("Kind", "kind", "",
		discVariant("A", []string{"a"}, 1, fld("a", tString)),
		discVariant("B", []string{"b", "bee"}, 2, fld("kind", tString, declares), fld("b", tInt8, optional)))
	status := &model.Type{Kind: model.KindString, Name: "Status", PkgPath: "example.com/shop", Basic: "string"}
	value := union("Value", "", "", &model.Variant{Type: status}, &model.Variant{Type: address})
	root := named("R",
		fld("c", ptr(tString), optional, orNull, check(model.Constraints{Const: `"on"`})),
		fld("k", kind, optional),
		fld("nk", ptr(kind), optional, orNull),
		fld("v", value, optional),
		fld("nv", ptr(value), optional, orNull),
		fld("ip", ptr(ipv4), optional, orNull),
		fld("tree", recursiveNode("example.com/shop"), optional),
		fld("any", tAny, optional))
	s := compile(t, Input(toolOf(root)).Schema)
	cases := []struct {
		json string
		ok   bool
	}{
		{`{}`, true},
		{`{"extra":1}`, false},
		{`{"c":"on"}`, true}, {`{"c":null}`, true}, {`{"c":"off"}`, false},
		{`{"k":{"kind":"a","a":"x"}}`, true},
		{`{"k":{"kind":"bee"}}`, true},
		{`{"k":{"kind":"b","b":200}}`, false},
		{`{"k":{"kind":"a"}}`, false},
		{`{"k":{"kind":"c"}}`, false},
		{`{"k":{"a":"x"}}`, false},
		{`{"k":{"kind":"a","a":"x","b":1}}`, false},
		{`{"k":null}`, false}, {`{"nk":null}`, true}, {`{"nk":{"kind":"b"}}`, true},
		{`{"v":"open"}`, true}, {`{"v":{"city":"Oslo"}}`, true}, {`{"v":1}`, false}, {`{"v":null}`, false},
		{`{"nv":null}`, true},
		{`{"ip":"10.0.0.1"}`, true}, {`{"ip":null}`, true}, {`{"ip":"x"}`, false},
		{`{"tree":{"name":"a","children":[{"name":"b"}]}}`, true},
		{`{"tree":{"name":"a","children":[{"name":""}]}}`, false},
		{`{"any":null}`, true}, {`{"any":[1,{"x":2}]}`, true},
	}
	for _, c := range cases {
		if got := validates(t, s, c.json); got != c.ok {
			t.Errorf("%s: valid=%v, want %v", c.json, got, c.ok)
		}
	}
}

// TestVariantOutsideUnion: a variant struct used as a plain field type is
// a plain object; only inside its union does it carry the discriminator.
func TestVariantOutsideUnion(t *testing.T) {
	v := discVariant("B", []string{"b"}, 2, fld("kind", tString, declares), fld("b", tInt))
	got := string(model.MustMarshal(Input(toolOf(named("R", fld("x", v.Type)))).Schema))
	want := wrapProp(`{"type":"object","properties":{"kind":{"type":"string"},"b":{"type":"integer"}},"required":["kind","b"],"additionalProperties":false}`)
	if got != want {
		t.Errorf("schema\n got %s\nwant %s", got, want)
	}
}

// TestUnflaggedCycle: a cycle the model failed to flag (no Type.Recursive)
// still gives a finite, compiling document: the type met again while being
// inlined moves to $defs.
func TestUnflaggedCycle(t *testing.T) {
	next := union("Next", "kind", "", nil)
	v := discVariant("V", []string{"v"}, 1, fld("next", next, optional), fld("prev", ptr(next), orNull, optional))
	next.Union.Variants = []*model.Variant{v}
	doc := Input(toolOf(named("R", fld("n", next))))
	want := `{"type":"object","properties":{"n":{"oneOf":[{"type":"object","properties":{"kind":{"type":"string","const":"v"},` +
		`"next":{"$ref":"#/$defs/Next"},"prev":{"anyOf":[{"$ref":"#/$defs/Next"},{"type":"null"}]}},"required":["kind"],"additionalProperties":false}]}},` +
		`"required":["n"],"additionalProperties":false,"$defs":{"Next":{"oneOf":[{"type":"object","properties":{"kind":{"type":"string","const":"v"},` +
		`"next":{"$ref":"#/$defs/Next"},"prev":{"anyOf":[{"$ref":"#/$defs/Next"},{"type":"null"}]}},"required":["kind"],"additionalProperties":false}]}}}`
	if got := string(model.MustMarshal(doc.Schema)); got != want {
		t.Errorf("schema\n got %s\nwant %s", got, want)
	}
	compile(t, doc.Schema)
}
