package flatten

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// A policy is what an object does with undeclared keys, as its
// additionalProperties keyword says (docs/flattening.md).
type policy uint8

const (
	strict policy = iota // additionalProperties: false
	strip                // keyword absent
	loose                // anything else: true, {}, a typed catchall
)

// A variant is one inline object branch of a union.
type variant struct {
	props    *model.Object
	required []string
	policy   policy
	values   []string // discriminator values, once the key is chosen
	desc     string   // the branch's own description
}

// A union is a "oneOf" node whose branches are all inline objects.
type union struct {
	node     *model.Object // the walked union node, for its own annotations
	variants []*variant
}

// nodeKeys are the keywords a union node may carry besides "oneOf" and
// still be flattened. Anything else (shared properties, constraints,
// references) would combine with the branches in ways one flat object
// cannot say, so such a union is left as it is. Extension keywords ("x-"
// keys, which assert nothing) are kept on the flat object too.
var nodeKeys = []string{"type", "$defs", "$comment", "description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"}

// union flattens node (its subschemas already walked) when it is a
// flattenable discriminated union (docs/flattening.md).
func (w walker) union(node *model.Object, ptr string) (*model.Object, bool) {
	u, ok := parseUnion(node)
	if !ok {
		return nil, false
	}
	key, ok := w.discriminator(u, ptr)
	if !ok {
		return nil, false
	}
	return u.flat(key), true
}

func parseUnion(node *model.Object) (*union, bool) {
	branches, ok := model.List(node.Value("oneOf"))
	if !ok || len(branches) < 2 {
		return nil, false
	}
	for _, m := range node.Members {
		if m.Key != "oneOf" && !isIn(m.Key, nodeKeys) && !strings.HasPrefix(m.Key, "x-") {
			return nil, false
		}
	}
	if t, ok := node.Get("type"); ok && t != "object" {
		return nil, false
	}
	u := &union{node: node}
	for _, b := range branches {
		v, ok := parseVariant(b)
		if !ok {
			return nil, false
		}
		u.variants = append(u.variants, v)
	}
	return u, true
}

// parseVariant accepts an inline object schema: no reference, type object
// (or no type), and a properties map.
func parseVariant(b any) (*variant, bool) {
	o, ok := b.(*model.Object)
	if !ok || o == nil || o.Has("$ref") {
		return nil, false
	}
	if t, ok := o.Get("type"); ok && t != "object" {
		return nil, false
	}
	props, ok := o.Value("properties").(*model.Object)
	if !ok || props == nil {
		return nil, false
	}
	v := &variant{props: props, policy: loose}
	v.desc, _ = o.Value("description").(string)
	v.required, _ = model.Strings(o.Value("required"))
	switch ap, ok := o.Get("additionalProperties"); {
	case !ok:
		v.policy = strip
	case ap == false:
		v.policy = strict
	}
	return v, true
}

// discriminator picks the union's key: the declared one when the pointer
// is listed, else the first qualifying key in lexicographic order. It also
// records each variant's values.
func (w walker) discriminator(u *union, ptr string) (string, bool) {
	if key, ok := w.declared[ptr]; ok {
		return key, u.qualify(key)
	}
	if key, ok := w.declared[ptr+"/oneOf"]; ok {
		return key, u.qualify(key)
	}
	keys := u.variants[0].props.Keys()
	slices.Sort(keys)
	for _, k := range keys {
		if u.qualify(k) {
			return k, true
		}
	}
	return "", false
}

// qualify reports whether key is a string discriminator of u: required in
// every variant, with string const/enum values that do not overlap.
func (u *union) qualify(key string) bool {
	var seen []string
	for _, v := range u.variants {
		s, ok := v.props.Get(key)
		if !ok || !slices.Contains(v.required, key) {
			return false
		}
		vals, ok := literals(s)
		if !ok {
			return false
		}
		for _, x := range vals {
			if slices.Contains(seen, x) {
				return false
			}
			seen = append(seen, x)
		}
		v.values = vals
	}
	return true
}

// literals returns the string values a discriminator schema allows:
// {"type":"string","const":"v"} or {"type":"string","enum":[...]}.
func literals(s any) ([]string, bool) {
	o, ok := s.(*model.Object)
	if !ok || o == nil {
		return nil, false
	}
	if t, ok := o.Get("type"); ok && t != "string" {
		return nil, false
	}
	c, hasConst := o.Get("const")
	e, hasEnum := o.Get("enum")
	switch {
	case hasConst && !hasEnum:
		str, ok := c.(string)
		return []string{str}, ok
	case hasEnum && !hasConst:
		vals, ok := model.Strings(e)
		return vals, ok && len(vals) > 0
	}
	return nil, false
}
