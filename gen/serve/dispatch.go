package serve

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// emitDispatcher emits StitchDispatcher, its constructor and Call.
func emitDispatcher(f *jen.File, pkg *model.Package) {
	f.Commentf("%s runs tool calls: tool name + raw JSON arguments → %s. It needs", nameDispatcher, nameResult)
	f.Comment("no MCP SDK and holds no mutable state, so one value serves concurrent calls.")
	f.Type().Id(nameDispatcher).Struct(
		jen.Id("h").Id(nameHandler),
		jen.Id("opt").Id(nameOptions),
	)
	f.Commentf("%s returns a dispatcher that serves h (not nil) with opt.", nameNewDisp)
	f.Func().Id(nameNewDisp).Params(jen.Id("h").Id(nameHandler), jen.Id("opt").Id(nameOptions)).Op("*").Id(nameDispatcher).Block(
		jen.Return(jen.Op("&").Id(nameDispatcher).Values(jen.Id("h").Op(":").Id("h"), jen.Id("opt").Op(":").Id("opt"))),
	)
	emitCallMethod(f, pkg)
	emitUnknown(f, pkg)
}

// emitCallMethod emits (*StitchDispatcher).Call with one case per tool.
func emitCallMethod(f *jen.File, pkg *model.Package) {
	f.Comment("Call decodes args (an empty document counts as {}) with the tool's exact")
	f.Comment("decoder, runs the handler and encodes its output. It never fails: every")
	f.Comment("problem (invalid arguments, handler error or panic, abandoned handler,")
	f.Comment("unknown tool) is an isError result carrying a JSON envelope. Observers see")
	f.Comment("every call. A panic outside the handler (in Before or an encoder) is an")
	f.Comment("INTERNAL_ERROR too; a panic in After is recovered and ignored.")
	f.Func().Params(jen.Id("d").Op("*").Id(nameDispatcher)).Id("Call").Params(
		jen.Id("ctx").Qual(pathContext, "Context"), jen.Id("tool").String(), jen.Id("args").Index().Byte(),
	).Op("*").Id(nameResult).Block(
		jen.Id("start").Op(":=").Qual(pathTime, "Now").Call(),
		jen.Id("call").Op(":=").Op("&").Id(nameCall).Values(jen.Id("Tool").Op(":").Id("tool"), jen.Id("Args").Op(":").Id("args")),
		jen.List(jen.Id("ctx"), jen.Id("res")).Op(":=").Id("stitchServeGuard").Call(jen.Id("ctx"), jen.Id("call"),
			jen.Func().Params().Params(jen.Qual(pathContext, "Context"), resultPtr()).Block(
				jen.Switch(jen.Id("tool")).BlockFunc(func(g *jen.Group) {
					for _, t := range pkg.Tools {
						g.Case(jen.Lit(t.Name)).Block(
							jen.Return(jen.Id("stitchServeRun").Call(
								jen.Id("ctx"), jen.Id("d"), jen.Id("call"), jen.Id("d").Dot("h").Dot(methodName(t)), encoderFor(pkg, t))),
						)
					}
				}),
				jen.Return(jen.Id("stitchServeUnknown").Call(jen.Id("ctx"), jen.Id("d"), jen.Id("call"))),
			)),
		jen.Id("call").Dot("Duration").Op("=").Qual(pathTime, "Since").Call(jen.Id("start")),
		jen.Id("call").Dot("Result").Op("=").Id("res"),
		jen.Id("stitchServeAfter").Call(jen.Id("ctx"), jen.Id("d"), jen.Id("call")),
		jen.Return(jen.Id("res")),
	)
	emitGuard(f)
}

// emitGuard emits the recovery of panics outside the handler goroutine, so
// that no call takes the server down (the MCP SDK does not recover).
func emitGuard(f *jen.File) {
	f.Comment("stitchServeGuard runs body and turns a panic in it into an INTERNAL_ERROR.")
	f.Func().Id("stitchServeGuard").Params(ctxParam(), callParam(),
		jen.Id("body").Func().Params().Params(jen.Qual(pathContext, "Context"), resultPtr()),
	).Params(jen.Id("rctx").Qual(pathContext, "Context"), jen.Id("res").Add(resultPtr())).Block(
		jen.Defer().Func().Params().Block(
			jen.If(jen.Id("p").Op(":=").Recover(), jen.Id("p").Op("!=").Nil()).Block(
				jen.Id("call").Dot("Err").Op("=").Op("&").Id("stitchServePanic").Values(
					jen.Id("value").Op(":").Id("p"), jen.Id("stack").Op(":").Qual(pathDebug, "Stack").Call()),
				jen.List(jen.Id("rctx"), jen.Id("res")).Op("=").List(jen.Id("ctx"),
					jen.Id("stitchServeEnvelope").Call(jen.Lit(codeInternal), jen.Nil(), jen.Lit("the tool failed unexpectedly"))),
			),
		).Call(),
		jen.Return(jen.Id("body").Call()),
	)
	f.Comment("stitchServeAfter calls the After observer, if any; its panic is ignored so")
	f.Comment("that an observer cannot change a call's result or take the server down.")
	f.Func().Id("stitchServeAfter").Params(ctxParam(), dispParam(), callParam()).Block(
		jen.If(jen.Id("d").Dot("opt").Dot("After").Op("==").Nil()).Block(jen.Return()),
		jen.Defer().Func().Params().Block(jen.Id("_").Op("=").Recover()).Call(),
		jen.Id("d").Dot("opt").Dot("After").Call(jen.Id("ctx"), jen.Id("call")),
	)
}

// emitUnknown emits the handling of a call to a tool the package lacks.
func emitUnknown(f *jen.File, pkg *model.Package) {
	f.Comment("stitchServeUnknown answers a call to a tool this package does not declare.")
	f.Func().Id("stitchServeUnknown").Params(
		jen.Id("ctx").Qual(pathContext, "Context"), jen.Id("d").Op("*").Id(nameDispatcher), jen.Id("call").Op("*").Id(nameCall),
	).Params(jen.Qual(pathContext, "Context"), jen.Op("*").Id(nameResult)).Block(
		jen.Id("ctx").Op("=").Id("stitchServeBefore").Call(jen.Id("ctx"), jen.Id("d"), jen.Id("call")),
		jen.Id("msg").Op(":=").Lit("unknown tool ").Op("+").Qual(pathStrconv, "Quote").Call(jen.Id("call").Dot("Tool")).
			Op("+").Lit("; the tools are: "+toolList(pkg)),
		jen.Return(jen.Id("ctx"), jen.Id("stitchServeEnvelope").Call(jen.Lit(codeUnknownTool), jen.Nil(), jen.Id("msg"))),
	)
}

// encoderFor is the output encoder Call passes for tool t: the generated
// MarshalJSON for a struct output, encoding/json for another named output,
// the text itself for a tool without output type.
func encoderFor(pkg *model.Package, t *model.Tool) jen.Code {
	switch {
	case t.Output == nil:
		return jen.Id("stitchServeText")
	case t.Output.Kind == model.KindStruct:
		return jen.Id("stitchServeMarshal").Index(typeRef(pkg, t.Output))
	}
	return jen.Id("stitchServeMarshalValue").Index(typeRef(pkg, t.Output))
}

// encoderKinds reports which output encoders pkg's tools use.
func encoderKinds(pkg *model.Package) (text, marshal, value bool) {
	for _, t := range pkg.Tools {
		switch {
		case t.Output == nil:
			text = true
		case t.Output.Kind == model.KindStruct:
			marshal = true
		default:
			value = true
		}
	}
	return text, marshal, value
}
