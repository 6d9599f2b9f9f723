package stitch

import "fmt"

// A Profile names a projection of a tool's advertised input schema for one
// consumer: MCP clients (the advertised schema itself) or an LLM
// provider's function calling. The generator computes every profile's
// schema (package profile of the generator); a service chooses the profile
// where it serves the tools, usually through a provider adapter.
type Profile string

// The profiles.
const (
	// ProfileMCP is the advertised schema (Tool.InputSchema).
	ProfileMCP Profile = "mcp"
	// ProfileOpenAIStrict is OpenAI strict function calling: every property
	// required, optional ones made nullable, additionalProperties false on
	// every object.
	ProfileOpenAIStrict Profile = "openai-strict"
	// ProfileAnthropicStrict is Anthropic strict tool use.
	ProfileAnthropicStrict Profile = "anthropic-strict"
	// ProfileGemini is Gemini's FunctionDeclaration.parameters (an OpenAPI
	// 3.0 subset), or parametersJsonSchema where that cannot say it.
	ProfileGemini Profile = "gemini"
)

// A ProfileSchema is a tool's input schema as a profile serves it.
type ProfileSchema struct {
	// Schema is the document to send (JSON). Under ProfileGemini it is ""
	// for a tool without arguments: the declaration has no parameters.
	Schema string
	// Strict says the provider is to enforce Schema: send the tool with
	// "strict": true. A tool the profile cannot make strict has Strict
	// false and Schema the advertised schema (the generator warned why).
	Strict bool
	// OpenAPI says Schema is Gemini's typed Schema (send it as
	// FunctionDeclaration.parameters); otherwise it is JSON Schema (for
	// Gemini: parametersJsonSchema).
	OpenAPI bool
	// NullAsAbsent says the profile made the tool's optional properties
	// required and nullable, so a call is decoded with
	// DecodeOptions.NullAsAbsent: an explicit null for such a property is
	// read as absent (its default applies).
	NullAsAbsent bool
}

// Schema returns t's input schema under profile p.
func (t *Tool) Schema(p Profile) (ProfileSchema, error) {
	switch p {
	case ProfileMCP, "":
		return ProfileSchema{Schema: t.InputSchema}, nil
	case ProfileOpenAIStrict:
		return t.OpenAIStrict, nil
	case ProfileAnthropicStrict:
		return t.AnthropicStrict, nil
	case ProfileGemini:
		return t.Gemini, nil
	}
	return ProfileSchema{}, fmt.Errorf("stitch: unknown profile %q (known: mcp, openai-strict, anthropic-strict, gemini)", p)
}

// DecodeOptions change how Tool.Decode reads a call's arguments.
type DecodeOptions struct {
	// NullAsAbsent reads an explicit null for a property that is optional
	// and not nullable in the contract as if the property were absent (its
	// default applies), and a null for a key of a flattened union that
	// only other variants declare as absent too: what a model sends under
	// a profile that made every property required and nullable
	// (ProfileSchema.NullAsAbsent). Nothing else is tolerated.
	NullAsAbsent bool
	// Report, when not nil, receives everything the decode changed or
	// left out (a generated tool's Decode fills it; a hand-built one may
	// leave it as it is). The dispatcher sets it and copies it into Call.
	Report *DecodeReport
}

// A DecodeReport lists, as JSON Pointers into the arguments, every value a
// tool call's decode did not take as it came: the keys a strip policy
// dropped, the strings JSON-string repair parsed, the strings trim, lower
// or upper changed, the values coerce read from their string form, and the
// invalid values catch replaced with the default.
type DecodeReport struct {
	Dropped, Repaired, Rewritten, Coerced, Caught []string
}
