package schema

import (
	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// typeNode returns the schema of a value of type t at l: a reference for a
// recursive named type, else the inline schema. Pointers are transparent.
func (b *builder) typeNode(t *model.Type, l loc) *node {
	if t == nil {
		return &node{}
	}
	t = t.Deref()
	if t.IsNamed() && (t.Recursive || b.inlining[t]) {
		b.enqueue(t, l.path)
		return &node{ref: "#/$defs/" + facts.PointerToken(b.defName(t))}
	}
	return b.inline(t, l)
}

// inline returns the inline schema of t (never a reference at this level).
func (b *builder) inline(t *model.Type, l loc) *node {
	t = t.Deref()
	if t.IsNamed() {
		b.inlining[t] = true
		defer delete(b.inlining, t)
	}
	switch t.Kind {
	case model.KindStruct:
		return b.structNode(t, l, nil)
	case model.KindUnion:
		return b.unionNode(t, l)
	case model.KindSlice:
		return &node{types: []string{"array"}, items: b.typeNode(t.Elem, l.at("/items"))}
	case model.KindArray:
		n := t.Len
		return &node{types: []string{"array"}, items: b.typeNode(t.Elem, l.at("/items")), minItems: &n, maxItems: &n}
	case model.KindMap:
		return &node{types: []string{"object"}, additional: b.typeNode(t.Elem, l.at("/additionalProperties"))}
	case model.KindOpaque:
		return &node{literal: opaque(t.Schema)}
	}
	return scalar(t)
}

// scalar returns the schema of a non-composite kind.
func scalar(t *model.Type) *node {
	switch t.Kind {
	case model.KindBool:
		return &node{types: []string{"boolean"}}
	case model.KindInt, model.KindUint:
		lo, hi := IntRange(t)
		return &node{types: []string{"integer"}, minimum: lo, maximum: hi}
	case model.KindFloat, model.KindNumber:
		return &node{types: []string{"number"}}
	case model.KindBigInt:
		return &node{types: []string{"integer"}}
	case model.KindString, model.KindText:
		return &node{types: []string{"string"}}
	case model.KindBytes:
		return &node{types: []string{"string"}, contentEncoding: "base64"}
	case model.KindTime:
		return &node{types: []string{"string"}, format: "date-time"}
	case model.KindDuration:
		return &node{types: []string{"string"}, format: "duration"}
	}
	return &node{} // KindAny: free-form
}

// opaque parses the literal schema of a //stitch:schema type. The boolean
// schemas become their object forms so annotations can be added; a literal
// that does not parse (the loader rejects those) becomes {}.
func opaque(src string) *model.Object {
	v, err := model.Parse([]byte(src))
	if err != nil {
		return &model.Object{}
	}
	switch v := v.(type) {
	case *model.Object:
		return v
	case bool:
		if !v {
			return model.NewObject("not", &model.Object{})
		}
	}
	return &model.Object{}
}

// wraps reports whether a nullable value of type t is written as
// {"anyOf":[X,{"type":"null"}]} rather than with a type array.
func wraps(t *model.Type) bool {
	t = t.Deref()
	return (t.Recursive && t.IsNamed()) || t.Kind == model.KindUnion || t.Kind == model.KindOpaque
}
