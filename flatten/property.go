package flatten

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// A decl is one variant's declaration of a key of the flat object.
type decl struct {
	v          *variant
	schema     any    // annotations removed (see newDecl)
	desc       string // its top-level description; "" when none
	deprecated bool
	required   bool
	extras     []model.Member // its top-level x- keywords, in order
}

// dropped are the annotations removed at every depth inside a flattened
// union (docs/flattening.md): a surviving default would inject a sibling variant's
// field into every call; titles and examples name one variant only.
var dropped = []string{"default", "title", "examples"}

// newDecl drops titles, defaults and examples at every depth and takes the
// top-level description and deprecated flag aside, so that declarations
// compare without annotations (docs/flattening.md).
func newDecl(v *variant, s any, required bool) decl {
	d := decl{v: v, schema: dropAnnotations(s), required: required}
	if o, ok := d.schema.(*model.Object); ok {
		d.desc, _ = o.Value("description").(string)
		d.deprecated = o.Value("deprecated") == true
		o.Delete("description")
		o.Delete("deprecated")
		for _, m := range o.Members {
			if strings.HasPrefix(m.Key, "x-") {
				d.extras = append(d.extras, m)
			}
		}
		for _, m := range d.extras {
			o.Delete(m.Key)
		}
	}
	return d
}

// sharedExtras returns the top-level x- keywords that every declaration
// carries with the same value, in the first declaration's order. An
// extension keyword only some variants give a key, or give different
// values, is left out: no single value is true of the flat property.
func sharedExtras(decls []decl) []model.Member {
	var out []model.Member
	for _, m := range decls[0].extras {
		same := true
		for _, d := range decls[1:] {
			i := slices.IndexFunc(d.extras, func(x model.Member) bool { return x.Key == m.Key })
			same = same && i >= 0 && model.Equal(d.extras[i].Value, m.Value)
		}
		if same {
			out = append(out, model.Member{Key: m.Key, Value: model.Clone(m.Value)})
		}
	}
	return out
}

// A flatProp is one property of the flat object.
type flatProp struct {
	schema             any
	requiredEverywhere bool // present and required in every variant
}

// property joins every variant's declaration of key k (docs/flattening.md).
func (u *union) property(disc, k string) flatProp {
	var decls []decl
	for _, v := range u.variants {
		if s, ok := v.props.Get(k); ok {
			decls = append(decls, newDecl(v, s, slices.Contains(v.required, k)))
		}
	}
	p := flatProp{requiredEverywhere: len(decls) == len(u.variants)}
	schemas := make([]any, len(decls))
	deprecated := true
	for i, d := range decls {
		schemas[i] = d.schema
		p.requiredEverywhere = p.requiredEverywhere && d.required
		deprecated = deprecated && d.deprecated
	}
	p.schema = join(schemas)
	if p.schema == true {
		p.schema = &model.Object{} // the same schema, and one a description fits on
	}
	o, ok := p.schema.(*model.Object)
	if !ok {
		return p // false in every variant: nothing to describe
	}
	if text := describe(disc, decls, p.requiredEverywhere); text != "" {
		o.Set("description", text)
	}
	if deprecated {
		o.Set("deprecated", true)
	}
	for _, m := range sharedExtras(decls) {
		o.Set(m.Key, m.Value)
	}
	return p
}

// dropAnnotations returns a copy of schema s without the dropped
// annotations, at every schema position (never inside enum, const or
// other data values).
func dropAnnotations(s any) any {
	o, ok := s.(*model.Object)
	if !ok || o == nil {
		return model.Clone(s)
	}
	out := &model.Object{Members: make([]model.Member, 0, len(o.Members))}
	for _, m := range o.Members {
		if !isIn(m.Key, dropped) {
			out.Members = append(out.Members, model.Member{Key: m.Key, Value: eachSub(m.Key, m.Value, "", dropSub)})
		}
	}
	return out
}

func dropSub(s any, _ string) any { return dropAnnotations(s) }
