package check

import "github.com/stitchgen/stitchgen/model"

// fieldsByPath indexes the fields of a tool type by dotted property path,
// with pointers, slices, arrays, map values, catchalls and union variants
// transparent (as in schema.Doc.Positions). A path that several union
// variants declare lists every such field, in source order. A recursive
// type is not entered again below itself: its fields are named after the
// paths that reach it without a cycle, its first reference among them (as
// its $defs entry is).
func fieldsByPath(root *model.Type) map[string][]*model.Field {
	idx := map[string][]*model.Field{}
	walkType(root, "", map[*model.Type]bool{}, idx)
	return idx
}

func walkType(t *model.Type, path string, seen map[*model.Type]bool, idx map[string][]*model.Field) {
	if t == nil {
		return
	}
	switch t.Kind {
	case model.KindPointer, model.KindSlice, model.KindArray, model.KindMap, model.KindNullable:
		walkType(t.Elem, path, seen, idx)
	case model.KindUnion:
		if t.Union == nil || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for _, v := range t.Union.Variants {
			if v != nil {
				walkType(v.Type, path, seen, idx)
			}
		}
	case model.KindStruct:
		if t.Struct == nil || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for _, f := range t.Struct.Fields {
			p := join(path, f.JSONName)
			idx[p] = append(idx[p], f)
			walkType(f.Type, p, seen, idx)
		}
		if f := t.Struct.Catchall; f != nil {
			walkType(f.Type, path, seen, idx)
		}
	}
}
