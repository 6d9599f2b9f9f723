package serve

import (
	"github.com/dave/jennifer/jen"
)

// Shorthands for the identifiers the emitted helpers pass around.
func ctxParam() *jen.Statement  { return jen.Id("ctx").Qual(pathContext, "Context") }
func dispParam() *jen.Statement { return jen.Id("d").Op("*").Id(nameDispatcher) }
func callParam() *jen.Statement { return jen.Id("call").Op("*").Id(nameCall) }
func resultPtr() *jen.Statement { return jen.Op("*").Id(nameResult) }

// handleType is func(context.Context, In) (Out, error).
func handleType() *jen.Statement {
	return jen.Func().Params(jen.Qual(pathContext, "Context"), jen.Id("In")).Params(jen.Id("Out"), jen.Error())
}

// encodeType is func(Out) (json.RawMessage, string, error).
func encodeType() *jen.Statement {
	return jen.Func().Params(jen.Id("Out")).Params(jen.Qual(pathJSON, "RawMessage"), jen.String(), jen.Error())
}

// emitRun emits the generic body of every tool call: decode, observe, invoke,
// encode.
func emitRun(f *jen.File) {
	f.Comment("stitchServeDecoder is satisfied by *T for a tool input type T.")
	f.Type().Id("stitchServeDecoder").Types(jen.Id("T").Any()).Interface(
		jen.Op("*").Id("T"),
		jen.Id("DecodeToolCall").Params(jen.Id("data").Index().Byte()).Params(
			jen.List(jen.Id("dropped"), jen.Id("repaired")).Index().String(), jen.Id("err").Error()),
	)
	emitRunFunc(f)
	emitDecodeFunc(f)
	emitBefore(f)
}

func emitRunFunc(f *jen.File) {
	f.Comment("stitchServeRun decodes the call's arguments, runs handle and encodes its output.")
	f.Func().Id("stitchServeRun").Types(
		jen.Id("In").Any(), jen.Id("PIn").Id("stitchServeDecoder").Index(jen.Id("In")), jen.Id("Out").Any(),
	).Params(ctxParam(), dispParam(), callParam(), jen.Id("handle").Add(handleType()), jen.Id("encode").Add(encodeType())).
		Params(jen.Qual(pathContext, "Context"), resultPtr()).Block(
		jen.List(jen.Id("in"), jen.Id("ok")).Op(":=").Id("stitchServeDecode").Index(jen.List(jen.Id("In"), jen.Id("PIn"))).Call(jen.Id("d"), jen.Id("call")),
		jen.Id("ctx").Op("=").Id("stitchServeBefore").Call(jen.Id("ctx"), jen.Id("d"), jen.Id("call")),
		jen.If(jen.Op("!").Id("ok")).Block(
			jen.Return(jen.Id("ctx"), jen.Id("stitchServeEnvelope").Call(jen.Lit(codeValidation), jen.Id("call").Dot("Issues"), jen.Lit(""))),
		),
		jen.Id("hctx").Op(":=").Id("ctx"),
		jen.If(jen.Id("d").Dot("opt").Dot("Timeout").Op(">").Lit(0)).Block(
			jen.Var().Id("cancel").Qual(pathContext, "CancelFunc"),
			jen.List(jen.Id("hctx"), jen.Id("cancel")).Op("=").Qual(pathContext, "WithTimeout").Call(jen.Id("ctx"), jen.Id("d").Dot("opt").Dot("Timeout")),
			jen.Defer().Id("cancel").Call(),
		),
		jen.List(jen.Id("out"), jen.Id("err")).Op(":=").Id("stitchServeInvoke").Call(jen.Id("hctx"), jen.Id("handle"), jen.Id("in")),
		jen.If(jen.Id("err").Op("!=").Nil()).Block(
			jen.Return(jen.Id("ctx"), jen.Id("stitchServeFail").Call(jen.Id("call"), jen.Id("err"))),
		),
		jen.List(jen.Id("structured"), jen.Id("text"), jen.Id("err")).Op(":=").Id("encode").Call(jen.Id("out")),
		jen.If(jen.Id("err").Op("!=").Nil()).Block(
			jen.Id("call").Dot("Err").Op("=").Qual(pathFmt, "Errorf").Call(jen.Lit("encoding the output of tool %s: %w"), jen.Id("call").Dot("Tool"), jen.Id("err")),
			jen.Return(jen.Id("ctx"), jen.Id("stitchServeEnvelope").Call(jen.Lit(codeInternal), jen.Nil(), jen.Lit("the tool's result could not be encoded"))),
		),
		jen.Return(jen.Id("ctx"), jen.Op("&").Id(nameResult).Values(jen.Id("Structured").Op(":").Id("structured"), jen.Id("Text").Op(":").Id("text"))),
	)
}

func emitDecodeFunc(f *jen.File) {
	f.Comment("stitchServeDecode applies the size cap and the tool's exact decoder and")
	f.Comment("records the outcome in call; ok is false for rejected arguments.")
	f.Func().Id("stitchServeDecode").Types(
		jen.Id("In").Any(), jen.Id("PIn").Id("stitchServeDecoder").Index(jen.Id("In")),
	).Params(dispParam(), callParam()).Params(jen.Id("in").Id("In"), jen.Id("ok").Bool()).Block(
		jen.Id("args").Op(":=").Id("call").Dot("Args"),
		jen.If(jen.Len(jen.Id("args")).Op("==").Lit(0)).Block(
			jen.Id("args").Op("=").Index().Byte().Call(jen.Lit("{}")),
		),
		jen.If(jen.Id("issue").Op(",").Id("over").Op(":=").Id("stitchServeSize").Call(jen.Len(jen.Id("args")), jen.Id("d").Dot("opt").Dot("MaxArgBytes")), jen.Id("over")).Block(
			jen.Id("call").Dot("Issues").Op("=").Index().Id(nameIssue).Values(jen.Id("issue")),
			jen.Return(jen.Id("in"), jen.False()),
		),
		jen.List(jen.Id("dropped"), jen.Id("repaired"), jen.Id("err")).Op(":=").Id("PIn").Call(jen.Op("&").Id("in")).Dot("DecodeToolCall").Call(jen.Id("args")),
		jen.If(jen.Id("err").Op("!=").Nil()).Block(
			jen.Id("call").Dot("Issues").Op("=").Id("stitchServeIssues").Call(jen.Id("err")),
			jen.Var().Id("zero").Id("In"),
			jen.Return(jen.Id("zero"), jen.False()),
		),
		jen.List(jen.Id("call").Dot("Input"), jen.Id("call").Dot("Dropped"), jen.Id("call").Dot("Repaired")).Op("=").List(jen.Id("in"), jen.Id("dropped"), jen.Id("repaired")),
		jen.Return(jen.Id("in"), jen.True()),
	)
	emitSize(f)
}

// emitSize emits the size cap check (SPEC §4.8: the serving adapter's cap).
func emitSize(f *jen.File) {
	f.Comment("stitchServeSize reports whether n argument bytes exceed the cap limit")
	f.Comment("(0: the default of 1 MiB; negative: no cap) and the issue that says so.")
	f.Func().Id("stitchServeSize").Params(jen.Id("n"), jen.Id("limit").Int()).Params(jen.Id(nameIssue), jen.Bool()).Block(
		jen.If(jen.Id("limit").Op("==").Lit(0)).Block(jen.Id("limit").Op("=").Lit(defaultMaxArgs)),
		jen.If(jen.Id("limit").Op("<").Lit(0).Op("||").Id("n").Op("<=").Id("limit")).Block(
			jen.Return(jen.Id(nameIssue).Values(), jen.False()),
		),
		jen.Return(jen.Id(nameIssue).Values(jen.Dict{
			jen.Id("Path"):     jen.Lit(""),
			jen.Id("Code"):     jen.Lit("size"),
			jen.Id("Expected"): jen.Lit("at most ").Op("+").Qual(pathStrconv, "Itoa").Call(jen.Id("limit")).Op("+").Lit(" bytes"),
			jen.Id("Message"): jen.Lit("the arguments are ").Op("+").Qual(pathStrconv, "Itoa").Call(jen.Id("n")).
				Op("+").Lit(" bytes long, more than the limit of ").Op("+").Qual(pathStrconv, "Itoa").Call(jen.Id("limit")),
		}), jen.True()),
	)
}

func emitBefore(f *jen.File) {
	f.Comment("stitchServeBefore calls the Before observer, if any.")
	f.Func().Id("stitchServeBefore").Params(ctxParam(), dispParam(), callParam()).Qual(pathContext, "Context").Block(
		jen.If(jen.Id("d").Dot("opt").Dot("Before").Op("==").Nil()).Block(jen.Return(jen.Id("ctx"))),
		jen.If(jen.Id("c").Op(":=").Id("d").Dot("opt").Dot("Before").Call(jen.Id("ctx"), jen.Id("call")), jen.Id("c").Op("!=").Nil()).Block(
			jen.Return(jen.Id("c")),
		),
		jen.Return(jen.Id("ctx")),
	)
}
