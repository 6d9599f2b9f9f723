package profile_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

func TestNames(t *testing.T) {
	got := profile.Names()
	want := []profile.Name{"mcp", "openai-strict", "anthropic-strict", "gemini"}
	if !slices.Equal(got, want) {
		t.Fatalf("Names() = %q, want %q", got, want)
	}
}

func TestUnknownProfile(t *testing.T) {
	_, err := profile.Project("openai", "t", model.NewObject("type", "object"))
	want := `profile: unknown profile "openai" (valid: mcp, openai-strict, anthropic-strict, gemini)`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
	if _, err := profile.Project(profile.MCP, "t", nil); err == nil || err.Error() != "profile: no schema for tool t" {
		t.Fatalf("nil schema: err = %v", err)
	}
}

// TestDescriptionWording pins stitchgen's wording for what a profile takes
// out of a node: after one space, "Constraints: k v, k v." (values as
// compact JSON, in the node's key order), "Default: v.", "Examples: v, v.",
// "Deprecated.".
func TestDescriptionWording(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"type":"string","minLength":4,"maxLength":12}`, `Constraints: minLength 4, maxLength 12.`},
		{`{"type":"string","description":"Code.","minLength":4}`, `Code. Constraints: minLength 4.`},
		{`{"type":"string","description":"Code","pattern":"^a\\b","default":"a\u00e9\"","examples":["x"],"deprecated":true}`,
			`Code Constraints: pattern "^a\\b". Default: "aé\"". Examples: "x". Deprecated.`},
		{`{"type":"integer","multipleOf":1e2,"minimum":-1.5e-3}`, `Constraints: multipleOf 1e2, minimum -1.5e-3.`},
		{`{"type":"array","items":{"type":"string"},"uniqueItems":true,"maxItems":3}`, `Constraints: uniqueItems true, maxItems 3.`},
	} {
		doc := mustParse(t, `{"type":"object","properties":{"p":`+c.in+`},"required":["p"],"additionalProperties":false}`).(*model.Object)
		r, err := profile.Project(profile.AnthropicStrict, "t", doc)
		if err != nil || !r.Strict {
			t.Fatalf("%s: not strict: %v %v", c.in, err, r.Warnings)
		}
		got, _ := at(r.Schema, "/properties/p/description").(string)
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestCheckRequest(t *testing.T) {
	strict := func(optional, unions int) *profile.Result {
		return &profile.Result{Strict: true, Counts: profile.Counts{Optional: optional, Unions: unions}}
	}
	var tools []*profile.Result
	for range 20 {
		tools = append(tools, strict(1, 0))
	}
	if ws := profile.CheckRequest(profile.AnthropicStrict, tools); len(ws) != 0 {
		t.Errorf("20 tools, 20 optional: %v", ws)
	}
	tools = append(tools, strict(4, 17), &profile.Result{Counts: profile.Counts{Optional: 100}})
	var got []string
	for _, w := range profile.CheckRequest(profile.AnthropicStrict, tools) {
		got = append(got, w.Message)
	}
	want := []string{ // 24 optional properties (20 + 4) is still within the limit
		"21 strict tools: Anthropic takes at most 20 in one request",
		"17 union-typed schemas over the strict tools: Anthropic takes at most 16 in one request",
	}
	if !slices.Equal(got, want) {
		t.Errorf("CheckRequest:\n got %q\nwant %q", got, want)
	}
	tools = append(tools, strict(1, 0))
	if ws := profile.CheckRequest(profile.AnthropicStrict, tools); len(ws) != 3 || !strings.HasPrefix(ws[1].Message, "25 optional properties") {
		t.Errorf("25 optional properties: %v", ws)
	}
	if ws := profile.CheckRequest(profile.OpenAIStrict, tools); ws != nil {
		t.Errorf("openai-strict has no per-request limit: %v", ws)
	}
}
