package gen

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// goType spells a model type as Go code.
func goType(t *model.Type) *jen.Statement {
	if t.IsNamed() {
		if t.PkgPath == "" {
			return jen.Id(t.Name)
		}
		return jen.Qual(t.PkgPath, t.Name)
	}
	switch t.Kind {
	case model.KindSlice:
		return jen.Index().Add(goType(t.Elem))
	case model.KindArray:
		return jen.Index(jen.Lit(t.Len)).Add(goType(t.Elem))
	case model.KindMap:
		return jen.Map(jen.String()).Add(goType(t.Elem))
	case model.KindPointer:
		return jen.Op("*").Add(goType(t.Elem))
	case model.KindBytes:
		return jen.Index().Byte()
	case model.KindAny:
		return jen.Any()
	}
	return jen.Id(t.Basic)
}
