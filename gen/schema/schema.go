// Package schema builds the lossless JSON Schema 2020-12 documents of tool
// inputs and outputs from the model. It is pure: model in, document out.
package schema

import "github.com/stitchgen/stitchgen/model"

// A Doc is one built schema document with what later stages need to know
// about it.
type Doc struct {
	Schema *model.Object
	// Discriminators maps the JSON Pointer of every discriminated-union node
	// (a "oneOf") in Schema to its declared discriminator key, for flatten.
	Discriminators map[string]string
	// Positions maps the dotted property path of every property in Schema
	// ("items.sku", "delivery.address"; array items and union variants are
	// transparent) to the Go field that declares it, for §6 diagnostics.
	Positions map[string]model.Pos
}

// Input returns the lossless input schema of a tool.
func Input(t *model.Tool) *Doc { panic("TODO(schema)") }

// Output returns the lossless output schema of a tool; nil when the tool has no output type.
func Output(t *model.Tool) *Doc { panic("TODO(schema)") }
