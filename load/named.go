package load

import (
	"go/types"

	"github.com/stitchgen/stitchgen/model"
)

// namedType converts a declared type. Every named type converts once; all
// references share the result, so recursive contracts become cyclic graphs.
func (l *pkgLoader) namedType(n *types.Named, s site) *model.Type {
	if mt, ok := l.stdNamed(n, s); ok {
		return mt
	}
	obj := n.Obj()
	if mt, ok := l.named[obj]; ok {
		return mt
	}
	if obj.Pkg() == nil {
		l.errorf(s, "type %s is not supported; use a //stitch:union interface or any", obj.Name())
		return invalid()
	}
	if n.TypeArgs().Len() > 0 && (obj.Pkg() == l.pkg.Types || l.source[obj.Pkg().Path()] != nil) {
		return l.instance(n, s) // a generic struct of the contract's packages
	}
	if n.TypeParams().Len() > 0 {
		l.errorf(s, "generic type %s is not supported; declare a non-generic type", l.typeString(n))
		return invalid()
	}
	local := obj.Pkg() == l.pkg.Types
	if !local {
		// Its package's directives (//stitch:schema too) apply, when it
		// was checked from source.
		l.foreignPackage(obj.Pkg().Path())
	}
	foreign := !local && l.isForeign(n)
	if foreign && l.foreignType(n, s) == nil {
		return invalid()
	}
	mt := &model.Type{Name: obj.Name(), PkgPath: obj.Pkg().Path()}
	l.named[obj] = mt
	if local || foreign {
		// Positions of other packages' types would be machine paths:
		// only a contract type of another package has one, its file
		// outside the load directory named by import path (pos).
		mt.Pos = l.pos(obj.Pos())
		if d := l.decls[obj]; d != nil {
			mt.Doc = d.doc
		}
	}
	l.fillNamed(mt, n, s)
	l.detectValidate(mt, n)
	mt.Foreign = foreign && (mt.Kind == model.KindStruct || mt.Kind == model.KindUnion)
	return mt
}

// foreignAllowed reports whether a named type of another package can be
// used: anything but a struct, unless the struct is well known, a
// TextUnmarshaler, or decodes itself (reported as such by fillNamed).
func (l *pkgLoader) foreignAllowed(n *types.Named) bool {
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return true
	}
	return isTime(n) || isTextUnmarshaler(n, false) || l.decodesItself(n)
}

// isText reports whether n decodes from a JSON string through
// UnmarshalText. A struct of this package counts only when it declares the
// method itself: a promoted one is shadowed by the generated UnmarshalJSON.
func (l *pkgLoader) isText(n *types.Named) bool {
	return isTextUnmarshaler(n, n.Obj().Pkg() == l.pkg.Types && isStruct(n))
}

// decodesItself reports whether n has its own UnmarshalJSON (not one
// stitchgen generated, and not on a struct of this package, which gets a
// generated one).
func (l *pkgLoader) decodesItself(n *types.Named) bool {
	if types.IsInterface(n) || (n.Obj().Pkg() == l.pkg.Types && isStruct(n)) {
		return false
	}
	sel := method(types.NewPointer(n), "UnmarshalJSON")
	return sel != nil && isUnmarshalSig(methodSig(sel)) && !l.inGenerated(sel.Obj().Pos())
}

// selfDecoding reports a type whose JSON shape only its own UnmarshalJSON knows.
func (l *pkgLoader) selfDecoding(n *types.Named, s site) {
	if n.Obj().Pkg() == l.pkg.Types {
		l.errorf(s, "type %s has its own UnmarshalJSON, so stitchgen cannot know its JSON shape; mark it //stitch:schema {...} with its schema", n.Obj().Name())
		return
	}
	l.errorf(s, "type %s decodes itself with UnmarshalJSON, so stitchgen cannot know its JSON shape; wrap it in a type of this package marked //stitch:schema {...}", l.typeString(n))
}

// fillNamed sets the kind-specific parts of a named type.
func (l *pkgLoader) fillNamed(mt *model.Type, n *types.Named, s site) {
	obj := n.Obj()
	d := l.decls[obj]
	switch {
	case d != nil && d.opaque:
		l.opaque(mt, d)
	case isTime(n):
		mt.Kind = model.KindTime
	case obj.Pkg().Path() == "encoding/json" && obj.Name() == "RawMessage":
		mt.Kind, mt.RawMessage = model.KindAny, true
	case l.decodesItself(n):
		l.selfDecoding(n, s)
	case l.isText(n):
		mt.Kind = model.KindText
	default:
		l.fillUnderlying(mt, n, s)
	}
}

// fillUnderlying converts a named type by its underlying type.
func (l *pkgLoader) fillUnderlying(mt *model.Type, n *types.Named, s site) {
	switch u := n.Underlying().(type) {
	case *types.Struct:
		mt.Kind = model.KindStruct
		mt.Struct = &model.Struct{}
		l.buildStruct(mt, n.Obj(), u)
	case *types.Interface:
		l.fillInterface(mt, n, u, s)
	case *types.Pointer:
		l.errorf(s, "named pointer type %s is not supported; use *T directly", l.typeString(n))
		mt.Kind = model.KindInvalid
	default:
		u2 := l.convert(u, s)
		name, pkgPath, pos, doc := mt.Name, mt.PkgPath, mt.Pos, mt.Doc
		*mt = *u2
		mt.Name, mt.PkgPath, mt.Pos, mt.Doc = name, pkgPath, pos, doc
	}
}

// fillInterface handles a named interface: a union, a free-form any, or an error.
func (l *pkgLoader) fillInterface(mt *model.Type, n *types.Named, u *types.Interface, s site) {
	d := l.decls[n.Obj()]
	switch {
	case d != nil && d.union:
		mt.Kind = model.KindUnion
		mt.Union = &model.Union{Discriminator: d.unionKey}
		if n.Obj().Pkg() != l.pkg.Types {
			l.foreignVariants(d, mt, u)
		}
	case u.Empty():
		mt.Kind = model.KindAny
	default:
		l.errorf(s, "interface type %s is not supported; mark it //stitch:union [key] or use any", l.typeString(n))
		mt.Kind = model.KindInvalid
	}
}

// opaque fills a //stitch:schema type: its schema is the directive's JSON
// and its own UnmarshalJSON decodes it.
func (l *pkgLoader) opaque(mt *model.Type, d *decl) {
	mt.Kind, mt.Schema = model.KindOpaque, d.schema
	if !l.hasOwnMethod(d.obj, "UnmarshalJSON", isUnmarshalSig) {
		l.errorf(site{d.obj.Pos(), "type " + d.obj.Name()},
			"//stitch:schema type has no UnmarshalJSON method of its own; add func (x *%s) UnmarshalJSON([]byte) error", d.obj.Name())
	}
}

// isTime reports whether n is time.Time.
func isTime(n *types.Named) bool {
	return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}
