package stitchgenai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// exampleDispatcher serves every tool of every example contract package
// (the handlers are never called here).
func exampleDispatcher(t *testing.T) *stitch.Dispatcher {
	t.Helper()
	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(nil), broadcast.StitchTools(nil), everything.StitchTools(nil))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDeclarationsMCP: under the default profile every example tool
// declares its advertised schema, byte for byte, as parametersJsonSchema.
func TestDeclarationsMCP(t *testing.T) {
	d := exampleDispatcher(t)
	ts, err := stitchgenai.New(d, stitch.ProfileMCP)
	if err != nil {
		t.Fatal(err)
	}
	fds := ts.Tools()[0].FunctionDeclarations
	tools := d.Tools()
	if len(fds) != len(tools) || len(tools) < 19 {
		t.Fatalf("%d declarations for %d tools", len(fds), len(tools))
	}
	for i, tool := range tools {
		fd := fds[i]
		raw, ok := fd.ParametersJsonSchema.(json.RawMessage)
		switch {
		case fd.Name != tool.Name || fd.Description != tool.Description:
			t.Errorf("declaration %d is %q %q, want %q %q", i, fd.Name, fd.Description, tool.Name, tool.Description)
		case fd.Parameters != nil:
			t.Errorf("%s: typed parameters under mcp", tool.Name)
		case !ok || string(raw) != tool.InputSchema:
			t.Errorf("%s: parametersJsonSchema %v, want the advertised schema %s", tool.Name, fd.ParametersJsonSchema, tool.InputSchema)
		}
	}
	if n := ts.Notes(); n != nil {
		t.Errorf("notes: %q", n)
	}
}

// TestDeclarationsGemini: under gemini every example tool declares its
// profile's form, and every typed Schema encodes back to the generated
// JSON: the same value, every keyword and number kept.
func TestDeclarationsGemini(t *testing.T) {
	d := exampleDispatcher(t)
	ts, err := stitchgenai.New(d, stitch.ProfileGemini)
	if err != nil {
		t.Fatal(err)
	}
	var forms []string
	for i, fd := range ts.Tools()[0].FunctionDeclarations {
		tool := d.Tools()[i]
		ps, _ := tool.Schema(stitch.ProfileGemini)
		switch {
		case ps.OpenAPI && ps.Schema == "":
			if fd.Parameters != nil || fd.ParametersJsonSchema != nil {
				t.Errorf("%s: a tool without arguments has parameters", tool.Name)
			}
			forms = append(forms, tool.Name+": none")
		case ps.OpenAPI:
			if fd.Parameters == nil || fd.ParametersJsonSchema != nil {
				t.Fatalf("%s: not declared as typed parameters", tool.Name)
			}
			back, err := json.Marshal(fd.Parameters)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := canonicalNumbers(t, string(back)), canonicalNumbers(t, ps.Schema); got != want {
				t.Errorf("%s: genai.Schema encodes back to\n%s\nwant the generated\n%s", tool.Name, got, want)
			}
			forms = append(forms, tool.Name+": parameters")
		default:
			raw, ok := fd.ParametersJsonSchema.(json.RawMessage)
			if fd.Parameters != nil || !ok || string(raw) != tool.InputSchema || ps.Schema != tool.InputSchema {
				t.Errorf("%s: the fallback form is not the advertised schema as parametersJsonSchema", tool.Name)
			}
			forms = append(forms, tool.Name+": parametersJsonSchema")
		}
	}
	compare(t, "forms", strings.Join(forms, "\n"), `place_order: parameters
get_order: parameters
cancel_order: parameters
send_broadcast: parametersJsonSchema
edit_broadcast: parameters
preview_broadcast: parameters
test_simple_text: none
test_image_content: none
test_audio_content: none
test_embedded_resource: none
test_multiple_content_types: none
test_tool_with_logging: none
test_tool_with_progress: none
test_error_handling: none
test_reconnection: none
test_sampling: parameters
test_elicitation: parameters
test_elicitation_sep1034_defaults: none
test_elicitation_sep1330_enums: none`)
	if n := ts.Notes(); n != nil {
		t.Errorf("notes: %q", n)
	}
}

// canonicalNumbers re-encodes a document with sorted keys, numbers kept
// as their literals (no float64), so that two texts compare as values.
func canonicalNumbers(t *testing.T, doc string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// handBuilt is a tool built by hand, with the given gemini schema.
func handBuilt(name, input string, gemini stitch.ProfileSchema) stitch.Tool {
	gemini.Profile = stitch.ProfileGemini
	return stitch.Tool{
		Name: name, Description: "Hand-built " + name + ".", InputSchema: input, Profiles: []stitch.ProfileSchema{gemini},
		Decode: func(args []byte, _ stitch.DecodeOptions) (any, []string, []string, error) {
			return string(args), nil, nil, nil
		},
		Run: func(_ context.Context, in any) (stitch.Output, error) {
			return stitch.Output{Text: "args " + in.(string)}, nil
		},
	}
}

// TestTypedSchemaLossFallsBack: a gemini schema genai.Schema cannot hold
// without loss is declared as parametersJsonSchema with the advertised
// schema, and Notes says which tool, what and where.
func TestTypedSchemaLossFallsBack(t *testing.T) {
	const input = `{"type":"object","properties":{"n":{"type":"integer"}}}`
	cases := []struct{ name, schema string }{
		{"unknown_keyword", `{"type":"OBJECT","properties":{"n":{"type":"INTEGER"}},"additionalProperties":false}`},
		{"big_bound", `{"type":"OBJECT","properties":{"n":{"type":"INTEGER","maximum":9007199254740993}}}`},
		{"null_default", `{"type":"OBJECT","properties":{"n":{"type":"INTEGER","nullable":true,"default":null}}}`},
		{"empty_description", `{"type":"OBJECT","description":"","properties":{"n":{"type":"INTEGER"}}}`},
		{"wrong_type", `{"type":"OBJECT","properties":{"n":{"type":"INTEGER","maxLength":1.5}}}`},
		{"lossless", `{"type":"OBJECT","properties":{"n":{"type":"INTEGER","minimum":1.0,"maximum":1e2}},"propertyOrdering":["n"]}`},
	}
	var table []stitch.Tool
	for _, c := range cases {
		table = append(table, handBuilt(c.name, input, stitch.ProfileSchema{Schema: c.schema, OpenAPI: true}))
	}
	d, err := stitch.NewDispatcher(stitch.Options{}, table)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := stitchgenai.New(d, stitch.ProfileGemini)
	if err != nil {
		t.Fatal(err)
	}
	compare(t, "notes", strings.Join(ts.Notes(), "\n"), `tool unknown_keyword: genai.Schema cannot hold its gemini schema (it changes the value at /additionalProperties); declared as parametersJsonSchema with the advertised schema
tool big_bound: genai.Schema cannot hold its gemini schema (it changes the value at /properties/n/maximum); declared as parametersJsonSchema with the advertised schema
tool null_default: genai.Schema cannot hold its gemini schema (it changes the value at /properties/n/default); declared as parametersJsonSchema with the advertised schema
tool empty_description: genai.Schema cannot hold its gemini schema (it changes the value at /description); declared as parametersJsonSchema with the advertised schema
tool wrong_type: genai.Schema cannot hold its gemini schema (decoding: json: cannot unmarshal number 1.5 into Go struct field Schema.properties.maxLength of type int64); declared as parametersJsonSchema with the advertised schema`)
	for i, fd := range ts.Tools()[0].FunctionDeclarations {
		raw, _ := fd.ParametersJsonSchema.(json.RawMessage)
		if cases[i].name == "lossless" {
			if fd.Parameters == nil || raw != nil {
				t.Errorf("lossless: not declared as typed parameters")
			}
			continue
		}
		if fd.Parameters != nil || string(raw) != input {
			t.Errorf("%s: declared as %v / %s, want the advertised schema as parametersJsonSchema", fd.Name, fd.Parameters, raw)
		}
	}
}

// TestNewErrors: New refuses a profile that is not Gemini's and a
// hand-built tool without a gemini schema under gemini (which serves it
// under mcp).
func TestNewErrors(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{handBuilt("plain", `{"type":"object"}`, stitch.ProfileSchema{})})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, p := range []stitch.Profile{stitch.ProfileOpenAIStrict, stitch.ProfileGemini, stitch.ProfileMCP, ""} {
		ts, err := stitchgenai.New(d, p)
		switch {
		case err != nil:
			msgs = append(msgs, err.Error())
		default:
			fd := ts.Tools()[0].FunctionDeclarations[0]
			msgs = append(msgs, fmt.Sprintf("%q: %s %s", p, ts.Profile(), fd.ParametersJsonSchema))
		}
	}
	compare(t, "New", strings.Join(msgs, "\n"), `stitchgenai: profile "openai-strict" is not Gemini's: use "mcp" or "gemini"
stitchgenai: tool "plain" has no gemini schema (a hand-built tool adds a gemini entry to Tool.Profiles); serve it under "mcp"
"mcp": mcp {"type":"object"}
"": mcp {"type":"object"}`)
}

// TestToolsAreFresh: Tools builds new values each time, so a caller's
// change does not reach the next request's declarations.
func TestToolsAreFresh(t *testing.T) {
	ts := shopToolset(t, stitch.ProfileGemini)
	a := ts.Tools()
	a[0].FunctionDeclarations[0].Parameters.Description = "changed"
	b := ts.Tools()
	if b[0].FunctionDeclarations[0].Parameters.Description == "changed" {
		t.Fatal("Tools returned a shared schema")
	}
	if b[0] == a[0] {
		t.Fatal("Tools returned a shared tool")
	}
}
