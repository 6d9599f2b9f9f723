package load

import (
	"slices"

	"github.com/stitchgen/stitchgen/model"
)

// namedTypes returns every converted named type, in source order.
func (l *pkgLoader) namedTypes() []*model.Type {
	ts := make([]*model.Type, 0, len(l.named)+len(l.instances))
	for _, t := range l.named {
		ts = append(ts, t)
	}
	for _, t := range l.instances {
		ts = append(ts, t)
	}
	sortTypes(ts)
	return ts
}

func sortTypes(ts []*model.Type) {
	slices.SortFunc(ts, func(a, b *model.Type) int {
		if c := a.Pos.Compare(b.Pos); c != 0 {
			return c
		}
		if c := compareStrings(a.PkgPath, b.PkgPath); c != 0 {
			return c
		}
		return compareStrings(a.InstanceName(), b.InstanceName())
	})
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// refs returns the named types t's definition refers to directly (through
// unnamed pointers, slices, arrays and maps, struct fields and union
// variants).
func refs(t *model.Type) []*model.Type {
	var out []*model.Type
	var walk func(u *model.Type, root bool)
	walk = func(u *model.Type, root bool) {
		if u == nil {
			return
		}
		if u.IsNamed() && !root {
			out = append(out, u)
			return
		}
		switch u.Kind {
		case model.KindPointer, model.KindSlice, model.KindArray, model.KindMap, model.KindNullable:
			walk(u.Elem, false)
		case model.KindStruct:
			for _, f := range u.Struct.Fields {
				walk(f.Type, false)
			}
			if u.Struct.Catchall != nil {
				walk(u.Struct.Catchall.Type, false)
			}
		case model.KindUnion:
			for _, v := range u.Union.Variants {
				walk(v.Type, false)
			}
		}
	}
	walk(t, true)
	return out
}

// markRecursive sets Recursive on every named type that lies on a reference
// cycle (Tarjan's strongly connected components).
func markRecursive(nodes []*model.Type) {
	index := map[*model.Type]int{}
	low := map[*model.Type]int{}
	onStack := map[*model.Type]bool{}
	var stack []*model.Type
	next := 0
	var visit func(v *model.Type)
	visit = func(v *model.Type) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range refs(v) {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
			if w == v {
				v.Recursive = true
			}
		}
		if low[v] != index[v] {
			return
		}
		var scc []*model.Type
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			scc = append(scc, w)
			if w == v {
				break
			}
		}
		if len(scc) > 1 {
			for _, w := range scc {
				w.Recursive = true
			}
		}
	}
	for _, v := range nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
}

// reached returns the named types of this package that the tools reach
// (inputs, outputs, field types, embedded structs, union variants), in
// source order.
func (l *pkgLoader) reached(tools []*model.Tool) []*model.Type {
	seen := map[*model.Type]bool{}
	var out []*model.Type
	var visit func(t *model.Type)
	visit = func(t *model.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if (t.PkgPath == l.pkg.PkgPath || t.Foreign) && t.Kind != model.KindInvalid {
			out = append(out, t)
		}
		for _, r := range refs(t) {
			visit(r)
		}
		if t.Kind == model.KindStruct {
			for _, f := range t.Struct.Fields {
				for _, s := range f.Path[:len(f.Path)-1] {
					visit(s.Type)
				}
			}
		}
	}
	for _, tool := range tools {
		visit(tool.Input)
		visit(tool.Output)
	}
	sortTypes(out)
	return out
}
