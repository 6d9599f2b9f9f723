package load

import (
	"go/types"

	"github.com/stitchgen/stitchgen/model"
)

// invalid is returned for types that cannot be part of a contract; the
// problem has been reported.
func invalid() *model.Type { return &model.Type{Kind: model.KindInvalid} }

// convert turns a Go type into a model type. Problems are reported at s.
func (l *pkgLoader) convert(t types.Type, s site) *model.Type {
	switch t := t.(type) {
	case *types.Alias:
		return l.convert(types.Unalias(t), s)
	case *types.Named:
		return l.namedType(t, s)
	case *types.Basic:
		return l.basic(t, s)
	case *types.Pointer:
		elem := l.convert(t.Elem(), s)
		l.notNullableElem(elem, "a pointer's target", s)
		return &model.Type{Kind: model.KindPointer, Elem: elem}
	case *types.Slice:
		return l.slice(t, s)
	case *types.Array:
		elem := l.convert(t.Elem(), s)
		l.notNullableElem(elem, "an array item", s)
		return &model.Type{Kind: model.KindArray, Len: int(t.Len()), Elem: elem}
	case *types.Map:
		return l.mapType(t, s)
	case *types.Struct:
		l.errorf(s, "anonymous struct types are not supported; declare a named struct type")
	case *types.Interface:
		if t.Empty() {
			return &model.Type{Kind: model.KindAny}
		}
		l.errorf(s, "interface type %s is not supported; use a //stitch:union interface or any", l.typeString(t))
	case *types.Chan:
		l.errorf(s, "channel type %s cannot be carried in JSON; remove the field or hide it with json:\"-\"", l.typeString(t))
	case *types.Signature:
		l.errorf(s, "func type %s cannot be carried in JSON; remove the field or hide it with json:\"-\"", l.typeString(t))
	case *types.TypeParam:
		l.errorf(s, "type parameter %s is not supported; contracts use concrete types", t.Obj().Name())
	default:
		l.errorf(s, "type %s is not supported", l.typeString(t))
	}
	return invalid()
}

// typeString spells a type relative to the package being loaded.
func (l *pkgLoader) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == l.pkg.Types {
			return ""
		}
		return p.Name()
	})
}

// basicKinds maps a predeclared type to its kind and bit size.
var basicKinds = map[types.BasicKind]struct {
	kind model.Kind
	bits int
}{
	types.Bool: {model.KindBool, 0}, types.String: {model.KindString, 0},
	types.Int: {model.KindInt, 64}, types.Int8: {model.KindInt, 8}, types.Int16: {model.KindInt, 16},
	types.Int32: {model.KindInt, 32}, types.Int64: {model.KindInt, 64},
	types.Uint: {model.KindUint, 64}, types.Uint8: {model.KindUint, 8}, types.Uint16: {model.KindUint, 16},
	types.Uint32: {model.KindUint, 32}, types.Uint64: {model.KindUint, 64}, types.Uintptr: {model.KindUint, 64},
	types.Float32: {model.KindFloat, 32}, types.Float64: {model.KindFloat, 64},
}

func (l *pkgLoader) basic(t *types.Basic, s site) *model.Type {
	if k, ok := basicKinds[t.Kind()]; ok {
		return &model.Type{Kind: k.kind, Bits: k.bits, Basic: types.Typ[t.Kind()].Name()}
	}
	switch t.Kind() {
	case types.Invalid:
		// Already reported as a type-check error.
	case types.Complex64, types.Complex128:
		l.errorf(s, "complex number type %s cannot be carried in JSON; use two float64 fields", t.Name())
	default:
		l.errorf(s, "type %s is not supported", t.Name())
	}
	return invalid()
}

func (l *pkgLoader) slice(t *types.Slice, s site) *model.Type {
	if b, ok := types.Unalias(t.Elem()).(*types.Basic); ok && b.Kind() == types.Uint8 {
		return &model.Type{Kind: model.KindBytes}
	}
	if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
		l.errorf(s, "slice of named byte type %s is not supported (encoding/json writes it as base64); use []byte", l.typeString(t.Elem()))
		return invalid()
	}
	elem := l.convert(t.Elem(), s)
	l.notNullableElem(elem, "a slice item", s)
	return &model.Type{Kind: model.KindSlice, Elem: elem}
}

func (l *pkgLoader) mapType(t *types.Map, s site) *model.Type {
	if !types.Identical(t.Key(), types.Typ[types.String]) {
		l.errorf(s, "map key type %s is not supported; JSON object keys need map[string]T", l.typeString(t.Key()))
		return invalid()
	}
	elem := l.convert(t.Elem(), s)
	l.notNullableElem(elem, "a map value", s)
	return &model.Type{Kind: model.KindMap, Elem: elem}
}
