package flatten

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// join merges the declarations of one key across variants into a schema
// that accepts every one of them (docs/flattening.md): identical → that schema;
// string literals → one enum; otherwise the shared JSON kind(s), or {} when
// some declaration's kind cannot be known. It never produces oneOf/anyOf,
// and apart from enum value order the result does not depend on the order
// of schemas.
func join(schemas []any) any {
	if identical(schemas) {
		return model.Clone(schemas[0])
	}
	if e, ok := literalJoin(schemas); ok {
		return e
	}
	var ks kindSet
	for _, s := range schemas {
		k, ok := kinds(s)
		if !ok {
			return &model.Object{}
		}
		ks |= k
	}
	return ks.schema()
}

func identical(schemas []any) bool {
	for _, s := range schemas[1:] {
		if !model.Equal(schemas[0], s) {
			return false
		}
	}
	return true
}

// literalJoin merges schemas that are all string literals or enums
// (nullable ones included) into one enum of every value, in order of first
// appearance, null last.
func literalJoin(schemas []any) (*model.Object, bool) {
	var values []any
	null := false
	for _, s := range schemas {
		vals, ok := literalValues(s)
		if !ok {
			return nil, false
		}
		for _, v := range vals {
			switch {
			case v == nil:
				null = true
			case !containsValue(values, v):
				values = append(values, v)
			}
		}
	}
	if len(values) == 0 {
		return nil, false
	}
	var typ any = "string"
	if null {
		values = append(values, nil)
		typ = []any{"string", "null"}
	}
	return model.NewObject("type", typ, "enum", values), true
}

// literalValues returns the values of a schema made only of type, const or
// enum whose values are strings or null.
func literalValues(s any) ([]any, bool) {
	o, ok := s.(*model.Object)
	if !ok || o == nil {
		return nil, false
	}
	var vals []any
	for _, m := range o.Members {
		switch m.Key {
		case "type":
			if k, ok := typeKinds(m.Value); !ok || k&^(kString|kNull) != 0 {
				return nil, false
			}
		case "const":
			vals = append(vals, m.Value)
		case "enum":
			a, ok := model.List(m.Value)
			if !ok {
				return nil, false
			}
			vals = append(vals, a...)
		default:
			return nil, false
		}
	}
	for _, v := range vals {
		if _, ok := v.(string); !ok && v != nil {
			return nil, false
		}
	}
	return vals, len(vals) > 0 && (o.Has("const") != o.Has("enum"))
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if model.Equal(x, v) {
			return true
		}
	}
	return false
}

// A kindSet is a set of JSON kinds, in the fixed order of type arrays.
type kindSet uint8

var kindNames = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

const (
	kString kindSet = 1 << iota
	kNumber
	kInteger
	kBoolean
	kObject
	kArray
	kNull
)

// kinds returns the JSON kinds a schema admits, from its type, const, enum
// or anyOf/oneOf branches; false when that cannot be known ({}, $ref, ...).
func kinds(s any) (kindSet, bool) {
	o, ok := s.(*model.Object)
	if !ok || o == nil {
		return 0, false
	}
	if t, ok := o.Get("type"); ok {
		return typeKinds(t)
	}
	if c, ok := o.Get("const"); ok {
		return kindOf(c), true
	}
	if e, ok := model.List(o.Value("enum")); ok && len(e) > 0 {
		var ks kindSet
		for _, v := range e {
			ks |= kindOf(v)
		}
		return ks, true
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := model.List(o.Value(k)); ok && len(bs) > 0 {
			return branchKinds(bs)
		}
	}
	return 0, false
}

func branchKinds(bs []any) (kindSet, bool) {
	var ks kindSet
	for _, b := range bs {
		k, ok := kinds(b)
		if !ok {
			return 0, false
		}
		ks |= k
	}
	return ks, true
}

func typeKinds(t any) (kindSet, bool) {
	names, ok := model.Strings(t)
	if s, isStr := t.(string); isStr {
		names, ok = []string{s}, true
	}
	if !ok || len(names) == 0 {
		return 0, false
	}
	var ks kindSet
	for _, n := range names {
		i := indexOf(kindNames, n)
		if i < 0 {
			return 0, false
		}
		ks |= 1 << i
	}
	return ks, true
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// kindOf returns the kind of a JSON value; an integral number literal is an
// integer.
func kindOf(v any) kindSet {
	switch v := v.(type) {
	case nil:
		return kNull
	case bool:
		return kBoolean
	case string:
		return kString
	case model.Number:
		if strings.ContainsAny(string(v), ".eE") {
			return kNumber
		}
		return kInteger
	case []any:
		return kArray
	}
	return kObject
}

// schema renders the set: integer folds into number; a lone object or
// array kind is spelled out loose; several kinds become a type array.
func (ks kindSet) schema() *model.Object {
	if ks&kNumber != 0 {
		ks &^= kInteger
	}
	var names []any
	for i, n := range kindNames {
		if ks&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	switch {
	case len(names) != 1:
		return model.NewObject("type", names)
	case ks == kObject:
		return model.NewObject("type", "object", "additionalProperties", &model.Object{})
	case ks == kArray:
		return model.NewObject("type", "array", "items", &model.Object{})
	}
	return model.NewObject("type", names[0])
}
