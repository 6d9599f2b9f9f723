package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// TestSameServer: the everything server is the same on both SDKs. One
// client (the Go SDK's, over streamable HTTP, at the protocol version of
// the suite's client) sees the same tools, resources, templates and
// prompts on each, and the same answers to everything that needs no
// answer from the client. What the suite does not compare: it checks
// each server against its own expectations.
func TestSameServer(t *testing.T) {
	ctx := context.Background()
	connect := func(sdk string) *mcp.ClientSession {
		t.Helper()
		s, err := newServer(sdk, stitch.Options{})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(s.http())
		t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
		c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
		cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
		if err != nil {
			t.Fatalf("%s: %v", sdk, err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	gosdk, mcpgo := connect("gosdk"), connect("mcpgo")

	// Each query asks both servers and returns what each answered, as JSON.
	type query struct {
		name string
		ask  func(*mcp.ClientSession) (any, error)
	}
	queries := []query{
		{"tools/list", func(cs *mcp.ClientSession) (any, error) { return cs.ListTools(ctx, nil) }},
		{"resources/list", func(cs *mcp.ClientSession) (any, error) { return cs.ListResources(ctx, nil) }},
		{"resources/templates/list", func(cs *mcp.ClientSession) (any, error) { return cs.ListResourceTemplates(ctx, nil) }},
		{"prompts/list", func(cs *mcp.ClientSession) (any, error) { return cs.ListPrompts(ctx, nil) }},
		{"completion/complete", func(cs *mcp.ClientSession) (any, error) {
			return cs.Complete(ctx, &mcp.CompleteParams{
				Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: "test_prompt_with_arguments"},
				Argument: mcp.CompleteParamsArgument{Name: "arg1", Value: "a"},
			})
		}},
	}
	for _, uri := range []string{"test://static-text", "test://static-binary", "test://template/7/data", "test://watched-resource"} {
		queries = append(queries, query{"resources/read " + uri, func(cs *mcp.ClientSession) (any, error) {
			return cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		}})
	}
	for name, args := range map[string]map[string]string{
		"test_simple_prompt":                 nil,
		"test_prompt_with_arguments":         {"arg1": "a", "arg2": "b"},
		"test_prompt_with_embedded_resource": {"resourceUri": "test://x"},
		"test_prompt_with_image":             nil,
	} {
		queries = append(queries, query{"prompts/get " + name, func(cs *mcp.ClientSession) (any, error) {
			return cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: args})
		}})
	}
	for tool, args := range map[string]string{
		"test_simple_text": `{}`, "test_image_content": `{}`, "test_audio_content": `{}`,
		"test_embedded_resource": `{}`, "test_multiple_content_types": `{}`, "test_error_handling": `{}`,
		"test_tool_with_logging": `{}`, "test_tool_with_progress": `{}`,
		"json_schema_2020_12_tool": `{"name":"n","address":{"city":"c"}}`,
		"test_sampling":            `{}`,      // invalid: the decoder answers
		"no_such_tool":             `{}`,      // unknown: the dispatcher answers on mcp-go, the SDK on go-sdk
		"test_elicitation":         `{"m":1}`, // invalid
	} {
		queries = append(queries, query{"tools/call " + tool, func(cs *mcp.ClientSession) (any, error) {
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
		}})
	}

	for _, q := range queries {
		t.Run(q.name, func(t *testing.T) {
			a, errA := q.ask(gosdk)
			b, errB := q.ask(mcpgo)
			ja, jb := normalize(t, a, errA), normalize(t, b, errB)
			if q.name == "tools/call no_such_tool" {
				// go-sdk answers an unknown tool itself, before the
				// dispatcher (docs/mcpgo.md, "Unknown tools").
				if !strings.Contains(ja, "unknown tool") || !strings.Contains(jb, "UNKNOWN_TOOL") {
					t.Errorf("go-sdk: %s\nmcp-go: %s", ja, jb)
				}
				return
			}
			if ja != jb {
				t.Errorf("go-sdk: %s\nmcp-go: %s", ja, jb)
			}
		})
	}
}

// normalize is the JSON of a result, or of its error, without what the
// SDKs write differently and the server does not choose: mcp-go writes
// "annotations":{} for a tool without annotations, where go-sdk writes
// none (docs/mcpgo.md, gap 3); go-sdk v1.8.0 adds cache hints to list and
// read results ("cacheScope":"public"), mcp-go none.
func normalize(t *testing.T, v any, err error) string {
	t.Helper()
	if err != nil {
		return "error: " + err.Error()
	}
	if l, ok := v.(*mcp.ListToolsResult); ok {
		for _, tl := range l.Tools {
			if tl.Annotations != nil && *tl.Annotations == (mcp.ToolAnnotations{}) {
				tl.Annotations = nil
			}
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "ttlMs")
	delete(m, "cacheScope")
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	return string(b)
}
