package schema

import "github.com/stitchgen/stitchgen/model"

// A variantOf says that a struct is being written as a variant of a
// discriminated union: its first property is the discriminator.
type variantOf struct {
	key     string
	variant *model.Variant
}

// structNode returns the inline object schema of a struct type.
func (b *builder) structNode(t *model.Type, l loc, v *variantOf) *node {
	n := &node{types: []string{"object"}, isObject: true, description: t.Doc}
	s := t.Struct
	if s == nil {
		s = &model.Struct{}
	}
	if v != nil {
		n.props = append(n.props, prop{v.key, b.discriminator(s, v, l)})
		n.required = append(n.required, v.key)
	}
	for _, f := range s.Fields {
		if v != nil && (f.Discriminator || f.JSONName == v.key) {
			continue
		}
		fl := l.prop(f.JSONName)
		b.position(fl.path, f.Pos)
		n.props = append(n.props, prop{f.JSONName, b.field(f, fl)})
		if f.Required {
			n.required = append(n.required, f.JSONName)
		}
	}
	switch s.Policy {
	case model.Strict:
		n.noAdditional = true
	case model.Loose:
		if s.Catchall != nil {
			n.additional = b.typeNode(catchallElem(s.Catchall.Type), l.at("/additionalProperties"))
		}
	}
	return n
}

// catchallElem returns the element type of a catchall map field.
func catchallElem(t *model.Type) *model.Type {
	if t = t.Deref(); t.Kind == model.KindMap {
		return t.Elem
	}
	return freeForm
}

// freeForm stands in for a missing type (the loader never leaves one out).
var freeForm = &model.Type{Kind: model.KindAny}

// discriminator returns the schema of a variant's discriminator property:
// a string const for one value, a string enum for several, with the title
// and description of the field that declares it, if one does.
func (b *builder) discriminator(s *model.Struct, v *variantOf, l loc) *node {
	values := v.variant.Values
	if len(values) == 0 {
		values = s.Values
	}
	n := &node{types: []string{"string"}}
	if len(values) == 1 {
		n.hasConst, n.constVal = true, values[0]
	} else {
		n.enum = make([]any, len(values))
		for i, x := range values {
			n.enum[i] = x
		}
	}
	pos := v.variant.Pos
	for _, f := range s.Fields {
		if f.Discriminator || f.JSONName == v.key {
			n.title, n.description, n.deprecated = f.Title, f.Description, f.Deprecated
			n.extras = f.Extras
			pos = f.Pos
			break
		}
	}
	b.position(l.prop(v.key).path, pos)
	return n
}

// unionNode returns a union's schema: oneOf for a discriminated union (and
// records its pointer), anyOf for an untagged one; variants inline, in
// source order. The union's doc comment is its description.
func (b *builder) unionNode(t *model.Type, l loc) *node {
	n := &node{description: t.Doc}
	u := t.Union
	if u == nil {
		return n
	}
	if u.Discriminator != "" {
		b.doc.Discriminators[l.ptr] = u.Discriminator
		n.oneOf = []*node{}
	} else {
		n.anyOf = []*node{}
	}
	for _, v := range u.Variants {
		i := len(n.oneOf) + len(n.anyOf) // index of the branch being added
		if v == nil || v.Type == nil {
			continue
		}
		vt := v.Type.Deref()
		switch {
		case u.Discriminator != "":
			n.oneOf = append(n.oneOf, b.structNode(vt, l.branch("oneOf", i), &variantOf{u.Discriminator, v}))
		case vt.Kind == model.KindStruct:
			n.anyOf = append(n.anyOf, b.structNode(vt, l.branch("anyOf", i), nil))
		default:
			n.anyOf = append(n.anyOf, b.inline(vt, l.branch("anyOf", i)))
		}
	}
	return n
}
