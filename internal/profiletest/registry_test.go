package profiletest

import (
	"slices"
	"testing"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
	"github.com/stitchgen/stitchgen/stitch"
)

// TestRegistry ties the spellings of the profiles to the one registry
// (package facts): the generator's profiles (profile.Names, each with a
// projection), the runtime's constants (stitch.Profile*), and the
// generated tools (internal/fixture: one Tool.Profiles entry per provider
// profile, in the registry's order, its constant named with the
// registry's identifier spelling).
func TestRegistry(t *testing.T) {
	want := facts.ProfileNames()
	var got []string
	for _, n := range profile.Names() {
		got = append(got, string(n))
		if _, err := profile.Project(n, "t", &model.Object{}); err != nil {
			t.Errorf("profile %s has no projection: %v", n, err)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("profile.Names() = %v, want the registry's %v", got, want)
	}
	for _, p := range []stitch.Profile{stitch.ProfileMCP, stitch.ProfileOpenAIStrict, stitch.ProfileAnthropicStrict, stitch.ProfileGemini} {
		if !facts.IsProfile(string(p)) {
			t.Errorf("stitch constant %q is not a registered profile", p)
		}
	}
	// Every profile serves ping (a plain object) in its own form, so the
	// fixture's ping has an entry and a constant for each.
	ping := fixture.StitchTools(nil)[1]
	var listed []string
	for _, ps := range ping.Profiles {
		listed = append(listed, string(ps.Profile))
	}
	if !slices.Equal(listed, want[1:]) {
		t.Errorf("ping's Tool.Profiles = %v, want the registry's provider profiles %v", listed, want[1:])
	}
	// The generated constants, by the registry's names: a profile added
	// to the registry without regenerating, or without its constant here,
	// fails.
	consts := map[string]string{
		"openai-strict":    fixture.PingOpenAIStrictSchema,
		"anthropic-strict": fixture.PingAnthropicStrictSchema,
		"gemini":           fixture.PingGeminiSchema,
	}
	for _, n := range want[1:] {
		ps, err := ping.Schema(stitch.Profile(n))
		if c, ok := consts[n]; !ok || err != nil || ps.Schema != c {
			t.Errorf("ping under %s: %q, %v; want the constant %s", n, ps.Schema, err, names.ProfileSchema("Ping", facts.ProfileIdent(n)))
		}
	}
}
