// Package check runs the generation-time checks of SPEC §6 on the exact
// documents that ship.
package check

import (
	"github.com/stitchgen/stitchgen/gen/schema"
	"github.com/stitchgen/stitchgen/model"
)

// Options switch checks on and off.
type Options struct {
	AllowUntyped bool     // do not require typed properties
	AllowFormats []string // formats allowed beyond the portable ones
}

// Tool checks one tool's advertised input schema (and output schema, when
// present). The lossless doc carries the positions of the Go fields.
func Tool(t *model.Tool, advertised *model.Object, lossless *schema.Doc, output *schema.Doc, opt Options) []model.Diagnostic {
	panic("TODO(check)")
}
