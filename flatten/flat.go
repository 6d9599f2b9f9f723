package flatten

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// flat builds the one object that stands for every variant (docs/flattening.md):
// type, properties (discriminator first, then every key in order of first
// appearance), required and the merged key policy, then the union node's
// own annotations, then its $defs (the key order of package schema).
func (u *union) flat(key string) *model.Object {
	out := model.NewObject("type", "object")
	props := model.NewObject(key, u.discriminatorSchema())
	required := []any{key}
	for _, k := range u.keys(key) {
		p := u.property(key, k)
		props.Set(k, p.schema)
		if p.requiredEverywhere {
			required = append(required, k)
		}
	}
	out.Set("properties", props)
	out.Set("required", required)
	if ap, ok := u.policy(); ok {
		out.Set("additionalProperties", ap)
	}
	for _, m := range u.node.Members {
		if m.Key != "oneOf" && m.Key != "type" && m.Key != "$defs" {
			out.Members = append(out.Members, m)
		}
	}
	if defs, ok := u.node.Get("$defs"); ok {
		out.Set("$defs", defs)
	}
	return out
}

// discriminatorSchema lists every value, in variant order (docs/flattening.md),
// and says what each means: its description is the variants' own
// descriptions (their doc comments), each labelled with the variant's
// values, "assign: Assign gives the ticket to an agent; close | drop:
// ...". A variant without a description adds no part; none: no
// description.
func (u *union) discriminatorSchema() *model.Object {
	var values []any
	var parts []string
	for _, v := range u.variants {
		for _, x := range v.values {
			values = append(values, x)
		}
		if v.desc != "" {
			parts = append(parts, joinLabels([]*variant{v})+": "+strings.TrimSuffix(v.desc, "."))
		}
	}
	out := model.NewObject("type", "string", "enum", values)
	if len(parts) > 0 {
		out.Set("description", strings.Join(parts, "; ")+".")
	}
	return out
}

// keys returns every non-discriminator key in order of first appearance.
func (u *union) keys(disc string) []string {
	var keys []string
	for _, v := range u.variants {
		for _, k := range v.props.Keys() {
			if k != disc && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// policy merges the variants' key policies (docs/flattening.md): all strict → false,
// all strip → no keyword, anything else → {} (a typed catchall is widened,
// never copied: it would reject a sibling's differently typed key).
func (u *union) policy() (any, bool) {
	all := func(p policy) bool {
		for _, v := range u.variants {
			if v.policy != p {
				return false
			}
		}
		return true
	}
	switch {
	case all(strict):
		return false, true
	case all(strip):
		return nil, false
	}
	return &model.Object{}, true
}

// joinLabels names several variants: "a | b", every value of each in order.
func joinLabels(vs []*variant) string {
	s := ""
	for _, v := range vs {
		for _, x := range v.values {
			if s != "" {
				s += " | "
			}
			s += x
		}
	}
	return s
}
