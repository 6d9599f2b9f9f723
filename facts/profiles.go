package facts

import "strings"

// A Profile is one projection of a tool's advertised input schema: MCP
// (the advertised schema itself) or what one LLM provider's function
// calling accepts.
type Profile struct {
	// Name is how users, the command line, the manifest and stitch.Profile
	// spell it: "openai-strict".
	Name string
	// Ident is how generated identifiers spell it: the schema constant of
	// tool input type In under it is In+Ident+"Schema"
	// (InOpenAIStrictSchema).
	Ident string
}

// MCP is the name of the profile that serves the advertised schema itself,
// the default.
const MCP = "mcp"

// profiles is the registry: adding a profile adds its line here (the
// generator's package profile then needs its projection, and the loader,
// the generated code, stitch.Tool.Schema and the command line follow).
var profiles = []Profile{
	{Name: MCP, Ident: "MCP"},
	{Name: "openai-strict", Ident: "OpenAIStrict"},
	{Name: "anthropic-strict", Ident: "AnthropicStrict"},
	{Name: "gemini", Ident: "Gemini"},
}

// Profiles returns every profile, MCP first, in the order generated code
// lists them.
func Profiles() []Profile { return append([]Profile(nil), profiles...) }

// ProfileNames returns the name of every profile, in Profiles' order.
func ProfileNames() []string {
	out := make([]string, len(profiles))
	for i, p := range profiles {
		out[i] = p.Name
	}
	return out
}

// IsProfile reports whether name is a profile of the registry.
func IsProfile(name string) bool {
	for _, p := range profiles {
		if p.Name == name {
			return true
		}
	}
	return false
}

// ProfileIdent returns how generated identifiers spell profile name, or ""
// when name is no profile.
func ProfileIdent(name string) string {
	for _, p := range profiles {
		if p.Name == name {
			return p.Ident
		}
	}
	return ""
}

// KnownProfiles lists the profile names for a message:
// "mcp, openai-strict, anthropic-strict, gemini".
func KnownProfiles() string { return strings.Join(ProfileNames(), ", ") }
