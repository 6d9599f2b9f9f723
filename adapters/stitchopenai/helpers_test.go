package stitchopenai_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/stitchgen/stitchgen/stitch"
)

// A replay is a local stand-in for the OpenAI API: it answers the n-th
// request with the n-th reply and records every request (method, path,
// body) as the SDK sent it.
type replay struct {
	mu       sync.Mutex
	replies  []string
	requests []string // "POST /chat/completions"
	bodies   []string
}

func (r *replay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	r.mu.Lock()
	n := len(r.bodies)
	r.requests = append(r.requests, req.Method+" "+req.URL.Path)
	r.bodies = append(r.bodies, string(body))
	r.mu.Unlock()
	if err != nil || n >= len(r.replies) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":{"message":"the replay has no reply for this request","type":"invalid_request_error"}}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, r.replies[n])
}

// body returns the body of the i-th request.
func (r *replay) body(t *testing.T, i int) string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if i >= len(r.bodies) {
		t.Fatalf("the SDK sent %d requests, want at least %d", len(r.bodies), i+1)
	}
	return r.bodies[i]
}

// newClient returns an SDK client of a local replay server with replies.
func newClient(t *testing.T, replies ...string) (openai.Client, *replay) {
	t.Helper()
	r := &replay{replies: replies}
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	client := openai.NewClient(
		option.WithBaseURL(srv.URL),
		option.WithAPIKey("test-key"),
		option.WithMaxRetries(0),
	)
	return client, r
}

// recorder keeps the argument bytes of every call the dispatcher saw.
type recorder struct {
	mu   sync.Mutex
	args []string
}

func (r *recorder) options() stitch.Options {
	return stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.args = append(r.args, c.Tool+" "+string(c.Profile)+" "+string(c.Args))
	}}
}

func (r *recorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.args...)
}

// chatReply is a chat.completion (the API reference's "chat completion
// object") whose first choice's message makes the given tool calls, each
// a JSON object text {"id":…,"type":"function","function":{…}}.
func chatReply(calls ...string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion","created":1764000000,"model":"gpt-test",` +
		`"choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":null,"annotations":[],` +
		`"tool_calls":[` + strings.Join(calls, ",") + `]},"logprobs":null,"finish_reason":"tool_calls"}],` +
		`"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`
}

// chatAnswer is a chat.completion whose first choice answers with text.
func chatAnswer(text string) string {
	return `{"id":"chatcmpl-2","object":"chat.completion","created":1764000001,"model":"gpt-test",` +
		`"choices":[{"index":0,"message":{"role":"assistant","content":` + quote(text) + `,"refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],` +
		`"usage":{"prompt_tokens":20,"completion_tokens":5,"total_tokens":25}}`
}

// chatCall is a function tool call of a chat completion; args is the
// JSON string literal of its arguments, as the API writes it.
func chatCall(id, name, args string) string {
	return `{"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}`
}

// response is a Responses API response object (the API reference's
// "response object") with the given output items.
func response(id string, items ...string) string {
	return `{"id":"` + id + `","object":"response","created_at":1764000000,"status":"completed","error":null,` +
		`"incomplete_details":null,"instructions":null,"max_output_tokens":null,"model":"gpt-test",` +
		`"output":[` + strings.Join(items, ",") + `],"parallel_tool_calls":true,"previous_response_id":null,` +
		`"store":true,"temperature":1.0,"text":{"format":{"type":"text"}},"tool_choice":"auto","tools":[],"top_p":1.0,` +
		`"truncation":"disabled","usage":{"input_tokens":10,"output_tokens":5,"total_tokens":15},"metadata":{}}`
}

// functionCall is a function_call output item; args is the JSON string
// literal of its arguments.
func functionCall(id, callID, name, args string) string {
	return `{"type":"function_call","id":"` + id + `","call_id":"` + callID + `","name":"` + name + `","arguments":` + args + `,"status":"completed"}`
}

// message is an assistant message output item with one output_text.
func message(text string) string {
	return `{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + quote(text) + `,"annotations":[]}]}`
}

// quote is the JSON string literal of s as the SDK writes it (no HTML
// escaping).
func quote(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// diff reports a mismatch of a full text.
func diff(t *testing.T, what, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	t.Errorf("%s differs at byte %d:\n got: %s\nwant: %s", what, i, got, want)
}
