package serve

import (
	"github.com/dave/jennifer/jen"
)

// emitMCP emits StitchAddTools: the adapter for the official MCP Go SDK. It
// uses the raw (*mcp.Server).AddTool, which neither infers, validates nor
// re-marshals schemas or arguments: the advertised schema bytes are served as
// json.RawMessage and the raw arguments go to the generated decoder.
func emitMCP(f *jen.File) {
	f.Commentf("%s registers every tool of the package on s, served by d. Each tool", nameAddTools)
	f.Comment("is added with the raw (*mcp.Server).AddTool: inputSchema and outputSchema are")
	f.Comment("the generated schema bytes, arguments reach the exact decoder untouched, and")
	f.Comment("every failure is an isError result, never a JSON-RPC error.")
	f.Func().Id(nameAddTools).Params(jen.Id("s").Op("*").Qual(pathMCP, "Server"), dispParam()).Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("t")).Op(":=").Range().Id(nameTools).Call()).Block(
			jen.Id("s").Dot("AddTool").Call(jen.Id("stitchServeMCPTool").Call(jen.Id("t")), jen.Id("stitchServeMCPHandler").Call(jen.Id("d"), jen.Id("t").Dot("Name"))),
		),
	)
	f.Comment("stitchServeMCPTool is the SDK's description of t, with the schemas as raw JSON.")
	f.Func().Id("stitchServeMCPTool").Params(jen.Id("t").Id(nameTool)).Op("*").Qual(pathMCP, "Tool").Block(
		jen.Id("tool").Op(":=").Op("&").Qual(pathMCP, "Tool").Values(jen.Dict{
			jen.Id("Name"):        jen.Id("t").Dot("Name"),
			jen.Id("Title"):       jen.Id("t").Dot("Title"),
			jen.Id("Description"): jen.Id("t").Dot("Description"),
			jen.Id("InputSchema"): jen.Qual(pathJSON, "RawMessage").Call(jen.Id("t").Dot("InputSchema")),
		}),
		jen.If(jen.Id("t").Dot("OutputSchema").Op("!=").Lit("")).Block(
			jen.Id("tool").Dot("OutputSchema").Op("=").Qual(pathJSON, "RawMessage").Call(jen.Id("t").Dot("OutputSchema")),
		),
		jen.Return(jen.Id("tool")),
	)
	emitMCPHandler(f)
}

func emitMCPHandler(f *jen.File) {
	f.Comment("stitchServeMCPHandler adapts d to the SDK's raw tool handler for one tool.")
	f.Func().Id("stitchServeMCPHandler").Params(dispParam(), jen.Id("name").String()).Qual(pathMCP, "ToolHandler").Block(
		jen.Return(jen.Func().Params(ctxParam(), jen.Id("req").Op("*").Qual(pathMCP, "CallToolRequest")).Params(jen.Op("*").Qual(pathMCP, "CallToolResult"), jen.Error()).Block(
			jen.Id("r").Op(":=").Id("d").Dot("Call").Call(jen.Id("ctx"), jen.Id("name"), jen.Id("req").Dot("Params").Dot("Arguments")),
			jen.Id("res").Op(":=").Op("&").Qual(pathMCP, "CallToolResult").Values(jen.Dict{
				jen.Id("Content"): jen.Index().Qual(pathMCP, "Content").Values(jen.Op("&").Qual(pathMCP, "TextContent").Values(jen.Id("Text").Op(":").Id("r").Dot("Text"))),
				jen.Id("IsError"): jen.Id("r").Dot("IsError"),
			}),
			jen.If(jen.Id("r").Dot("Structured").Op("!=").Nil()).Block(
				jen.Id("res").Dot("StructuredContent").Op("=").Id("r").Dot("Structured"),
			),
			jen.Return(jen.Id("res"), jen.Nil()),
		)),
	)
}
