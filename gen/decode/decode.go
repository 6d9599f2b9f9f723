// Package decode emits the exact-key decoders and the encoders (SPEC §3, §4)
// of a package's contract types with jennifer, and provides the runtime
// support code that every generated file carries.
package decode

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// Emit adds UnmarshalJSON, MarshalJSON and, for tool inputs, DecodeToolCall
// to f for every contract type of pkg.
func Emit(f *jen.File, pkg *model.Package) error { panic("TODO(decode)") }

// Runtime returns the Go source of the support code (scanner, issues,
// formats) appended to every generated file: a complete Go file whose package
// clause and imports the assembler replaces.
func Runtime() []byte { panic("TODO(decode)") }
