package load

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// buildStruct fills a contract struct of this package: its properties, its
// catchall and its key policy.
func (l *pkgLoader) buildStruct(mt *model.Type, obj *types.TypeName, st *types.Struct) {
	s := site{obj.Pos(), "type " + obj.Name()}
	for _, m := range []string{"UnmarshalJSON", "MarshalJSON"} {
		if l.hasOwnMethod(obj, m, func(*types.Signature) bool { return true }) {
			l.errorf(s, "type declares its own %s, which stitchgen generates; remove it, or mark the type //stitch:schema {...} to keep your own decoding", m)
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		if !wellFormedTag(st.Tag(i)) {
			l.errorf(fieldSite(obj, st.Field(i)), "struct tag %q is malformed (want key:\"value\" pairs separated by spaces); encoding/json and stitchgen would silently ignore it", st.Tag(i))
		}
	}
	mt.Struct.Fields = l.properties(obj, st)
	mt.Struct.Catchall = l.catchall(obj, st)
	mt.Struct.Policy = l.policy(obj, mt.Struct.Catchall != nil)
}

// catchall finds the struct's own map[string]T field tagged
// json:"-" stitch:"catchall", and reports options on other hidden fields.
func (l *pkgLoader) catchall(obj *types.TypeName, st *types.Struct) *model.Field {
	var found *model.Field
	for i := 0; i < st.NumFields(); i++ {
		v, stag := st.Field(i), reflect.StructTag(st.Tag(i))
		raw, hidden := stag.Get("stitch"), stag.Get("json") == "-"
		opts := strings.Split(raw, ",")
		s := fieldSite(obj, v)
		if !slices.Contains(opts, "catchall") {
			if hidden && strings.TrimSpace(raw) != "" && v.Exported() {
				l.errorf(s, "stitch options have no effect on a field hidden by json:\"-\"; remove them")
			}
			continue
		}
		if !hidden {
			if !v.Exported() {
				l.errorf(s, "a catchall field must be exported and tagged json:\"-\"")
			}
			continue // exported visible fields are reported with their options
		}
		if f := l.catchallField(obj, v, opts, s); f != nil {
			if found != nil {
				l.errorf(s, "second catchall field (the first is %s); a struct has at most one", found.GoName)
				continue
			}
			found = f
		}
	}
	return found
}

func (l *pkgLoader) catchallField(obj *types.TypeName, v *types.Var, opts []string, s site) *model.Field {
	if len(opts) > 1 {
		l.errorf(s, "catchall cannot be combined with other stitch options")
	}
	if !v.Exported() {
		l.errorf(s, "a catchall field must be exported")
		return nil
	}
	t := l.convert(v.Type(), s)
	if t.Kind != model.KindMap {
		if t.Kind != model.KindInvalid {
			l.errorf(s, "a catchall field must be a map[string]T, not %s", l.describe(t))
		}
		return nil
	}
	return &model.Field{GoName: v.Name(), Path: []model.Step{{Name: v.Name(), Type: t}}, Type: t, Pos: l.pos(v.Pos())}
}

// policy decides a struct's key policy from its directive, its catchall and
// the package default.
func (l *pkgLoader) policy(obj *types.TypeName, hasCatchall bool) model.Policy {
	s := site{obj.Pos(), "type " + obj.Name()}
	if d := l.decls[obj]; d != nil && d.hasPolicy {
		switch {
		case hasCatchall && d.policy != model.Loose:
			l.errorf(s, "//stitch:%s conflicts with the catchall field (a struct with a catchall is loose); remove one of them", d.policy)
			return model.Loose
		case !hasCatchall && d.policy == model.Loose:
			l.errorf(s, "//stitch:loose needs a catchall field: add Extra map[string]any `json:\"-\" stitch:\"catchall\"`")
		}
		return d.policy
	}
	if hasCatchall {
		return model.Loose
	}
	if obj.Pkg() != l.pkg.Types {
		return model.Strict // -policy is the default of this package's structs only
	}
	if l.cfg.Policy == model.Loose {
		l.errorf(s, "the default policy is loose but the struct has no catchall field; add one or mark the type //stitch:strict or //stitch:strip")
	}
	return l.cfg.Policy
}
