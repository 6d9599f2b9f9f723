package schema

import (
	"slices"

	"github.com/stitchgen/stitchgen/model"
)

// field returns the schema of one property: its type's schema with the
// field's constraints, nullability and annotations.
func (b *builder) field(f *model.Field, l loc) *node {
	t := freeForm
	if f.Type != nil {
		t = f.Type.Deref()
	}
	inner := l
	if f.Nullable && wraps(t) {
		inner = l.branch("anyOf", 0)
	}
	x := b.typeNode(t, inner)
	wrap := f.Nullable && (wraps(t) || x.ref != "")
	constrain(x, f.Check)
	if f.Items != nil && x.items != nil {
		constrain(x.items, *f.Items)
	}
	n := x
	switch {
	case wrap:
		n = &node{anyOf: []*node{x, {types: []string{"null"}}}}
	case f.Nullable:
		nullable(x)
	}
	annotate(n, f)
	return n
}

// constrain adds tag constraints to a node. Bounds combine with the node's
// own (an integer type's range) as the package doc describes; counts keep
// the tighter of the node's and the tag's.
func constrain(n *node, c model.Constraints) {
	n.minimum = tighterLower(n.minimum, c.Minimum, c.ExclusiveMinimum)
	n.maximum = tighterUpper(n.maximum, c.Maximum, c.ExclusiveMaximum)
	n.exclusiveMinimum, n.exclusiveMaximum = c.ExclusiveMinimum, c.ExclusiveMaximum
	if c.MultipleOf != "" {
		n.multipleOf = c.MultipleOf
	}
	n.minLength = maxCount(n.minLength, c.MinLength)
	n.maxLength = minCount(n.maxLength, c.MaxLength)
	n.minItems = maxCount(n.minItems, c.MinItems)
	n.maxItems = minCount(n.maxItems, c.MaxItems)
	n.minProps = maxCount(n.minProps, c.MinProperties)
	n.maxProps = minCount(n.maxProps, c.MaxProperties)
	if c.Pattern != "" {
		n.pattern = c.Pattern
	}
	if c.Format != "" {
		n.format = c.Format
	}
	if len(c.Enum) > 0 {
		n.enum = literals(c.Enum)
	}
	if c.Const != "" {
		n.hasConst, n.constVal = true, literal(c.Const)
	}
	n.uniqueItems = n.uniqueItems || c.UniqueItems
}

func maxCount(a, b *int) *int {
	if a == nil || (b != nil && *b > *a) {
		return b
	}
	return a
}

func minCount(a, b *int) *int {
	if a == nil || (b != nil && *b < *a) {
		return b
	}
	return a
}

// nullable lets a node with a single type accept null: the type becomes a
// type array ending in "null", null is appended to its enum, and a const
// becomes an enum of the value and null. A node without a type (free-form)
// already accepts null.
func nullable(n *node) {
	if len(n.types) != 1 {
		return
	}
	n.types = append(n.types, "null")
	if n.hasConst {
		n.enum, n.hasConst, n.constVal = []any{n.constVal}, false, nil
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(v any) bool { return v == nil }) {
		n.enum = append(n.enum, nil)
	}
}

// annotate sets the field's annotations on its outermost node. A field
// description replaces the description a named type brought along.
func annotate(n *node, f *model.Field) {
	if f.Description != "" {
		n.description = f.Description
	}
	n.title = f.Title
	if f.Default != "" {
		n.hasDefault, n.defaultVal = true, literal(f.Default)
	}
	if len(f.Examples) > 0 {
		n.examples = literals(f.Examples)
	}
	n.deprecated = f.Deprecated
	n.extras = f.Extras
}

// literal parses a JSON literal from a tag. The loader only stores valid
// literals; one that does not parse is kept as a string rather than lost.
func literal(s string) any {
	v, err := model.Parse([]byte(s))
	if err != nil {
		return s
	}
	return v
}

func literals(ss []string) []any {
	a := make([]any, len(ss))
	for i, s := range ss {
		a[i] = literal(s)
	}
	return a
}
