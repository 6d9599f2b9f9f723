package decode

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// defaultValue returns the statements that assign the field's default
// (jsonschema:"default=...") to lhs, computed at generation time, or nil
// when the field has none. Scalars and pointers to scalars are supported.
func (e *emitter) defaultValue(f *model.Field, lhs string) []jen.Code {
	if f.Default == "" {
		return nil
	}
	val, err := model.Parse([]byte(f.Default))
	if err != nil {
		e.fail("field %s: invalid default %s", f.GoName, f.Default)
		return nil
	}
	t := f.Type
	if t.Kind == model.KindPointer {
		lit := e.scalarLit(f, t.Elem, val)
		if lit == nil {
			return nil
		}
		return []jen.Code{jen.Block(
			id("dv").Op(":=").Add(lit),
			id(lhs).Op("=").Op("&").Id("dv"),
		)}
	}
	lit := e.scalarLit(f, t, val)
	if lit == nil {
		return nil
	}
	return []jen.Code{id(lhs).Op("=").Add(lit)}
}

// scalarLit spells a JSON scalar as a Go constant of type t.
func (e *emitter) scalarLit(f *model.Field, t *model.Type, val any) jen.Code {
	var lit jen.Code
	switch v := val.(type) {
	case string:
		if t.Kind == model.KindString {
			lit = jen.Lit(v)
		}
	case bool:
		if t.Kind == model.KindBool {
			lit = jen.Lit(v)
		}
	case model.Number:
		if t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindFloat {
			lit = id(string(v))
		}
	}
	if lit == nil {
		e.fail("field %s: default %s is not supported for a value of kind %s", f.GoName, f.Default, t.Kind)
		return nil
	}
	return e.goType(t).(*jen.Statement).Clone().Call(lit)
}
