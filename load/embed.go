package load

import (
	"cmp"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// A candidate is a JSON property found while walking a struct and its
// embedded structs, as encoding/json's typeFields walks them.
type candidate struct {
	name   string
	tagged bool
	index  []int
	path   []model.Step
	v      *types.Var
	owner  *types.TypeName
	tag    jsonTag
	stag   reflect.StructTag
}

// A level is a struct to walk at some embedding depth.
type level struct {
	owner *types.TypeName
	st    *types.Struct
	index []int
	path  []model.Step
	alt   [][]model.Step // other paths to the same type at this depth
}

// properties returns the JSON properties of a struct with encoding/json's
// promotion rules: breadth first over embedded structs, the shallowest field
// wins, a tagged field wins at equal depth, and two fields with the same
// name at the same depth are an error (encoding/json silently drops both).
func (l *pkgLoader) properties(obj *types.TypeName, st *types.Struct) []*model.Field {
	cands := l.walkEmbedded(obj, st)
	byName := map[string][]candidate{}
	var names []string
	for _, c := range cands {
		if _, ok := byName[c.name]; !ok {
			names = append(names, c.name)
		}
		byName[c.name] = append(byName[c.name], c)
	}
	var win []candidate
	for _, name := range names {
		if c, ok := l.dominant(obj, byName[name]); ok {
			win = append(win, c)
		}
	}
	slices.SortFunc(win, func(a, b candidate) int { return slices.Compare(a.index, b.index) })
	fields := make([]*model.Field, 0, len(win))
	for _, c := range win {
		fields = append(fields, l.promotedField(c))
	}
	return fields
}

// dominant picks the field encoding/json keeps among those sharing a name.
func (l *pkgLoader) dominant(obj *types.TypeName, cs []candidate) (candidate, bool) {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	if len(cs) > 1 && len(cs[0].index) == len(cs[1].index) && cs[0].tagged == cs[1].tagged {
		l.errorf(site{obj.Pos(), "type " + obj.Name()},
			"fields %s and %s both have json name %q at the same depth (encoding/json would drop both); rename one with a json tag",
			pathString(cs[0].path), pathString(cs[1].path), cs[0].name)
		return candidate{}, false
	}
	return cs[0], true
}

func pathString(p []model.Step) string {
	names := make([]string, len(p))
	for i, s := range p {
		names[i] = s.Name
	}
	return strings.Join(names, ".")
}

// walkEmbedded lists every property candidate of st, breadth first.
func (l *pkgLoader) walkEmbedded(obj *types.TypeName, st *types.Struct) []candidate {
	var cands []candidate
	next := []*level{{owner: obj, st: st}}
	visited := map[*types.TypeName]bool{}
	for len(next) > 0 {
		current := next
		next = nil
		seen := map[*types.TypeName]*level{}
		for _, lv := range current {
			if visited[lv.owner] {
				continue
			}
			visited[lv.owner] = true
			cands = l.walkLevel(lv, cands, &next, seen)
		}
	}
	return cands
}

// walkLevel adds the direct fields of one struct and queues its untagged
// embedded structs for the next depth.
func (l *pkgLoader) walkLevel(lv *level, cands []candidate, next *[]*level, seen map[*types.TypeName]*level) []candidate {
	for i := 0; i < lv.st.NumFields(); i++ {
		f := lv.st.Field(i)
		ft, isPtr := derefUnnamed(f.Type())
		if f.Embedded() {
			if !f.Exported() && !isStruct(ft) {
				continue
			}
		} else if !f.Exported() {
			continue
		}
		stag := reflect.StructTag(lv.st.Tag(i))
		tag := parseJSONTag(stag.Get("json"))
		if tag.skip {
			continue
		}
		index := append(slices.Clip(lv.index), i)
		// The last step is the property itself: its pointer-ness is in its type.
		step := model.Step{Name: f.Name()}
		if tag.name != "" || !f.Embedded() || !isStruct(ft) {
			c := candidate{name: cmp.Or(tag.name, f.Name()), tagged: tag.name != "", index: index,
				path: append(slices.Clip(lv.path), step), v: f, owner: lv.owner, tag: tag, stag: stag}
			cands = append(cands, c)
			for _, alt := range lv.alt {
				d := c
				d.path = append(slices.Clip(alt), step)
				cands = append(cands, d)
			}
			continue
		}
		step.Pointer = isPtr
		l.queueEmbedded(lv, f, ft, step, index, next, seen)
	}
	return cands
}

// queueEmbedded schedules an embedded struct for the next depth; a type
// reached twice at one depth keeps both paths, so its fields conflict.
func (l *pkgLoader) queueEmbedded(lv *level, f *types.Var, ft types.Type, step model.Step, index []int, next *[]*level, seen map[*types.TypeName]*level) {
	n, ok := ft.(*types.Named)
	s := site{f.Pos(), "field " + lv.owner.Name() + "." + f.Name()}
	if !ok {
		l.errorf(s, "embedded type %s is not supported; embed a named struct type", l.typeString(ft))
		return
	}
	if n.Obj().Pkg() != l.pkg.Types && l.source[n.Obj().Pkg().Path()] == nil {
		l.errorf(s, "embedded struct %s is declared in another package; stitchgen cannot generate its decoder here (declare the fields in this package)", l.typeString(n))
		return
	}
	if l.foreignUnreachable(lv, f, s) {
		return
	}
	step.Type = l.convert(n, s)
	path := append(slices.Clip(lv.path), step)
	if prev, ok := seen[n.Obj()]; ok {
		prev.alt = append(prev.alt, path)
		return
	}
	if step.Type.Kind != model.KindStruct {
		return
	}
	nl := &level{owner: n.Obj(), st: n.Underlying().(*types.Struct), index: index, path: path}
	seen[n.Obj()] = nl
	*next = append(*next, nl)
}

// derefUnnamed strips one unnamed pointer, as encoding/json does for
// embedded fields.
func derefUnnamed(t types.Type) (types.Type, bool) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return types.Unalias(p.Elem()), true
	}
	return t, false
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
