// Package serve emits the typed tool handlers of a package: the handler
// interface, the SDK-free dispatcher and the MCP adapter.
package serve

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// Options select what is emitted.
type Options struct {
	MCP string // "gosdk" (default) or "none"
}

// Emit adds the handler plumbing for pkg's tools to f. Schema constants are
// emitted by package gen under the names of gen.ConstNames.
func Emit(f *jen.File, pkg *model.Package, opt Options) error { panic("TODO(serve)") }
