package profile

import (
	"errors"
	"fmt"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// A Name names a profile: the consumer a tool's input schema is projected for.
type Name string

// The profiles of the registry (package facts), which Names lists in its
// order; the projection of each is in projections.
const (
	// MCP is the advertised document itself (docs/flattening.md), unchanged.
	MCP Name = facts.MCP
	// OpenAIStrict is OpenAI strict function calling (Structured Outputs):
	// every property required, optional ones made nullable,
	// additionalProperties false on every object, OpenAI's keyword subset.
	OpenAIStrict Name = "openai-strict"
	// AnthropicStrict is Anthropic strict tool use: additionalProperties
	// false on every object, Anthropic's keyword subset, no recursion;
	// optional properties stay optional and are counted.
	AnthropicStrict Name = "anthropic-strict"
	// Gemini is Gemini's FunctionDeclaration.parameters, the typed Schema
	// (an OpenAPI 3.0 subset): no type arrays (nullable instead), no $ref.
	Gemini Name = "gemini"
)

// Names returns every profile name, the default (MCP) first: the
// registry's (package facts).
func Names() []Name {
	var out []Name
	for _, n := range facts.ProfileNames() {
		out = append(out, Name(n))
	}
	return out
}

// projections is how each profile projects an advertised schema. Every
// profile of the registry has one (TestRegistry).
var projections = map[Name]func(advertised *model.Object) *Result{
	MCP:             func(a *model.Object) *Result { return fallback(a, nil) },
	OpenAIStrict:    func(a *model.Object) *Result { return projectStrict(&openAIRules, a) },
	AnthropicStrict: func(a *model.Object) *Result { return projectStrict(&anthropicRules, a) },
	Gemini:          projectGemini,
}

// A Dialect is the schema language a Result's Schema is written in.
type Dialect string

const (
	// JSONSchema is JSON Schema 2020-12: MCP inputSchema, OpenAI
	// parameters, Anthropic input_schema, Gemini parametersJsonSchema.
	JSONSchema Dialect = "json-schema"
	// OpenAPI is Gemini's typed Schema (FunctionDeclaration.parameters):
	// upper-case type names, nullable, no $ref.
	OpenAPI Dialect = "openapi"
)

// A Result is one tool's input schema as a profile serves it.
type Result struct {
	// Schema is the document to send. When the profile could take the tool
	// in its own form (Strict for openai-strict and anthropic-strict,
	// Dialect OpenAPI for gemini), it is that projection; otherwise it is
	// the advertised document unchanged, which the provider accepts in its
	// fallback form (strict off; Gemini's parametersJsonSchema), and
	// Warnings say why. Under gemini Schema is nil when the tool takes no
	// arguments: the declaration then has no parameters (Gemini rejects an
	// OBJECT without properties).
	Schema *model.Object
	// Dialect is the language of Schema.
	Dialect Dialect
	// Strict reports that the provider is to enforce Schema: the tool is
	// sent with "strict": true. Only openai-strict and anthropic-strict
	// ever set it.
	Strict bool
	// Warnings say why the tool is served in the fallback form, one per
	// offending node, in document order. Empty when it is not.
	Warnings []Warning
	// NullAsAbsent lists, as JSON Pointers into Schema, the properties the
	// profile lists in required although the advertised document leaves
	// them optional (openai-strict only; see the package doc for what the
	// decoder does with a null there). Nil when Strict is false.
	NullAsAbsent []string
	// Forms lists the places where the model writes a reversible form
	// (Strict only), in document order; the dispatcher reads them back.
	Forms []Form
	// Counts measures Schema for the providers' size limits.
	Counts Counts
}

// A Warning says why a tool cannot be served in a profile's own form.
type Warning struct {
	Tool string // the tool's name, as given to Project
	// Pointer is the JSON Pointer of the offending node in the advertised
	// document ("" is the root); for a size limit, of the node of the
	// projection where it is crossed (the same path unless a type array was
	// split or a reference inlined).
	Pointer string
	Message string
}

// String returns "tool /pointer: message" (the pointer is left out for the
// root).
func (w Warning) String() string {
	if w.Pointer == "" {
		return w.Tool + ": " + w.Message
	}
	return w.Tool + " " + w.Pointer + ": " + w.Message
}

// Project returns tool's advertised input schema as profile name serves it.
// advertised is not modified and the result shares no mutable value with
// it. Projection never fails on a schema: what the profile cannot take in
// its own form is served in the fallback form with warnings. The error is
// for an unknown profile name or a nil schema only.
func Project(name Name, tool string, advertised *model.Object) (*Result, error) {
	if advertised == nil {
		return nil, errors.New("profile: no schema for tool " + tool)
	}
	project, ok := projections[name]
	if !ok {
		return nil, unknownName(name)
	}
	r := project(advertised)
	for i := range r.Warnings {
		r.Warnings[i].Tool = tool
	}
	r.Counts, _ = measure(r.Schema)
	return r, nil
}

func unknownName(name Name) error {
	return fmt.Errorf("profile: unknown profile %q (valid: %s)", string(name), facts.KnownProfiles())
}

// fallback serves the advertised document as it is, in JSON Schema.
func fallback(advertised *model.Object, warnings []Warning) *Result {
	return &Result{Schema: model.Clone(advertised).(*model.Object), Dialect: JSONSchema, Warnings: warnings}
}
