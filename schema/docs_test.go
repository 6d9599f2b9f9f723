package schema

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

func withPolicy(t *model.Type, p model.Policy) *model.Type { t.Struct.Policy = p; return t }

// node returns the recursive type Node{name string; children []Node,omitempty}.
func recursiveNode(pkg string) *model.Type {
	n := named("Node", fld("name", tString, check(model.Constraints{MinLength: model.IntPtr(1)})))
	n.PkgPath, n.Recursive = pkg, true
	n.Struct.Fields = append(n.Struct.Fields, fld("children", slice(n), optional))
	return n
}

func discVariant(name string, values []string, line int, fields ...*model.Field) *model.Variant {
	t := named(name, fields...)
	t.Struct.Discriminator, t.Struct.Values = "kind", values
	return &model.Variant{Values: values, Type: t, Pos: model.Pos{File: "contract.go", Line: line, Col: 6}}
}

func union(name, key, doc string, vs ...*model.Variant) *model.Type {
	return &model.Type{Kind: model.KindUnion, Name: name, PkgPath: "example.com/shop", Doc: doc,
		Union: &model.Union{Discriminator: key, Variants: vs}}
}

func declares(f *model.Field) { f.Discriminator = true }

// TestDocumentShapes pins whole documents: policies, the root, recursion,
// unions and $defs naming.
func TestDocumentShapes(t *testing.T) {
	node := recursiveNode("example.com/shop")
	otherNode := recursiveNode("example.com/other")
	category := named("Category", fld("title", tString))
	category.Recursive, category.Doc = true, "Category is a category with sub-categories."
	category.Struct.Fields = append(category.Struct.Fields, fld("sub", slice(category)))
	kind := union("Kind", "kind", "Kind picks a shape.",
		discVariant("A", []string{"a"}, 10, fld("a", tString)),
		discVariant("B", []string{"b", "bee"}, 20, fld("kind", tString, declares, desc("Which one.")), fld("b", tInt8, optional)))
	status := &model.Type{Kind: model.KindString, Name: "Status", PkgPath: "example.com/shop", Basic: "string"}
	loose := named("Loose", fld("id", tString))
	loose.Struct.Policy, loose.Struct.Catchall = model.Loose, fld("Extra", mapOf(tInt))
	expr := union("Expr", "op", "", nil)
	lit := named("Lit", fld("value", tFloat64))
	add := named("Add", fld("left", expr), fld("right", expr))
	expr.Recursive, add.Recursive = true, true
	expr.Union.Variants = []*model.Variant{{Values: []string{"lit"}, Type: lit}, {Values: []string{"add"}, Type: add}}

	cases := []struct {
		name string
		root *model.Type
		want string
	}{
		{"empty struct", named("E"), `{"type":"object","properties":{},"additionalProperties":false}`},
		{"root has no description", func() *model.Type { r := named("R", fld("a", tString)); r.Doc = "R does things."; return r }(),
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`},
		{"optional only: required omitted", named("R", fld("a", tString, optional)),
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`},
		{"strip omits additionalProperties", withPolicy(named("R", fld("a", tString)), model.Strip),
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`},
		{"loose advertises its catchall element", loose,
			`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":{"type":"integer"}}`},
		{"recursive field type", named("CreateTree", fld("root", node), fld("template", ptr(node), orNull)),
			`{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"},"template":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}},` +
				`"required":["root","template"],"additionalProperties":false,"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","minLength":1},` +
				`"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"],"additionalProperties":false}}}`},
		{"recursive root is inline and in $defs", category,
			`{"type":"object","properties":{"title":{"type":"string"},"sub":{"type":"array","items":{"$ref":"#/$defs/Category"}}},"required":["title","sub"],` +
				`"additionalProperties":false,"$defs":{"Category":{"type":"object","properties":{"title":{"type":"string"},"sub":{"type":"array","items":{"$ref":"#/$defs/Category"}}},` +
				`"required":["title","sub"],"additionalProperties":false,"description":"Category is a category with sub-categories."}}}`},
		{"name clash is package-qualified", named("R", fld("a", node), fld("b", otherNode, desc("Other."))),
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/shop.Node"},"b":{"$ref":"#/$defs/other.Node","description":"Other."}},"required":["a","b"],"additionalProperties":false,"$defs":{` +
				`"shop.Node":{"type":"object","properties":{"name":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/$defs/shop.Node"}}},"required":["name"],"additionalProperties":false},` +
				`"other.Node":{"type":"object","properties":{"name":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/$defs/other.Node"}}},"required":["name"],"additionalProperties":false}}}`},
		{"discriminated union", named("R", fld("k", kind)),
			`{"type":"object","properties":{"k":{"oneOf":[` +
				`{"type":"object","properties":{"kind":{"type":"string","const":"a"},"a":{"type":"string"}},"required":["kind","a"],"additionalProperties":false},` +
				`{"type":"object","properties":{"kind":{"type":"string","enum":["b","bee"],"description":"Which one."},"b":{"type":"integer","minimum":-128,"maximum":127}},"required":["kind"],"additionalProperties":false}` +
				`],"description":"Kind picks a shape."}},"required":["k"],"additionalProperties":false}`},
		{"nullable union and union items", named("R", fld("k", kind, orNull, desc("Maybe.")), fld("ks", slice(kind), optional)),
			`{"type":"object","properties":{"k":{"anyOf":[{"oneOf":[` +
				`{"type":"object","properties":{"kind":{"type":"string","const":"a"},"a":{"type":"string"}},"required":["kind","a"],"additionalProperties":false},` +
				`{"type":"object","properties":{"kind":{"type":"string","enum":["b","bee"],"description":"Which one."},"b":{"type":"integer","minimum":-128,"maximum":127}},"required":["kind"],"additionalProperties":false}` +
				`],"description":"Kind picks a shape."},{"type":"null"}],"description":"Maybe."},` +
				`"ks":{"type":"array","items":{"oneOf":[` +
				`{"type":"object","properties":{"kind":{"type":"string","const":"a"},"a":{"type":"string"}},"required":["kind","a"],"additionalProperties":false},` +
				`{"type":"object","properties":{"kind":{"type":"string","enum":["b","bee"],"description":"Which one."},"b":{"type":"integer","minimum":-128,"maximum":127}},"required":["kind"],"additionalProperties":false}` +
				`],"description":"Kind picks a shape."}}},"required":["k"],"additionalProperties":false}`},
		{"untagged union", named("R", fld("v", union("Value", "", "Value is a status or an address.",
			&model.Variant{Type: status}, &model.Variant{Type: address}))),
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{` + addressSchema + `,"description":"Address is a postal address."}],` +
				`"description":"Value is a status or an address."}},"required":["v"],"additionalProperties":false}`},
		{"recursive union", named("R", fld("e", expr)),
			`{"type":"object","properties":{"e":{"$ref":"#/$defs/Expr"}},"required":["e"],"additionalProperties":false,"$defs":{"Expr":{"oneOf":[` +
				`{"type":"object","properties":{"op":{"type":"string","const":"lit"},"value":{"type":"number"}},"required":["op","value"],"additionalProperties":false},` +
				`{"type":"object","properties":{"op":{"type":"string","const":"add"},"left":{"$ref":"#/$defs/Expr"},"right":{"$ref":"#/$defs/Expr"}},"required":["op","left","right"],"additionalProperties":false}` +
				`]}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := Input(toolOf(c.root))
			if got := string(model.MustMarshal(doc.Schema)); got != c.want {
				t.Errorf("schema\n got %s\nwant %s", got, c.want)
			}
			compile(t, doc.Schema)
		})
	}
}
