package check

import (
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

// Options switch checks on and off.
type Options struct {
	AllowUntyped bool     // do not require typed properties
	AllowFormats []string // formats allowed beyond the portable ones
}

// Tool checks one tool's advertised input schema (and output schema, when
// present) and returns every finding, unsorted. Findings about a property
// are named "tool.dotted.path" (array items, map values and union variants
// are transparent) and positioned at the Go field that declares it, taken
// from lossless.Positions (the tool's position when no field is known);
// findings in the output schema are named "tool output.dotted.path".
func Tool(t *model.Tool, advertised *model.Object, lossless *schema.Doc, output *schema.Doc, opt Options) []model.Diagnostic {
	var ds []model.Diagnostic
	if t.Description == "" {
		ds = append(ds, model.Diagnostic{Pos: t.Pos, Subject: "tool " + t.Name, Warning: true,
			Msg: "tool has no description; add a doc comment to its input type, the model reads it to choose the tool"})
	}
	in := &checker{tool: t, opt: opt, subject: t.Name, fields: fieldsByPath(t.Input)}
	if lossless != nil {
		in.positions, in.defPaths = lossless.Positions, lossless.DefPaths
	}
	if !isObjectWithProperties(advertised) {
		ds = append(ds, model.Diagnostic{Pos: t.Pos, Subject: "tool " + t.Name,
			Msg: `input schema must be an object with "properties" (MCP clients reject anything else); use a struct as the tool's input type`})
	}
	in.document(advertised, true)
	if advertised != nil {
		in.headers(advertised)
	}
	ds = append(ds, in.diags...)
	if output != nil && output.Schema != nil {
		out := &checker{tool: t, opt: opt, subject: t.Name + " output", fields: fieldsByPath(t.Output),
			positions: output.Positions, defPaths: output.DefPaths}
		if typ, _ := output.Schema.Get("type"); typ != "object" {
			ds = append(ds, model.Diagnostic{Pos: t.Pos, Subject: "tool " + t.Name,
				Msg: `output schema must be an object (MCP requires "type": "object"); use a struct as the output type`})
		}
		out.document(output.Schema, false)
		ds = append(ds, out.diags...)
	}
	return ds
}

func isObjectWithProperties(o *model.Object) bool {
	if o == nil {
		return false
	}
	typ, _ := o.Get("type")
	props, _ := o.Get("properties")
	_, ok := props.(*model.Object)
	return typ == "object" && ok
}
