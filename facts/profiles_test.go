package facts

import (
	"go/token"
	"testing"
)

// TestProfiles: the registry starts with mcp, and names and identifier
// spellings are unique, the names lower-case words joined by '-', the
// spellings exported Go identifiers.
func TestProfiles(t *testing.T) {
	ps := Profiles()
	if len(ps) == 0 || ps[0].Name != MCP {
		t.Fatalf("the registry must start with %q: %v", MCP, ps)
	}
	names, idents := map[string]bool{}, map[string]bool{}
	for _, p := range ps {
		if names[p.Name] || idents[p.Ident] {
			t.Errorf("profile %q (%s) is registered twice", p.Name, p.Ident)
		}
		names[p.Name], idents[p.Ident] = true, true
		for i, r := range p.Name {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' && i > 0) {
				t.Errorf("profile name %q: want lower-case letters, digits and '-'", p.Name)
				break
			}
		}
		if !token.IsIdentifier(p.Ident) || !token.IsExported(p.Ident) {
			t.Errorf("profile %q: identifier spelling %q is not an exported Go identifier", p.Name, p.Ident)
		}
		if !IsProfile(p.Name) || ProfileIdent(p.Name) != p.Ident {
			t.Errorf("profile %q: IsProfile %v, ProfileIdent %q", p.Name, IsProfile(p.Name), ProfileIdent(p.Name))
		}
	}
	if IsProfile("grok") || ProfileIdent("grok") != "" || IsProfile("") {
		t.Error("a name that is not registered reads as a profile")
	}
	if got, want := KnownProfiles(), "mcp, openai-strict, anthropic-strict, gemini"; got != want {
		t.Errorf("KnownProfiles() = %q, want %q", got, want)
	}
}
