package stitch

import (
	"context"
	"encoding/json"
)

// A Tool is one tool as it is advertised, bound to the code that serves it.
// Generated code builds them (a contract package's StitchTools); a service
// may build one by hand for a tool that is not a stitchgen contract, with
// its own Decode and Run.
//
// A Tool is a value: the dispatcher keeps its own copy.
type Tool struct {
	// Name is the tool's name, unique within a dispatcher.
	Name string
	// Title is the human-readable title; "" when the directive sets none.
	Title string
	// Description is the tool's doc comment.
	Description string
	// InputSchema is the advertised input schema (JSON), the exact bytes
	// the adapters serve.
	InputSchema string
	// LosslessSchema is the input schema with unions kept as oneOf/anyOf;
	// "" for a hand-built tool.
	LosslessSchema string
	// OutputSchema is the output schema (JSON); "" when the tool has no
	// output type.
	OutputSchema string
	// Annotations are the tool's MCP annotations; nil when none is set.
	Annotations *Annotations
	// Icons and Meta are the tool's MCP icons and _meta, served as they
	// are by the MCP adapters. The generator sets neither: a service that
	// wants them sets them on the tools StitchTools returns.
	Icons []Icon
	Meta  map[string]any
	// Profiles are the input schema as each provider profile serves it,
	// one entry per profile (ProfileSchema.Profile), in the registry's
	// order; read them with Tool.Schema. Generated code lists every
	// provider profile that serves the tool in some form; a hand-built
	// tool lists none and is then served to those providers in no form.
	Profiles []ProfileSchema

	// Decode decodes a call's arguments exactly: the value for Run, the
	// JSON Pointers of the keys a strip policy dropped and of the strings
	// JSON-string repair parsed, or an error (a *Error lists the issues).
	Decode func(args []byte, opt DecodeOptions) (input any, dropped, repaired []string, err error)
	// Run calls the handler with a value Decode returned.
	Run func(ctx context.Context, input any) (Output, error)
}

// Annotations are the MCP tool annotations a tool directive declares
// (readOnly, destructive, idempotent, openWorld). A nil field was not
// written and is not advertised.
type Annotations struct {
	ReadOnlyHint    *bool `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

// An Icon is a visual identifier of a tool (MCP's Icon).
type Icon struct {
	Src      string   // an HTTPS URL or a data: URI
	MIMEType string   // optional, when the URL does not say it
	Sizes    []string // optional, such as "48x48" or "any"
	Theme    string   // optional: "light" or "dark"
}

// An Output is what a handler returned: the structured output of a tool
// with an output type (Value, encoded with its MarshalJSON, which checks it
// against the output schema), or the text of a tool without one.
type Output struct {
	Value json.Marshaler
	Text  string
}
