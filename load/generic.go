package load

import (
	"go/types"

	"github.com/stitchgen/stitchgen/model"
)

// instance converts an instantiated generic struct (Page[Item], of this
// package or another): a contract type of its own per instantiation, its
// fields' types with the type arguments substituted, its declaration's
// doc comment and directives those of the generic type. Instantiations
// are keyed by their full spelling, so Page[Item] reached twice is one
// type and a generic type that refers to itself (Tree[T] with children
// []Tree[T]) becomes a cycle.
func (l *pkgLoader) instance(n *types.Named, s site) *model.Type {
	key := types.TypeString(n, func(p *types.Package) string { return p.Path() })
	if mt, ok := l.instances[key]; ok {
		return mt
	}
	obj := n.Obj()
	local := obj.Pkg() == l.pkg.Types
	if _, ok := n.Underlying().(*types.Struct); !ok {
		l.errorf(s, "generic type %s is not a struct; only generic structs can be instantiated in a contract (declare a non-generic type)", l.typeString(n))
		return invalid()
	}
	if !local && l.foreignType(n, s) == nil {
		return invalid()
	}
	mt := &model.Type{Name: obj.Name(), PkgPath: obj.Pkg().Path(), Pos: l.pos(obj.Pos()), Foreign: !local}
	if d := l.decls[obj]; d != nil {
		mt.Doc = d.doc
	}
	l.instances[key] = mt
	for i := 0; i < n.TypeArgs().Len(); i++ {
		mt.Args = append(mt.Args, l.convert(n.TypeArgs().At(i), s))
	}
	if d := l.decls[obj]; d != nil && d.opaque {
		l.opaque(mt, d)
		return mt
	}
	mt.Kind = model.KindStruct
	mt.Struct = &model.Struct{}
	l.buildStruct(mt, obj, n.Underlying().(*types.Struct))
	l.detectValidate(mt, n)
	return mt
}
