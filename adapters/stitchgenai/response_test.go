package stitchgenai_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// TestFunctionResponseContent: every kind of result as the function
// response genai sends: the output or the error envelope under its key,
// media as inline data parts, a resource link as a file data part, the
// ID and name of the call echoed.
func TestFunctionResponseContent(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		t.Fatal(err)
	}
	run := func(name, args string) *stitch.Result {
		return d.Call(context.Background(), name, []byte(args))
	}
	fc := &genai.FunctionCall{ID: "c-1", Name: "place_order"}
	cases := []struct {
		what string
		r    *stitch.Result
		want string
	}{
		{"structured", run("place_order", `{"customerId":7}`),
			`{"id":"c-1","name":"place_order","response":{"output":{"customerId":7,"orderId":"o-7"}}}`},
		{"structured with content", run("place_order", `{"customerId":7,"note":"content"}`),
			`{"parts":[{"inlineData":{"mimeType":"image/png","data":"iVBORw=="}}],"id":"c-1","name":"place_order","response":{"output":{"customerId":7,"orderId":"o-7"}}}`},
		{"text with audio", run("ping", `{"echo":"content"}`),
			`{"parts":[{"inlineData":{"mimeType":"audio/wav","data":"UklGRg=="}}],"id":"c-1","name":"place_order","response":{"output":"pong content"}}`},
		{"tool error", run("place_order", `{"customerId":7,"note":"fail"}`),
			`{"id":"c-1","name":"place_order","response":{"error":{"error":"TOOL_ERROR","hint":"The tool could not complete the request. Read the message and change the arguments or the approach before retrying.","message":"customer is blocked"}}}`},
		{"resources", &stitch.Result{Content: []stitch.Content{
			&stitch.TextContent{Text: "see"},
			&stitch.ResourceLink{URI: "file:///r.txt", Name: "r.txt", MIMEType: "text/plain"},
			&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "mem://a", MIMEType: "text/plain", Text: "inline text"}},
			&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "mem://b", MIMEType: "application/octet-stream", Blob: []byte{1, 2}}},
		}}, `{"parts":[{"fileData":{"fileUri":"file:///r.txt","mimeType":"text/plain","displayName":"r.txt"}},{"inlineData":{"mimeType":"application/octet-stream","data":"AQI="}}],"id":"c-1","name":"place_order","response":{"output":"see\ninline text"}}`},
		{"not JSON", &stitch.Result{Structured: json.RawMessage(`{"a":`), Content: []stitch.Content{&stitch.TextContent{Text: `{"a":`}}},
			`{"id":"c-1","name":"place_order","response":{"error":{"error":"INTERNAL_ERROR","message":"the tool's output is not a JSON document: invalid character '}' looking for beginning of value"}}}`},
	}
	for _, c := range cases {
		b, err := json.Marshal(stitchgenai.Result(fc, c.r))
		if err != nil {
			t.Fatal(err)
		}
		compare(t, c.what, string(b), c.want)
	}
}

// bigTool answers each call with a number genai cannot tell from the one
// before: 9007199254740993, then 9007199254740992.
func bigTool() stitch.Tool {
	n := 0
	return stitch.Tool{
		Name: "big", Description: "Big numbers.", InputSchema: `{"type":"object"}`, OutputSchema: `{"type":"object"}`,
		Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
		Run: func(context.Context, any) (stitch.Output, error) {
			n++
			return stitch.Output{Value: json.RawMessage(`{"n":900719925474099` + string(rune('4'-n)) + `}`)}, nil
		},
	}
}

// TestExactBodyCollision: the same call answered twice with documents
// genai cannot tell apart is not guessed: both go out as genai encodes
// them.
func TestExactBodyCollision(t *testing.T) {
	reply := callReply(`{"functionCall":{"id":"same","name":"big"}}`)
	f := newFakeGemini(t, reply, reply, textReply("ok"))
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{bigTool()})
	if err != nil {
		t.Fatal(err)
	}
	ts := newToolset(t, d, stitch.ProfileMCP)
	c := f.client(t, true)
	cfg := config(ts, true)
	history := []*genai.Content{genai.NewContentFromText("big", genai.RoleUser)}
	var responses []string
	for range 2 {
		resp := generate(t, c, cfg, history)
		reply, calls := ts.Reply(context.Background(), resp)
		responses = append(responses, string(calls[0].Response))
		history = append(history, resp.Candidates[0].Content, reply)
	}
	compare(t, "responses", strings.Join(responses, " "), `{"output":{"n":9007199254740993}} {"output":{"n":9007199254740992}}`)
	generate(t, c, cfg, history)
	call := `{"parts":[{"functionCall":{"id":"same","name":"big"}}],"role":"model"}`
	response := `{"parts":[{"functionResponse":{"id":"same","name":"big","response":{"output":{"n":9007199254740992}}}}],"role":"user"}`
	compare(t, "request 3", f.requests()[2], request(`"tools":[{"functionDeclarations":[{"description":"Big numbers.","name":"big","parametersJsonSchema":{"type":"object"}}]}]`,
		userText("big"), call, response, call, response))
}
