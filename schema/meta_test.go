package schema

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

func pos(line int) model.Pos { return model.Pos{File: "contract.go", Line: line, Col: 2} }

// TestPointersAndPositions pins Doc.Discriminators, Doc.Positions and
// Doc.DefPaths: union pointers (nested in items, a nullable wrapper and
// $defs), dotted paths transparent through items, map values and variants,
// the first declaration winning, and $defs properties under their first
// reference.
func TestPointersAndPositions(t *testing.T) {
	item := named("Item", fld("sku", tString, at(5)))
	kind := union("Kind", "kind", "",
		discVariant("A", []string{"a"}, 10, fld("shared", tString, at(11)), fld("a/b", tString, at(12))),
		discVariant("B", []string{"b"}, 20, fld("kind", tString, declares, at(21)), fld("shared", tInt, at(22))))
	node := recursiveNode("example.com/shop")
	node.Struct.Fields[0].Pos = pos(30)
	node.Struct.Fields[1].Pos = pos(31)
	node.Struct.Fields = append(node.Struct.Fields, fld("k", kind, optional, at(32)))
	root := named("R",
		fld("items", slice(item), at(1)),
		fld("byName", mapOf(item), at(2)),
		fld("parts", slice(kind), at(3)),
		fld("maybe", ptr(kind), orNull, at(4)),
		fld("tree", node, at(6)),
	)
	doc := Input(toolOf(root))
	wantDisc := map[string]string{
		"/properties/parts/items":   "kind",
		"/properties/maybe/anyOf/0": "kind",
		"/$defs/Node/properties/k":  "kind",
	}
	if !reflect.DeepEqual(doc.Discriminators, wantDisc) {
		t.Errorf("Discriminators = %v, want %v", doc.Discriminators, wantDisc)
	}
	wantPos := map[string]model.Pos{
		"items": pos(1), "items.sku": pos(5),
		"byName": pos(2), "byName.sku": pos(5),
		"parts": pos(3), "parts.kind": {File: "contract.go", Line: 10, Col: 6}, "parts.shared": pos(11), "parts.a/b": pos(12),
		"maybe": pos(4), "maybe.kind": {File: "contract.go", Line: 10, Col: 6}, "maybe.shared": pos(11), "maybe.a/b": pos(12),
		"tree": pos(6), "tree.name": pos(30), "tree.children": pos(31), "tree.k": pos(32),
		"tree.k.kind": {File: "contract.go", Line: 10, Col: 6}, "tree.k.shared": pos(11), "tree.k.a/b": pos(12),
	}
	if !reflect.DeepEqual(doc.Positions, wantPos) {
		t.Errorf("Positions =\n%v\nwant\n%v", doc.Positions, wantPos)
	}
	if want := map[string]string{"Node": "tree"}; !reflect.DeepEqual(doc.DefPaths, want) {
		t.Errorf("DefPaths = %v, want %v", doc.DefPaths, want)
	}
	// Every recorded pointer names a oneOf node of the document.
	for p := range doc.Discriminators {
		if v, ok := lookup(doc.Schema, p); !ok || !v.(*model.Object).Has("oneOf") {
			t.Errorf("pointer %s does not name a oneOf node", p)
		}
	}
	compile(t, doc.Schema)
}

// TestDeclaredDiscriminatorPosition: a variant that declares the
// discriminator gives its field's position when it comes first.
func TestDeclaredDiscriminatorPosition(t *testing.T) {
	kind := union("Kind", "kind", "",
		discVariant("B", []string{"b"}, 20, fld("kind", tString, declares, at(21))),
		discVariant("A", []string{"a"}, 10))
	doc := Input(toolOf(named("R", fld("k", kind, at(1)))))
	if got := doc.Positions["k.kind"]; got != pos(21) {
		t.Errorf("k.kind at %v, want %v", got, pos(21))
	}
}

// lookup resolves a JSON Pointer in a document.
func lookup(doc any, ptr string) (any, bool) {
	v := doc
	for _, tok := range splitPointer(ptr) {
		switch x := v.(type) {
		case *model.Object:
			var ok bool
			if v, ok = x.Get(tok); !ok {
				return nil, false
			}
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

func splitPointer(p string) []string {
	var toks []string
	for p != "" {
		p = p[1:]
		i := 0
		for i < len(p) && p[i] != '/' {
			i++
		}
		tok := p[:i]
		p = p[i:]
		tok = unescapeToken(tok)
		toks = append(toks, tok)
	}
	return toks
}

func unescapeToken(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && i+1 < len(s) {
			out = append(out, map[byte]byte{'0': '~', '1': '/'}[s[i+1]])
			i++
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}

// TestOutput: the output root keeps its type's doc; no output type → nil.
func TestOutput(t *testing.T) {
	out := named("Receipt", fld("id", tString))
	out.Doc = "Receipt confirms an order."
	tool := &model.Tool{Name: "t", Input: named("R"), Output: out}
	want := `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false,"description":"Receipt confirms an order."}`
	if got := string(model.MustMarshal(Output(tool).Schema)); got != want {
		t.Errorf("output\n got %s\nwant %s", got, want)
	}
	if d := Output(&model.Tool{Name: "t", Input: named("R")}); d != nil {
		t.Errorf("Output without output type = %v, want nil", d)
	}
}

// TestDeterministic builds the same tool twice from fresh models.
func TestDeterministic(t *testing.T) {
	mk := func() *model.Tool {
		a, b := recursiveNode("example.com/a"), recursiveNode("example.com/b")
		kind := union("Kind", "kind", "K.", discVariant("A", []string{"a"}, 1, fld("x", a)), discVariant("B", []string{"b"}, 2, fld("x", b)))
		return toolOf(named("R", fld("k", slice(kind)), fld("n", a)))
	}
	first := model.MustMarshal(Input(mk()).Schema)
	for i := 0; i < 20; i++ {
		if again := model.MustMarshal(Input(mk()).Schema); string(again) != string(first) {
			t.Fatalf("run %d differs:\n%s\n%s", i, again, first)
		}
	}
}

// TestBoundsAreExact checks the integer-bound rule against a real
// validator: for every integer in a window around the type range, the
// document accepts it exactly when the decoder must (inside the type range
// and satisfying every tag bound).
func TestBoundsAreExact(t *testing.T) {
	tags := []model.Constraints{
		{}, {Minimum: "0"}, {Minimum: "-1000"}, {Maximum: "1000"}, {Maximum: "7"},
		{ExclusiveMinimum: "-1000"}, {ExclusiveMinimum: "-128"}, {ExclusiveMinimum: "-129"}, {ExclusiveMinimum: "3"},
		{ExclusiveMaximum: "300"}, {ExclusiveMaximum: "255"}, {ExclusiveMaximum: "256"},
		{Minimum: "-5", ExclusiveMinimum: "-10"}, {Minimum: "-500", ExclusiveMinimum: "-129", Maximum: "4.5"},
	}
	for _, typ := range []*model.Type{tInt8, tUint8, tInt} {
		for _, c := range tags {
			s := compile(t, Input(toolOf(named("R", fld("x", typ, check(c))))).Schema)
			lo, hi := IntRange(typ)
			for x := -300; x <= 300; x++ {
				want := within(x, lo, hi, c)
				if got := validates(t, s, fmt.Sprintf(`{"x":%d}`, x)); got != want {
					t.Errorf("%s %+v: x=%d accepted=%v, want %v", typ.Basic, c, x, got, want)
				}
			}
		}
	}
}

// within is the decoder's rule: the Go type range, then each tag bound.
func within(x int, lo, hi string, c model.Constraints) bool {
	v := big.NewRat(int64(x), 1)
	cmp := func(s string) int { r, _ := new(big.Rat).SetString(s); return v.Cmp(r) }
	return (lo == "" || cmp(lo) >= 0) && (hi == "" || cmp(hi) <= 0) &&
		(c.Minimum == "" || cmp(c.Minimum) >= 0) && (c.Maximum == "" || cmp(c.Maximum) <= 0) &&
		(c.ExclusiveMinimum == "" || cmp(c.ExclusiveMinimum) > 0) && (c.ExclusiveMaximum == "" || cmp(c.ExclusiveMaximum) < 0)
}
