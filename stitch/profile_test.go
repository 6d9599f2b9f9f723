package stitch_test

import (
	"reflect"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// TestToolSchema: Tool.Schema reads the advertised schema under mcp, the
// tool's entry under a provider profile, the zero schema under a
// registered profile the tool has no entry for, and fails on a name that
// is no profile.
func TestToolSchema(t *testing.T) {
	tool := stitch.Tool{Name: "t", InputSchema: `{"type":"object"}`, Profiles: []stitch.ProfileSchema{
		{Profile: stitch.ProfileOpenAIStrict, Schema: `{"strict":1}`, Strict: true, NullAsAbsent: true},
	}}
	for _, c := range []struct {
		p    stitch.Profile
		want stitch.ProfileSchema
	}{
		{"", stitch.ProfileSchema{Profile: stitch.ProfileMCP, Schema: `{"type":"object"}`}},
		{stitch.ProfileMCP, stitch.ProfileSchema{Profile: stitch.ProfileMCP, Schema: `{"type":"object"}`}},
		{stitch.ProfileOpenAIStrict, stitch.ProfileSchema{Profile: stitch.ProfileOpenAIStrict, Schema: `{"strict":1}`, Strict: true, NullAsAbsent: true}},
		{stitch.ProfileGemini, stitch.ProfileSchema{Profile: stitch.ProfileGemini}},
	} {
		got, err := tool.Schema(c.p)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Schema(%q) = %+v, %v; want %+v", c.p, got, err, c.want)
		}
	}
	_, err := tool.Schema("grok")
	if want := `stitch: unknown profile "grok" (known: mcp, openai-strict, anthropic-strict, gemini)`; err == nil || err.Error() != want {
		t.Errorf("Schema(grok): %v, want %s", err, want)
	}
}
