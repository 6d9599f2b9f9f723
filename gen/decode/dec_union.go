package decode

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/names"
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
			id(decodeFuncName(vr.Type)).Call(dvar(), jen.Op("&").Id("v")),
			variantValue(vr, "v"),
		))
	}
	allowed := quoteList(all)
	cases = append(cases, jen.Default().Add(dvar().Dot("BadDiscriminator").Call(jen.Lit(u.Discriminator), id("val"), jen.Lit(allowed))))
	e.f.Line().Func().Id(decodeFuncName(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Add(e.goType(t))).Block(
		jen.List(id("val"), id("ok")).Op(":=").Add(dvar()).Dot("Discriminator").Call(jen.Lit(u.Discriminator), jen.Lit(allowed)),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
		jen.Switch(jen.String().Parens(id("val"))).Block(cases...),
	)
}

// decodeUntaggedFunc: try every variant on the exact bytes; exactly one
// must decode without an issue. The trials stop at their first issue and
// keep none; every trial but the first match goes back to the pool at
// once. Only when the variants did not match exactly once does
// Unmatched describe them (the union's variable, unionVar) and decode the
// closest one again for its issues.
func (e *emitter) decodeUntaggedFunc(t *model.Type) {
	n := len(t.Union.Variants)
	try, union := names.TryFunc(t), names.UnionVar(t)
	e.f.Line().Func().Id(decodeFuncName(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Add(e.goType(t))).Block(
		jen.List(id("raw"), id("ok")).Op(":=").Add(dvar()).Dot("Raw").Call(),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
		jen.Var().Id("hit").Index(jen.Lit(n)).Bool(),
		jen.Var().Id("won").Op("*").Add(rt("Decoder")),
		id("n").Op(":=").Lit(0),
		jen.For(id("i").Op(":=").Range().Id("hit")).Block(
			id("t").Op(":=").Add(dvar()).Dot("Trial").Call(id("raw")),
			jen.If(id("hit").Index(id("i")).Op("=").Id(try).Call(id("t"), id("x"), id("i")), id("hit").Index(id("i"))).Block(
				id("n").Op("++"),
			),
			jen.If(id("n").Op("==").Lit(1).Op("&&").Id("hit").Index(id("i"))).Block(
				id("won").Op("=").Id("t"),
			).Else().Block(id("t").Dot("Release").Call()),
		),
		jen.If(id("n").Op("==").Lit(1)).Block(dvar().Dot("Adopt").Call(id("won")), jen.Return()),
		dvar().Dot("Unmatched").Call(id("raw"), id("hit").Index(jen.Empty(), jen.Empty()), jen.Op("&").Id(union),
			jen.Func().Params(id("t").Op("*").Add(rt("Decoder")), id("i").Int()).Block(
				jen.Var().Id("v").Add(e.goType(t)),
				id(try).Call(id("t"), jen.Op("&").Id("v"), id("i")),
			)),
	)
	e.tryFunc(t)
	e.unionVar(t)
}

// tryFunc emits the function that decodes variant i of an untagged union
// and stores it in *x when it decoded without an issue.
func (e *emitter) tryFunc(t *model.Type) {
	var cases []jen.Code
	for i, vr := range t.Union.Variants {
		body := []jen.Code{jen.Var().Id("v").Add(e.goType(vr.Type))}
		body = append(body, e.decValue(vr.Type, named("v"), site{}, 1)...)
		body = append(body, jen.If(dvar().Dot("TrialOK").Call()).Block(variantValue(vr, "v"), jen.Return(jen.True())))
		cases = append(cases, jen.Case(jen.Lit(i)).Block(body...))
	}
	e.f.Comment(names.TryFunc(t) + " decodes variant i of " + t.Name + " (its anyOf branch i) and stores it in *x when it")
	e.f.Comment("decoded without an issue.")
	e.f.Func().Id(names.TryFunc(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Add(e.goType(t)), id("i").Int()).Bool().Block(
		jen.Switch(id("i")).Block(cases...),
		jen.Return(jen.False()),
	)
}

// unionVar emits the description of an untagged union's variants, as its
// advertised anyOf branches say them, for the issues of its decoder.
func (e *emitter) unionVar(t *model.Type) {
	var vars []jen.Code
	var words []string
	for _, vr := range t.Union.Variants {
		sh := variantShape(vr.Type)
		words = append(words, sh.words)
		var kinds *jen.Statement
		for i, k := range sh.kinds {
			if i == 0 {
				kinds = rt(k)
			} else {
				kinds = kinds.Op("|").Add(rt(k))
			}
		}
		fields := jen.Dict{id("Shape"): jen.Lit(sh.words), id("Kinds"): kinds}
		if len(sh.keys) > 0 {
			var keys []jen.Code
			for _, k := range sh.keys {
				keys = append(keys, jen.Lit(k))
			}
			fields[id("Keys")] = jen.Index().String().Values(keys...)
		}
		vars = append(vars, jen.Values(fields))
	}
	e.f.Comment(names.UnionVar(t) + " describes the variants of " + t.Name + " as its schema does, for the issues of its decoder.")
	e.f.Var().Id(names.UnionVar(t)).Op("=").Add(rt("Union")).Values(jen.Dict{
		id("Shapes"):   jen.Lit(strings.Join(words, "; ")),
		id("Variants"): jen.Index().Add(rt("Variant")).Values(vars...),
	})
}
