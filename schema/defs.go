package schema

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// reachableRecursive returns the named recursive types reachable from t, in
// depth-first order of first encounter (fields, then catchall, in
// declaration order; variants in source order).
func reachableRecursive(t *model.Type) []*model.Type {
	var out []*model.Type
	seen := map[*model.Type]bool{}
	var walk func(*model.Type)
	walk = func(t *model.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Recursive && t.IsNamed() {
			out = append(out, t)
		}
		walk(t.Elem)
		if s := t.Struct; s != nil {
			for _, f := range s.Fields {
				walk(f.Type)
			}
			if s.Catchall != nil {
				walk(s.Catchall.Type)
			}
		}
		if u := t.Union; u != nil {
			for _, v := range u.Variants {
				walk(v.Type)
			}
		}
	}
	walk(t)
	return out
}

// defNames names each recursive type's $defs entry: its Go type name, or,
// when two reachable types share it, the last element of its package path
// and the name ("shop.Node"), or, when that still clashes, the whole
// package path with "/" replaced by "." ("example.com.a.shop.Node").
func defNames(ts []*model.Type) map[*model.Type]string {
	names := map[*model.Type]string{}
	for _, t := range ts {
		for i, name := range nameLevels {
			if i == len(nameLevels)-1 || !clashes(ts, t, name) {
				names[t] = name(t)
				break
			}
		}
	}
	return names
}

// nameLevels are the ever more qualified names of a $defs entry.
var nameLevels = []func(*model.Type) string{
	func(t *model.Type) string { return t.InstanceName() },
	func(t *model.Type) string { return lastElem(t.PkgPath) + "." + t.InstanceName() },
	func(t *model.Type) string { return strings.ReplaceAll(t.PkgPath, "/", ".") + "." + t.InstanceName() },
	func(t *model.Type) string {
		return strings.ReplaceAll(t.PkgPath, "/", ".") + "." + t.QualifiedInstanceName()
	},
}

// defName returns the $defs name of t. A type the loader did not mark
// recursive but that the builder met again while inlining it (a cycle the
// model failed to flag) gets the least qualified name no other type holds,
// so a wrong flag costs a $defs entry, never an endless document.
func (b *builder) defName(t *model.Type) string {
	if name, ok := b.names[t]; ok {
		return name
	}
	taken := map[string]bool{}
	for _, name := range b.names {
		taken[name] = true
	}
	name := nameLevels[len(nameLevels)-1](t)
	for _, level := range nameLevels {
		if !taken[level(t)] {
			name = level(t)
			break
		}
	}
	b.names[t] = name
	return name
}

// clashes reports whether another type in ts gets the same name as t.
func clashes(ts []*model.Type, t *model.Type, name func(*model.Type) string) bool {
	for _, u := range ts {
		if u != t && name(u) == name(t) {
			return true
		}
	}
	return false
}

func lastElem(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
}
