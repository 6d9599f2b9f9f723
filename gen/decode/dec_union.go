package decode

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// unionType emits the decode and encode functions of a union.
func (e *emitter) unionType(t *model.Type) {
	if t.Union.Discriminator != "" {
		e.decodeTaggedFunc(t)
	} else {
		e.decodeUntaggedFunc(t)
	}
	e.encodeUnionFunc(t)
}

// variantValue stores the decoded variant v into the interface *x.
func variantValue(vr *model.Variant, name string) jen.Code {
	if vr.Pointer {
		return jen.Op("*").Id("x").Op("=").Op("&").Id(name)
	}
	return jen.Op("*").Id("x").Op("=").Id(name)
}

// decodeTaggedFunc: find the discriminator first, then decode the object
// whole with the chosen variant's own decoder (and policy).
func (e *emitter) decodeTaggedFunc(t *model.Type) {
	u := t.Union
	var all []string
	var cases []jen.Code
	for _, vr := range u.Variants {
		all = append(all, vr.Values...)
		var vals []jen.Code
		for _, val := range vr.Values {
			vals = append(vals, jen.Lit(val))
		}
		cases = append(cases, jen.Case(vals...).Block(
			jen.Var().Id("v").Add(e.goType(vr.Type)),
			id(decodeFuncName(vr.Type)).Call(d, jen.Op("&").Id("v")),
			variantValue(vr, "v"),
		))
	}
	allowed := quoteList(all)
	cases = append(cases, jen.Default().Add(d.Clone().Dot("BadDiscriminator").Call(jen.Lit(u.Discriminator), id("val"), jen.Lit(allowed))))
	e.f.Line().Func().Id(decodeFuncName(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Id(t.Name)).Block(
		jen.List(id("val"), id("ok")).Op(":=").Add(d).Dot("Discriminator").Call(jen.Lit(u.Discriminator), jen.Lit(allowed)),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
		jen.Switch(jen.String().Parens(id("val"))).Block(cases...),
	)
}

// decodeUntaggedFunc: try every variant on the exact bytes; exactly one
// must decode without an issue.
func (e *emitter) decodeUntaggedFunc(t *model.Type) {
	var names []string
	body := []jen.Code{
		jen.List(id("raw"), id("ok")).Op(":=").Add(d).Dot("Raw").Call(),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
		id("n").Op(":=").Lit(0),
		jen.Var().Id("won").Op("*").Add(rt("Decoder")),
	}
	for _, vr := range t.Union.Variants {
		names = append(names, vr.Type.Name)
		try := []jen.Code{
			id("d").Op(":=").Id("d").Dot("Trial").Call(id("raw")),
			jen.Var().Id("v").Add(e.goType(vr.Type)),
		}
		try = append(try, e.decValue(vr.Type, "v", site{}, 1)...)
		try = append(try,
			jen.If(id("d").Dot("TrialOK").Call()).Block(id("n").Op("++"), id("won").Op("=").Id("d"), variantValue(vr, "v")))
		body = append(body, jen.Block(try...))
	}
	body = append(body,
		d.Clone().Dot("Matched").Call(id("n"), jen.Lit(strings.Join(names, ", "))),
		jen.If(id("n").Op("==").Lit(1)).Block(d.Clone().Dot("Adopt").Call(id("won"))),
	)
	e.f.Line().Func().Id(decodeFuncName(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Id(t.Name)).Block(body...)
}
