package stitch

import (
	"fmt"

	"github.com/stitchgen/stitchgen/facts"
)

// A Profile names a projection of a tool's advertised input schema for one
// consumer: MCP clients (the advertised schema itself) or an LLM
// provider's function calling. The generator computes every profile's
// schema (package profile of the generator); a service chooses the profile
// where it serves the tools, usually through a provider adapter.
type Profile string

// The profiles of the providers this module's adapters serve. The names
// are the registry's (package facts); a profile added there needs no
// constant here: its adapter declares its own (as stitchopenai.Profile).
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
	// Profile is the profile it is for (Tool.Profiles holds one per
	// provider profile).
	Profile Profile
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

// Schema returns t's input schema under profile p: the advertised schema
// under ProfileMCP (or ""), the entry of t.Profiles for p otherwise, and
// the zero ProfileSchema for a profile t has no entry for (a hand-built
// tool, served to that provider in no form). It fails on a name that is
// no profile.
func (t *Tool) Schema(p Profile) (ProfileSchema, error) {
	if p == "" || p == ProfileMCP {
		return ProfileSchema{Profile: ProfileMCP, Schema: t.InputSchema}, nil
	}
	for _, ps := range t.Profiles {
		if ps.Profile == p {
			return ps, nil
		}
	}
	if !facts.IsProfile(string(p)) {
		return ProfileSchema{}, fmt.Errorf("stitch: unknown profile %q (known: %s)", p, facts.KnownProfiles())
	}
	return ProfileSchema{Profile: p}, nil
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
