package serve

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// Options select what is emitted.
type Options struct {
	// MCP names the MCP adapter: "gosdk" (the default; "" means it) emits
	// StitchAddTools for github.com/modelcontextprotocol/go-sdk/mcp, "none"
	// emits only the SDK-free handler interface and dispatcher.
	MCP string
}

// Emit adds the handler plumbing for pkg's tools to f: the StitchHandler
// interface, StitchTools, the StitchDispatcher with its options and observer
// types, and (unless opt.MCP is "none") StitchAddTools. A package without
// tools gets nothing. Schema constants are emitted by package gen as
// TInputSchema and TOutputSchema (T the tool's Go input type name).
func Emit(f *jen.File, pkg *model.Package, opt Options) error {
	mode, err := mcpMode(opt)
	if err != nil {
		return err
	}
	if err := checkTools(pkg); err != nil {
		return err
	}
	if len(pkg.Tools) == 0 {
		return nil
	}
	f.ImportName(pathBytes, "bytes")
	f.ImportName(pathContext, "context")
	f.ImportName(pathErrors, "errors")
	f.ImportName(pathFmt, "fmt")
	f.ImportName(pathJSON, "json")
	f.ImportName(pathDebug, "debug")
	f.ImportName(pathStrconv, "strconv")
	f.ImportName(pathStrings, "strings")
	f.ImportName(pathTime, "time")
	emitHandler(f, pkg)
	emitTools(f, pkg)
	emitTypes(f)
	emitDispatcher(f, pkg)
	emitRun(f)
	emitInvoke(f)
	emitEncoders(f, pkg)
	emitEnvelope(f)
	if mode == mcpGoSDK {
		f.ImportName(pathMCP, "mcp")
		emitMCP(f)
	}
	return nil
}
