package load

import (
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/stitchgen/stitchgen/model"
)

// A variantLink ties a discriminated union to one of its variant structs,
// for the pass that marks discriminators once every struct is complete.
type variantLink struct {
	union  *decl
	decl   *decl
	typ    *model.Type
	values []string
}

// buildUnions finds the variants of every //stitch:union interface of the
// package: the declared types whose value or pointer implements it.
func (l *pkgLoader) buildUnions() {
	for _, d := range l.order {
		if d.hasPolicy && !isStruct(d.obj.Type()) {
			l.errorf(site{d.obj.Pos(), "type " + d.obj.Name()}, "key policy directives apply to struct types only")
		}
		if !d.union {
			continue
		}
		s := site{d.obj.Pos(), "type " + d.obj.Name()}
		n, ok := d.obj.Type().(*types.Named)
		iface, isIface := d.obj.Type().Underlying().(*types.Interface)
		if d.obj.IsAlias() || !ok || !isIface {
			l.errorf(s, "//stitch:union needs an interface type declaration")
			continue
		}
		mt := l.convert(n, s)
		if mt.Kind != model.KindUnion {
			continue
		}
		if iface.NumMethods() == 0 {
			l.errorf(s, "a union interface needs a method (such as is%s()) that its variants implement", d.obj.Name())
			continue
		}
		l.findVariants(d, mt, iface)
	}
}

func (l *pkgLoader) findVariants(d *decl, mt *model.Type, iface *types.Interface) {
	vs := implementers(l.order, iface)
	for _, v := range vs {
		l.addVariant(d, mt, v.decl, v.ptr)
	}
	if len(vs) == 0 {
		l.errorf(site{d.obj.Pos(), "type " + d.obj.Name()}, "union has no implementers in this package; declare types with its methods")
	}
}

// An implementer is a declared type whose value, or pointer (ptr), implements a
// union's interface.
type implementer struct {
	decl *decl
	ptr  bool
}

// implementers returns the non-generic, non-interface types of decls that
// implement iface, in the order of decls.
func implementers(decls []*decl, iface *types.Interface) []implementer {
	var out []implementer
	for _, e := range decls {
		t := e.obj.Type()
		if e.obj.IsAlias() || types.IsInterface(t) {
			continue
		}
		if n, ok := t.(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		switch {
		case types.Implements(t, iface):
			out = append(out, implementer{e, false})
		case types.Implements(types.NewPointer(t), iface):
			out = append(out, implementer{e, true})
		}
	}
	return out
}

// addVariant adds one implementer to a union. An implementer left out
// leaves the union's model incomplete.
func (l *pkgLoader) addVariant(d *decl, mt *model.Type, e *decl, ptr bool) {
	added := false
	defer func() {
		if !added {
			l.faulty[d.obj.Name()] = true
		}
	}()
	s := site{e.obj.Pos(), "type " + e.obj.Name()}
	vt := l.convert(e.obj.Type(), s)
	keyed := d.unionKey != ""
	l.variantOf[e.obj] = true
	switch {
	case vt.Kind == model.KindInvalid:
		return
	case keyed && vt.Kind != model.KindStruct:
		l.errorf(s, "type implements union %s but is not a struct; variants of a discriminated union are structs", d.obj.Name())
		return
	case keyed && !e.variant:
		l.errorf(s, "type implements union %s but has no //stitch:variant directive; add //stitch:variant <value>", d.obj.Name())
		return
	case keyed && len(e.values) == 0:
		return
	case !keyed && e.variant:
		l.errorf(site{e.variantPos, s.subject}, "union %s is untagged, so //stitch:variant has no effect; remove it or give the union a key (//stitch:union <key>)", d.obj.Name())
	}
	v := &model.Variant{Type: vt, Pointer: ptr, Pos: l.pos(e.obj.Pos())}
	if keyed {
		if !l.uniqueValues(d, mt, e) {
			return
		}
		v.Values = slices.Clone(e.values)
		l.variants = append(l.variants, variantLink{union: d, decl: e, typ: vt, values: v.Values})
	}
	mt.Union.Variants = append(mt.Union.Variants, v)
	added = true
}

// uniqueValues reports values another variant of the union already uses.
func (l *pkgLoader) uniqueValues(d *decl, mt *model.Type, e *decl) bool {
	ok := true
	for _, val := range e.values {
		for _, other := range mt.Union.Variants {
			if slices.Contains(other.Values, val) {
				l.errorf(site{e.variantPos, "type " + e.obj.Name()}, "discriminator value %q of union %s is already used by %s", val, d.obj.Name(), other.Type.Name)
				ok = false
			}
		}
	}
	return ok
}

// checkVariants reports //stitch:variant on types that implement no union.
func (l *pkgLoader) checkVariants() {
	for _, e := range l.order {
		if e.variant && !l.variantOf[e.obj] {
			l.errorf(site{e.variantPos, "type " + e.obj.Name()},
				"//stitch:variant on a type that implements no //stitch:union interface of this package; add the union's method or remove the directive")
		}
	}
}

// markDiscriminators sets Struct.Discriminator and Values on variant
// structs and marks their declared discriminator fields.
func (l *pkgLoader) markDiscriminators() {
	for _, v := range l.variants {
		st, key := v.typ.Struct, v.union.unionKey
		s := site{v.decl.obj.Pos(), "type " + v.decl.obj.Name()}
		if st.Discriminator != "" && st.Discriminator != key {
			l.errorf(s, "type is a variant of unions with different keys (%q and %q); use one key", st.Discriminator, key)
			continue
		}
		st.Discriminator, st.Values = key, v.values
		i := slices.IndexFunc(st.Fields, func(f *model.Field) bool { return f.JSONName == key })
		switch {
		case i >= 0 && st.Fields[i].Type.Kind != model.KindString:
			f := st.Fields[i]
			l.errorAt(f.Pos, "field "+v.decl.obj.Name()+"."+f.GoName,
				"discriminator field %q of union %s must be a string, not %s", key, v.union.obj.Name(), l.describe(f.Type))
		case i >= 0:
			st.Fields[i].Discriminator = true
		case len(v.values) > 1:
			l.errorf(s, "multi-value variant (%s) must declare the discriminator field so the chosen value is kept: add %s string `json:%q`",
				strings.Join(v.values, ", "), exportName(key), key)
		}
	}
}

// exportName suggests a Go field name for a JSON key.
func exportName(key string) string {
	rs := []rune(key)
	if len(rs) == 0 || !unicode.IsLetter(rs[0]) {
		return "Kind"
	}
	rs[0] = unicode.ToUpper(rs[0])
	return string(rs)
}
