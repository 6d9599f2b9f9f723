package serve

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// emitTypes emits the exported data types of the dispatcher: its options,
// the observer's view of a call and the SDK-free result.
func emitTypes(f *jen.File) {
	emitOptions(f)
	emitCall(f)
	emitResult(f)
}

// field is one documented struct field.
func field(doc, name string, typ jen.Code) jen.Code {
	s := jen.Null()
	for _, line := range strings.Split(doc, "\n") {
		s.Comment(line).Line()
	}
	return s.Id(name).Add(typ)
}

func emitOptions(f *jen.File) {
	f.Commentf("%s configure a %s. The zero value is ready to use.", nameOptions, nameDispatcher)
	f.Type().Id(nameOptions).Struct(
		field("MaxArgBytes caps the size of a call's argument document: 0 means 1 MiB,\n"+
			"a negative value means no cap. A larger document is rejected with a size issue.",
			"MaxArgBytes", jen.Int()),
		field("Timeout, when positive, is the deadline of each handler call. A handler\n"+
			"that outlives its context's deadline gives a TIMEOUT result; it is not\n"+
			"stopped, only abandoned, so handlers should watch ctx.Done().",
			"Timeout", jen.Qual(pathTime, "Duration")),
		field("Before, when set, is called for every call once its arguments are decoded\n"+
			"(or rejected), before the handler runs; the context it returns, if not nil,\n"+
			"is passed to the handler and to After.",
			"Before", jen.Func().Params(jen.Id("ctx").Qual(pathContext, "Context"), jen.Id("call").Op("*").Id(nameCall)).Qual(pathContext, "Context")),
		field("After, when set, is called exactly once for every call, rejected ones\n"+
			"included, with Duration, Err and Result filled in.",
			"After", jen.Func().Params(jen.Id("ctx").Qual(pathContext, "Context"), jen.Id("call").Op("*").Id(nameCall))),
	)
}

func emitCall(f *jen.File) {
	f.Commentf("%s is what observers see of one tool call. Each call has its own value;", nameCall)
	f.Comment("observers may keep it but should not modify it.")
	f.Type().Id(nameCall).Struct(
		field("Tool is the called tool's name.", "Tool", jen.String()),
		field("Args is the argument document as received (nil when the client sent none).", "Args", jen.Index().Byte()),
		field("Input is the decoded input value (for example a PlaceOrder, not a pointer);\n"+
			"nil when the call was rejected before its handler ran.", "Input", jen.Any()),
		field("Dropped lists the JSON Pointers of the keys a strip policy dropped.", "Dropped", jen.Index().String()),
		field("Repaired lists the JSON Pointers of the strings JSON-string repair parsed.", "Repaired", jen.Index().String()),
		field("Issues are the problems of a rejected call: the decoder's, the size cap's, or\n"+
			"those of a *"+nameError+" returned by the handler.", "Issues", jen.Index().Id(nameIssue)),
		field("Err is the handler's error, a recovered panic (with its stack), the context's\n"+
			"error of an abandoned handler, or the output encoding error; nil otherwise.", "Err", jen.Error()),
		field("Duration is the time the call took, decoding included (set before After).", "Duration", jen.Qual(pathTime, "Duration")),
		field("Result is what the caller gets (set before After).", "Result", jen.Op("*").Id(nameResult)),
	)
}

func emitResult(f *jen.File) {
	f.Commentf("%s is the outcome of one call, independent of any MCP SDK.", nameResult)
	f.Type().Id(nameResult).Struct(
		field("Structured is the output document of a tool with an output type (the\n"+
			"structuredContent); nil for text tools and failed calls.", "Structured", jen.Qual(pathJSON, "RawMessage")),
		field("Text is the text content: the output document, the text a text tool\n"+
			"returned, or the JSON error envelope of a failed call.", "Text", jen.String()),
		field("IsError reports a failed call.", "IsError", jen.Bool()),
		field("ErrorCode is the envelope's error code: \"\" on success, else one of\n"+
			"VALIDATION_ERROR, TOOL_ERROR, INTERNAL_ERROR, TIMEOUT, CANCELED, UNKNOWN_TOOL.", "ErrorCode", jen.String()),
		field("Issues are the envelope's issues (VALIDATION_ERROR only).", "Issues", jen.Index().Id(nameIssue)),
	)
}
