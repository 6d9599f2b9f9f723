package serve

import (
	"github.com/dave/jennifer/jen"
)

// hints are the "hint" members of the envelopes, by error code: what a model
// should do next.
var hints = []struct{ code, hint string }{
	{codeValidation, "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."},
	{codeTool, "The tool could not complete the request. Read the message and change the arguments or the approach before retrying."},
	{codeInternal, "The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."},
	{codeTimeout, "The tool did not finish in time. Retry later, or with a smaller request."},
	{codeCanceled, "The call was canceled before the tool finished."},
	{codeUnknownTool, "Call one of the listed tools."},
}

// emitEnvelope emits the single error channel of SPEC §4.14: every failure
// becomes an isError result whose text is a JSON envelope.
func emitEnvelope(f *jen.File) {
	emitFail(f)
	emitIssues(f)
	emitEnvelopeFunc(f)
	emitHint(f)
}

func emitFail(f *jen.File) {
	f.Comment("stitchServeFail classifies a handler failure: a panic is INTERNAL_ERROR, an")
	f.Comment("expired or canceled context TIMEOUT or CANCELED, a *" + nameError + " keeps its")
	f.Comment("issues as VALIDATION_ERROR, any other error is TOOL_ERROR with its text.")
	f.Func().Id("stitchServeFail").Params(callParam(), jen.Id("err").Error()).Add(resultPtr()).Block(
		jen.Id("call").Dot("Err").Op("=").Id("err"),
		jen.Var().Id("p").Op("*").Id("stitchServePanic"),
		jen.Var().Id("se").Op("*").Id(nameError),
		jen.Switch().Block(
			jen.Case(jen.Qual(pathErrors, "As").Call(jen.Id("err"), jen.Op("&").Id("p"))).Block(
				jen.Return(jen.Id("stitchServeEnvelope").Call(jen.Lit(codeInternal), jen.Nil(), jen.Lit("the tool failed unexpectedly"))),
			),
			jen.Case(jen.Qual(pathErrors, "Is").Call(jen.Id("err"), jen.Qual(pathContext, "DeadlineExceeded"))).Block(
				jen.Return(jen.Id("stitchServeEnvelope").Call(jen.Lit(codeTimeout), jen.Nil(), jen.Lit("the tool did not finish before its deadline"))),
			),
			jen.Case(jen.Qual(pathErrors, "Is").Call(jen.Id("err"), jen.Qual(pathContext, "Canceled"))).Block(
				jen.Return(jen.Id("stitchServeEnvelope").Call(jen.Lit(codeCanceled), jen.Nil(), jen.Lit("the call was canceled"))),
			),
			jen.Case(jen.Qual(pathErrors, "As").Call(jen.Id("err"), jen.Op("&").Id("se")).Op("&&").Len(jen.Id("se").Dot("Issues")).Op(">").Lit(0)).Block(
				jen.Id("call").Dot("Issues").Op("=").Id("se").Dot("Issues"),
				jen.Return(jen.Id("stitchServeEnvelope").Call(jen.Lit(codeValidation), jen.Id("se").Dot("Issues"), jen.Lit(""))),
			),
		),
		jen.Return(jen.Id("stitchServeEnvelope").Call(jen.Lit(codeTool), jen.Nil(), jen.Id("err").Dot("Error").Call())),
	)
}

func emitIssues(f *jen.File) {
	f.Comment("stitchServeIssues returns the issues of a decode error.")
	f.Func().Id("stitchServeIssues").Params(jen.Id("err").Error()).Index().Id(nameIssue).Block(
		jen.Var().Id("se").Op("*").Id(nameError),
		jen.If(jen.Qual(pathErrors, "As").Call(jen.Id("err"), jen.Op("&").Id("se")).Op("&&").Len(jen.Id("se").Dot("Issues")).Op(">").Lit(0)).Block(
			jen.Return(jen.Id("se").Dot("Issues")),
		),
		jen.Return(jen.Index().Id(nameIssue).Values(jen.Values(jen.Dict{
			jen.Id("Path"):    jen.Lit(""),
			jen.Id("Code"):    jen.Lit("custom"),
			jen.Id("Message"): jen.Id("err").Dot("Error").Call(),
		}))),
	)
	f.Comment("stitchServeIssueJSON is the JSON form of an issue in an envelope.")
	f.Type().Id("stitchServeIssueJSON").Struct(
		jen.Id("Path").String().Tag(map[string]string{"json": "path"}),
		jen.Id("Code").String().Tag(map[string]string{"json": "code"}),
		jen.Id("Expected").String().Tag(map[string]string{"json": "expected,omitempty"}),
		jen.Id("Message").String().Tag(map[string]string{"json": "message"}),
	)
	f.Comment("stitchServeEnvelopeJSON is the text of a failed call.")
	f.Type().Id("stitchServeEnvelopeJSON").Struct(
		jen.Id("Error").String().Tag(map[string]string{"json": "error"}),
		jen.Id("Issues").Index().Id("stitchServeIssueJSON").Tag(map[string]string{"json": "issues,omitempty"}),
		jen.Id("Message").String().Tag(map[string]string{"json": "message,omitempty"}),
		jen.Id("Hint").String().Tag(map[string]string{"json": "hint"}),
	)
}

func emitEnvelopeFunc(f *jen.File) {
	f.Comment("stitchServeEnvelope builds the isError result of a failed call.")
	f.Func().Id("stitchServeEnvelope").Params(jen.Id("code").String(), jen.Id("issues").Index().Id(nameIssue), jen.Id("message").String()).Add(resultPtr()).Block(
		jen.Id("env").Op(":=").Id("stitchServeEnvelopeJSON").Values(jen.Dict{
			jen.Id("Error"):   jen.Id("code"),
			jen.Id("Message"): jen.Id("message"),
			jen.Id("Hint"):    jen.Id("stitchServeHint").Call(jen.Id("code")),
		}),
		jen.For(jen.List(jen.Id("_"), jen.Id("is")).Op(":=").Range().Id("issues")).Block(
			jen.Id("env").Dot("Issues").Op("=").Append(jen.Id("env").Dot("Issues"), jen.Id("stitchServeIssueJSON").Values(
				jen.Id("is").Dot("Path"), jen.Id("is").Dot("Code"), jen.Id("is").Dot("Expected"), jen.Id("is").Dot("Message"))),
		),
		jen.Comment("Encoding cannot fail: the envelope holds only strings. HTML escaping"),
		jen.Comment("is off so that a model reads \"<\" and \">\" as they are."),
		jen.Var().Id("b").Qual(pathBytes, "Buffer"),
		jen.Id("enc").Op(":=").Qual(pathJSON, "NewEncoder").Call(jen.Op("&").Id("b")),
		jen.Id("enc").Dot("SetEscapeHTML").Call(jen.False()),
		jen.Id("_").Op("=").Id("enc").Dot("Encode").Call(jen.Id("env")),
		jen.Return(jen.Op("&").Id(nameResult).Values(jen.Dict{
			jen.Id("Text"):      jen.Qual(pathStrings, "TrimSuffix").Call(jen.Id("b").Dot("String").Call(), jen.Lit("\n")),
			jen.Id("IsError"):   jen.True(),
			jen.Id("ErrorCode"): jen.Id("code"),
			jen.Id("Issues"):    jen.Id("issues"),
		})),
	)
}

func emitHint(f *jen.File) {
	f.Comment("stitchServeHint is the envelope's advice for an error code.")
	f.Func().Id("stitchServeHint").Params(jen.Id("code").String()).String().Block(
		jen.Switch(jen.Id("code")).BlockFunc(func(g *jen.Group) {
			for _, h := range hints {
				g.Case(jen.Lit(h.code)).Block(jen.Return(jen.Lit(h.hint)))
			}
		}),
		jen.Return(jen.Lit("")),
	)
}
