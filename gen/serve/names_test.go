package serve

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

func TestMCPMode(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"", "gosdk", ""},
		{"gosdk", "gosdk", ""},
		{"none", "none", ""},
		{"mcpgo", "", `serve: unknown MCP adapter "mcpgo" (want "gosdk" or "none")`},
	} {
		got, err := mcpMode(Options{MCP: tc.in})
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != tc.want || gotErr != tc.err {
			t.Errorf("mcpMode(%q) = %q, %q; want %q, %q", tc.in, got, gotErr, tc.want, tc.err)
		}
	}
}

func TestCheckTools(t *testing.T) {
	str := &model.Type{Kind: model.KindString, Name: "Label"}
	in := &model.Type{Kind: model.KindStruct, Name: "Do", Struct: &model.Struct{}}
	for _, tc := range []struct {
		tool *model.Tool
		err  string
	}{
		{&model.Tool{Name: "do", Input: in}, ""},
		{&model.Tool{Name: "do", Input: str}, `serve: tool "do": input is not a named struct type`},
		{&model.Tool{Name: "do", Input: in, Output: &model.Type{Kind: model.KindSlice, Elem: str}}, `serve: tool "do": output type has no name`},
	} {
		err := checkTools(&model.Package{Tools: []*model.Tool{tc.tool}})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("checkTools: got %q, want %q", got, tc.err)
		}
	}
}

func TestEmitDeterministicAndOptions(t *testing.T) {
	a, b := render(t, fixturePackage(), Options{}), render(t, fixturePackage(), Options{})
	if !bytes.Equal(a, b) {
		t.Fatal("two renders differ")
	}
	none := string(render(t, fixturePackage(), Options{MCP: "none"}))
	if strings.Contains(none, "go-sdk") || strings.Contains(none, "StitchAddTools") {
		t.Error("-mcp=none output still has the MCP adapter")
	}
	if !strings.Contains(string(a), `"github.com/modelcontextprotocol/go-sdk/mcp"`) {
		t.Error("default output lacks the MCP adapter")
	}
	empty := render(t, &model.Package{Name: "empty", Path: "example.com/empty"}, Options{})
	if got := string(empty); got != "package empty\n" {
		t.Errorf("a package without tools got %q", got)
	}
}
