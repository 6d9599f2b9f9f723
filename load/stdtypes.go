package load

import (
	"go/types"
	"strings"

	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

// The standard types with a meaning of their own (docs/contracts.md, "Standard
// types"): they are decided here, before a named type is converted by its
// declaration, so that neither their underlying type (time.Duration is an
// int64 of nanoseconds) nor the rules for other packages' and generic types
// decide what they mean.

// stdNamed returns the model of n when n is a standard type with a meaning
// of its own, or reports why it cannot be a contract type and what to use
// instead; ok is false for every other type.
func (l *pkgLoader) stdNamed(n *types.Named, s site) (mt *model.Type, ok bool) {
	obj := n.Obj()
	if obj.Pkg() == nil {
		return nil, false
	}
	path, name := obj.Pkg().Path(), obj.Name()
	switch {
	case path == names.API && name == "Nullable":
		return l.nullable(n, s), true
	case path == "encoding/json" && name == "Number":
		return l.stdScalar(obj, model.Type{Kind: model.KindNumber, Basic: "string"}), true
	case path == "time" && name == "Duration":
		return l.stdScalar(obj, model.Type{Kind: model.KindDuration, Basic: "int64", Bits: 64}), true
	case path == "math/big" && name == "Int":
		return l.stdScalar(obj, model.Type{Kind: model.KindBigInt}), true
	}
	if msg := unsupportedStd(path, name); msg != "" {
		l.errorf(s, "type %s %s", l.typeString(n), msg)
		return invalid(), true
	}
	return nil, false
}

// stdScalar returns the one model of a standard named scalar.
func (l *pkgLoader) stdScalar(obj *types.TypeName, t model.Type) *model.Type {
	if mt, ok := l.named[obj]; ok {
		return mt
	}
	t.Name, t.PkgPath = obj.Name(), obj.Pkg().Path()
	mt := &t
	l.named[obj] = mt
	return mt
}

// unsupportedStd says why a standard type is no contract type and what to
// use instead, or "".
func unsupportedStd(path, name string) string {
	switch {
	case path == "net/url" && name == "URL":
		return "is not supported: encoding/json writes it as an object of its parts; use a string with jsonschema:\"format=uri\" and parse it with url.Parse"
	case path == "net" && name == "IPNet":
		return "is not supported: encoding/json writes it as an object of its parts; use netip.Prefix (a string such as \"10.0.0.0/8\")"
	case path == "time" && name == "Location":
		return "is not supported: it has no JSON form; use a string holding an IANA time zone name and load it with time.LoadLocation"
	case path == "database/sql" && strings.HasPrefix(name, "Null"):
		return "is not supported: encoding/json writes it as an object with a Valid member; use stitch.Nullable[T] (absent, null or a value) or a pointer with jsonschema:\"nullable\""
	}
	return ""
}

// nullable converts stitch.Nullable[T]: T is any contract type but a
// pointer or another Nullable.
func (l *pkgLoader) nullable(n *types.Named, s site) *model.Type {
	if n.TypeArgs().Len() != 1 {
		l.errorf(s, "type %s is not supported; instantiate it: stitch.Nullable[T]", l.typeString(n))
		return invalid()
	}
	arg := n.TypeArgs().At(0)
	elem := l.convert(arg, s)
	switch elem.Kind {
	case model.KindInvalid:
		return invalid()
	case model.KindPointer:
		l.errorf(s, "type %s holds a pointer, which adds nothing (a Nullable already tells absent and null apart); use stitch.Nullable[%s]", l.typeString(n), l.typeString(types.Unalias(arg).(*types.Pointer).Elem()))
		return invalid()
	case model.KindNullable:
		l.errorf(s, "type %s nests a Nullable, which JSON cannot tell apart from one Nullable; use %s", l.typeString(n), l.typeString(arg))
		return invalid()
	}
	return &model.Type{Kind: model.KindNullable, Elem: elem}
}

// notNullableElem reports a stitch.Nullable where it is not a struct
// field's own type: an item, a map value or a pointer's target, none of
// which can be absent.
func (l *pkgLoader) notNullableElem(elem *model.Type, where string, s site) {
	if elem.Kind != model.KindNullable {
		return
	}
	use := l.describe(elem.Elem)
	if where == "a pointer's target" {
		use = l.describe(elem)
	}
	l.errorf(s, "%s cannot be %s: a Nullable tells an absent struct field from null, and only a field can be absent; use %s", l.describe(elem), where, use)
}

// nullableField makes a stitch.Nullable field optional and nullable,
// whatever its json tag says, and refuses a default, which would make
// an absent property hold a value.
func (l *pkgLoader) nullableField(f *model.Field, s site) {
	if f.Type.Kind != model.KindNullable {
		return
	}
	f.Required, f.Nullable = false, true
	if f.Default != "" {
		l.errorf(s, "a stitch.Nullable field has no default: an absent property stays absent (IsSet reports false); remove default=")
		f.Default = ""
	}
}
