package serve

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// emitInvoke emits the handler invocation: a goroutine per call so that a
// panic is recovered and a handler past its deadline is abandoned.
func emitInvoke(f *jen.File) {
	f.Comment("stitchServeOutcome is what a handler goroutine hands back.")
	f.Type().Id("stitchServeOutcome").Types(jen.Id("Out").Any()).Struct(
		jen.Id("out").Id("Out"),
		jen.Id("err").Error(),
	)
	f.Comment("stitchServePanic is a recovered handler panic.")
	f.Type().Id("stitchServePanic").Struct(
		jen.Id("value").Any(),
		jen.Id("stack").Index().Byte(),
	)
	f.Func().Params(jen.Id("p").Op("*").Id("stitchServePanic")).Id("Error").Params().String().Block(
		jen.Return(jen.Qual(pathFmt, "Sprintf").Call(jen.Lit("handler panic: %v\n\n%s"), jen.Id("p").Dot("value"), jen.Id("p").Dot("stack"))),
	)
	emitInvokeFunc(f)
}

func emitInvokeFunc(f *jen.File) {
	f.Comment("stitchServeInvoke runs handle in its own goroutine and waits for it or for")
	f.Comment("ctx. A panic becomes a *stitchServePanic; an abandoned handler, ctx.Err().")
	f.Func().Id("stitchServeInvoke").Types(jen.Id("In"), jen.Id("Out").Any()).Params(
		ctxParam(), jen.Id("handle").Add(handleType()), jen.Id("in").Id("In"),
	).Params(jen.Id("Out"), jen.Error()).Block(
		jen.Id("done").Op(":=").Make(jen.Chan().Id("stitchServeOutcome").Index(jen.Id("Out")), jen.Lit(1)),
		jen.Go().Func().Params().Block(
			jen.Var().Id("r").Id("stitchServeOutcome").Index(jen.Id("Out")),
			jen.Defer().Func().Params().Block(
				jen.If(jen.Id("p").Op(":=").Recover(), jen.Id("p").Op("!=").Nil()).Block(
					jen.Id("r").Dot("err").Op("=").Op("&").Id("stitchServePanic").Values(
						jen.Id("value").Op(":").Id("p"), jen.Id("stack").Op(":").Qual(pathDebug, "Stack").Call()),
				),
				jen.Id("done").Op("<-").Id("r"),
			).Call(),
			jen.List(jen.Id("r").Dot("out"), jen.Id("r").Dot("err")).Op("=").Id("handle").Call(jen.Id("ctx"), jen.Id("in")),
		).Call(),
		jen.Select().Block(
			jen.Case(jen.Id("r").Op(":=").Op("<-").Id("done")).Block(
				jen.Return(jen.Id("r").Dot("out"), jen.Id("r").Dot("err")),
			),
			jen.Case(jen.Op("<-").Id("ctx").Dot("Done").Call()).Block(
				jen.Comment("A handler that finished at the same moment still wins."),
				jen.Select().Block(
					jen.Case(jen.Id("r").Op(":=").Op("<-").Id("done")).Block(
						jen.Return(jen.Id("r").Dot("out"), jen.Id("r").Dot("err")),
					),
					jen.Default().Block(
						jen.Var().Id("zero").Id("Out"),
						jen.Return(jen.Id("zero"), jen.Id("ctx").Dot("Err").Call()),
					),
				),
			),
		),
	)
}

// emitEncoders emits the output encoders pkg's tools use.
func emitEncoders(f *jen.File, pkg *model.Package) {
	text, marshal, value := encoderKinds(pkg)
	if text {
		f.Comment("stitchServeText encodes the result of a tool without output type: text only.")
		f.Func().Id("stitchServeText").Params(jen.Id("s").String()).Params(jen.Qual(pathJSON, "RawMessage"), jen.String(), jen.Error()).Block(
			jen.Return(jen.Nil(), jen.Id("s"), jen.Nil()),
		)
	}
	if marshal {
		f.Comment("stitchServeMarshal encodes a struct output with its generated MarshalJSON.")
		f.Func().Id("stitchServeMarshal").Types(jen.Id("Out").Qual(pathJSON, "Marshaler")).Params(jen.Id("out").Id("Out")).
			Params(jen.Qual(pathJSON, "RawMessage"), jen.String(), jen.Error()).Block(encodeBody(jen.Id("out").Dot("MarshalJSON").Call())...)
	}
	if value {
		f.Comment("stitchServeMarshalValue encodes a non-struct output with encoding/json,")
		f.Comment("which calls the generated MarshalJSON of the contract types inside it.")
		f.Func().Id("stitchServeMarshalValue").Types(jen.Id("Out").Any()).Params(jen.Id("out").Id("Out")).
			Params(jen.Qual(pathJSON, "RawMessage"), jen.String(), jen.Error()).Block(encodeBody(jen.Qual(pathJSON, "Marshal").Call(jen.Id("out")))...)
	}
}

// encodeBody returns the structured document and its text from the call enc.
func encodeBody(enc *jen.Statement) []jen.Code {
	return []jen.Code{
		jen.List(jen.Id("b"), jen.Id("err")).Op(":=").Add(enc),
		jen.If(jen.Id("err").Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Lit(""), jen.Id("err"))),
		jen.Return(jen.Id("b"), jen.String().Call(jen.Id("b")), jen.Nil()),
	}
}
