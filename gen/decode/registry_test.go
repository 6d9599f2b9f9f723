package decode_test

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// registry adds `var testTypes = map[string]func() any{...}` listing the
// package's structs, for the test driver.
func registry(f *jen.File, types []*model.Type) {
	var items []jen.Code
	for _, t := range types {
		if t.Kind == model.KindStruct {
			items = append(items, jen.Lit(t.Name).Op(":").Func().Params().Any().Block(jen.Return(jen.New(jen.Id(t.Name)))))
		}
	}
	f.Var().Id("testTypes").Op("=").Map(jen.String()).Func().Params().Any().Values(items...)
}
