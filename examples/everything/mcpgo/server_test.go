package mcpgo

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/stitch"
)

// These tests speak raw JSON-RPC over streamable HTTP, as the suite's
// client does, so that they see the bytes mcp-go writes and the stream
// each message comes on.

// version is the protocol version of the suite's client.
const version = "2025-11-25"

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(va, vb)
}

// serve serves NewServer(opt) over streamable HTTP on loopback.
func serve(t *testing.T, opt stitch.Options) string {
	t.Helper()
	s, err := NewServer(opt)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(HTTPHandler(s))
	// Close the clients' connections first: an open GET stream would keep
	// Close waiting.
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	return srv.URL
}

// A session is an initialized MCP session over raw HTTP.
type session struct {
	t   *testing.T
	url string
	id  string
}

// connect initializes a session on the server at url, declaring the
// sampling and elicitation capabilities the suite's client declares.
func connect(t *testing.T, url string) *session {
	t.Helper()
	s := &session{t: t, url: url}
	resp := s.send("POST", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+version+
		`","capabilities":{"sampling":{},"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}`)
	s.id = resp.Header.Get("Mcp-Session-Id")
	if s.id == "" {
		t.Fatal("no session id")
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil || !bytes.Contains(body, []byte(`"result"`)) {
		t.Fatalf("initialize answered %s (%v)", body, err)
	}
	s.send("POST", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

// send sends one HTTP request of the session and returns its response,
// which the test's end closes.
func (s *session) send(method, body string, header ...string) *http.Response {
	s.t.Helper()
	resp, err := s.do(method, body, header...)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp
}

// do is send for any goroutine: it returns the error instead.
func (s *session) do(method, body string, header ...string) (*http.Response, error) {
	req, err := http.NewRequest(method, s.url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	if s.id != "" {
		req.Header.Set("Mcp-Session-Id", s.id)
		req.Header.Set("Mcp-Protocol-Version", version)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	s.t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(resp.Body)
		return nil, fmt.Errorf("%s %s: %s %s", method, body, resp.Status, b)
	}
	return resp, nil
}

// A message is one JSON-RPC message the server sent, with the stream it
// came on.
type message struct {
	stream string // "POST" or "GET"
	raw    json.RawMessage
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
}

// read sends every message of the response r (an SSE stream or one JSON
// body) to out, tagged with stream, until r ends.
func read(t *testing.T, stream string, r *http.Response, out chan<- message) {
	emit := func(data []byte) {
		m := message{stream: stream, raw: append(json.RawMessage(nil), data...)}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Errorf("%s: %s: %v", stream, data, err)
			return
		}
		out <- m
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/event-stream") {
		b, err := io.ReadAll(r.Body)
		if err == nil && len(bytes.TrimSpace(b)) > 0 {
			emit(b)
		}
		return
	}
	sc := bufio.NewScanner(r.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			emit([]byte(data))
		}
	}
}

// A call is one tools/call of the session, with the messages of the
// session's streams while it runs.
type call struct {
	result   message   // the response
	requests []message // the server's requests, answered by answer
	notes    []message // the notifications, on either stream
}

// listen opens the session's standalone GET stream; its messages go to
// out until the test ends.
func (s *session) listen(out chan<- message) {
	s.t.Helper()
	get := s.send("GET", "")
	go read(s.t, "GET", get, out)
}

// call sends tools/call of tool with args (JSON) as request id, answers
// the server's requests with answer, and returns when the response has
// come. msgs receives the messages of every stream of the session (the
// GET stream's too, when listen sends there).
func (s *session) call(id int, tool, args, meta string, msgs chan message, answer func(m message) string) call {
	s.t.Helper()
	params := `{"name":"` + tool + `","arguments":` + args
	if meta != "" {
		params += `,"_meta":` + meta
	}
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}}`, id, params)
	// mcp-go writes the response's header with its first message, which
	// may come after the answer to a request on the GET stream.
	go func() {
		resp, err := s.do("POST", body)
		if err != nil {
			s.t.Error(err)
			return
		}
		read(s.t, "POST", resp, msgs)
	}()
	var c call
	timeout := time.After(30 * time.Second)
	for {
		select {
		case m := <-msgs:
			switch {
			case m.Method != "" && m.ID != nil:
				c.requests = append(c.requests, m)
				s.send("POST", `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+answer(m)+`}`)
			case m.Method != "":
				c.notes = append(c.notes, m)
			case string(m.ID) == fmt.Sprint(id):
				c.result = m
				return c
			default:
				s.t.Fatalf("unexpected message on %s: %s", m.stream, m.raw)
			}
		case <-timeout:
			s.t.Fatalf("no response to %s", body)
		}
	}
}

// answer answers as the suite's client does: the model's text, and the
// user's username and email for the elicitation whose message is "m"
// (an accepted answer without content for the others).
func answer(m message) string {
	switch m.Method {
	case "sampling/createMessage":
		return `{"role":"assistant","model":"test-model","content":{"type":"text","text":"the answer"}}`
	case "elicitation/create":
		if bytes.Contains(m.Params, []byte(`"message":"m"`)) {
			return `{"action":"accept","content":{"username":"testuser","email":"test@example.com"}}`
		}
		return `{"action":"accept"}`
	}
	return `{}`
}

// text is the one text block of an isError-free tools/call result.
func text(t *testing.T, result json.RawMessage) string {
	t.Helper()
	var r struct {
		Content []struct{ Type, Text string } `json:"content"`
		IsError bool                          `json:"isError"`
	}
	if err := json.Unmarshal(result, &r); err != nil || r.IsError || len(r.Content) != 1 || r.Content[0].Type != "text" {
		t.Fatalf("result %s (%v)", result, err)
	}
	return r.Content[0].Text
}

// TestToolsList: every fixture tool is listed; the stitchgen tools'
// schemas and json_schema_2020_12_tool's hand-written one are the bytes
// registered (none holds a character mcp-go would HTML-escape).
func TestToolsList(t *testing.T) {
	s := connect(t, serve(t, stitch.Options{}))
	msgs := make(chan message, 16)
	go read(t, "POST", s.send("POST", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`), msgs)
	m := <-msgs
	var res struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		t.Fatalf("%s: %v", m.raw, err)
	}
	want := map[string]string{"json_schema_2020_12_tool": everything.JSONSchema202012}
	for _, tl := range everything.StitchTools(handler{}) {
		want[tl.Name] = tl.InputSchema
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		if tl.Description == "" {
			t.Errorf("%s has no description", tl.Name)
		}
		if string(tl.InputSchema) != want[tl.Name] {
			t.Errorf("%s's input schema is\n %s\nwant\n %s", tl.Name, tl.InputSchema, want[tl.Name])
		}
	}
	slices.Sort(names)
	if len(names) != 28 || len(names) != len(want) {
		t.Errorf("tools %q, want the %d of the fixture", names, len(want))
	}
}

// TestSessionTools: the tools that reach the client send the reference
// server's requests and answer with the reference server's text. The
// elicitation requests come on the call's own stream; the sampling request
// comes on the GET stream, the only one mcp-go sends it on (see
// TestSamplingNeedsTheGETStream).
func TestSessionTools(t *testing.T) {
	s := connect(t, serve(t, stitch.Options{}))
	msgs := make(chan message, 16)
	s.listen(msgs)
	schema := func(r everything.ElicitRequest) string {
		return `{"mode":"form","message":` + quote(r.Message) + `,"requestedSchema":` + string(r.Schema) + `}`
	}
	tests := []struct {
		tool, args string
		stream     string // where the request comes
		ask        string // its params ("" for none)
		text       string
	}{
		{"test_sampling", `{"prompt":"p"}`, "GET",
			`{"messages":[{"role":"user","content":{"type":"text","text":"p"}}],"maxTokens":100}`,
			"LLM response: the answer"},
		{"test_elicitation", `{"message":"m"}`, "POST",
			schema(everything.Elicitation(everything.TestElicitation{Message: "m"})),
			`User response: action=accept, content={"email":"test@example.com","username":"testuser"}`},
		{"test_elicitation_sep1034_defaults", `{}`, "POST", schema(everything.ElicitationDefaults),
			`Elicitation completed: action=accept, content={}`},
		{"test_elicitation_sep1330_enums", `{}`, "POST", schema(everything.ElicitationEnums),
			`Elicitation completed: action=accept, content={}`},
		{"test_reconnection", `{}`, "", "", everything.ReconnectionText},
	}
	for i, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			s.t = t
			c := s.call(10+i, tc.tool, tc.args, "", msgs, answer)
			if got := text(t, c.result.Result); got != tc.text {
				t.Errorf("text %q, want %q", got, tc.text)
			}
			if tc.ask == "" {
				if len(c.requests) != 0 {
					t.Errorf("the server asked %s", c.requests[0].raw)
				}
				return
			}
			if len(c.requests) != 1 {
				t.Fatalf("the server sent %d requests, want 1", len(c.requests))
			}
			r := c.requests[0]
			if r.stream != tc.stream || !sameJSON(t, r.Params, []byte(tc.ask)) {
				t.Errorf("the server asked on the %s stream\n %s\nwant on the %s stream\n %s", r.stream, r.Params, tc.stream, tc.ask)
			}
			// The schema's bytes, in the reference server's key order.
			var p struct {
				RequestedSchema json.RawMessage `json:"requestedSchema"`
			}
			if err := json.Unmarshal(r.Params, &p); err == nil && p.RequestedSchema != nil && !strings.Contains(tc.ask, string(p.RequestedSchema)) {
				t.Errorf("requested schema %s is not the bytes given", p.RequestedSchema)
			}
		})
	}
}

// TestElicitationAnswerUnchecked (docs/mcpgo.md): mcp-go hands the
// tool an accepted answer as the client sent it, without checking it
// against the requested schema (go-sdk refuses one that does not match).
func TestElicitationAnswerUnchecked(t *testing.T) {
	s := connect(t, serve(t, stitch.Options{}))
	msgs := make(chan message, 16)
	c := s.call(2, "test_elicitation", `{"message":"m"}`, "", msgs, func(message) string {
		return `{"action":"accept","content":{"username":5}}`
	})
	if got, want := text(t, c.result.Result), `User response: action=accept, content={"username":5}`; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}

func quote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestSamplingNeedsTheGETStream (docs/mcpgo.md): mcp-go sends a sampling
// request only on the session's standalone GET stream
// (RequestSampling queues it where only the GET side reads), so without
// one test_sampling waits until its deadline, while an elicitation, which
// goes on the call's own stream, is answered. The sampling call has a
// short deadline (however late it fires, the call can only time out: no
// answer can come); the elicitation, whose round trip a loaded machine may
// slow down, is made on a server with the default deadline.
func TestSamplingNeedsTheGETStream(t *testing.T) {
	s := connect(t, serve(t, stitch.Options{Timeout: 300 * time.Millisecond}))
	msgs := make(chan message, 16)
	c := s.call(2, "test_sampling", `{"prompt":"p"}`, "", msgs, answer)
	if len(c.requests) != 0 || !bytes.Contains(c.result.Result, []byte(`TIMEOUT`)) {
		t.Errorf("without a GET stream, test_sampling asked %d times and answered %s; want no request and a TIMEOUT", len(c.requests), c.result.Result)
	}
	s = connect(t, serve(t, stitch.Options{}))
	c = s.call(3, "test_elicitation", `{"message":"m"}`, "", msgs, answer)
	if len(c.requests) != 1 || c.requests[0].stream != "POST" {
		t.Errorf("test_elicitation: requests %v, want one on the POST stream", c.requests)
	}
}

// TestNotificationStreams (e2e/conformance/expected-failures-mcpgo.yml):
// without a GET stream, every progress notification of a call comes on
// the call's stream, before its response; with one, each comes on either
// stream, none twice and none lost (the server has an event store). Which
// stream each takes is up to the Go scheduler; the test logs the count.
func TestNotificationStreams(t *testing.T) {
	url := serve(t, stitch.Options{})
	progress := func(notes []message) []string {
		var got []string
		for _, n := range notes {
			var p struct {
				Token    string  `json:"progressToken"`
				Progress float64 `json:"progress"`
			}
			if n.Method != "notifications/progress" || json.Unmarshal(n.Params, &p) != nil {
				t.Errorf("notification %s", n.raw)
				continue
			}
			got = append(got, fmt.Sprintf("%s:%v", p.Token, p.Progress))
		}
		return got
	}
	want := func(token string) []string { return []string{token + ":0", token + ":50", token + ":100"} }

	s := connect(t, url)
	msgs := make(chan message, 16)
	c := s.call(2, "test_tool_with_progress", `{}`, `{"progressToken":"a"}`, msgs, answer)
	if got := progress(c.notes); !slices.Equal(got, want("a")) {
		t.Errorf("without a GET stream, before the response: %q, want %q", got, want("a"))
	}
	for _, n := range c.notes {
		if n.stream != "POST" {
			t.Errorf("without a GET stream, %s came on the %s stream", n.raw, n.stream)
		}
	}

	s = connect(t, url)
	msgs = make(chan message, 16)
	s.listen(msgs)
	streams := map[string]int{}
	for i, token := range []string{"b", "c", "d", "e", "f"} {
		c := s.call(10+i, "test_tool_with_progress", `{}`, `{"progressToken":"`+token+`"}`, msgs, answer)
		notes := c.notes
		// The rest may still come on the GET stream, after the response.
		deadline := time.After(10 * time.Second)
		for len(notes) < 3 {
			select {
			case m := <-msgs:
				notes = append(notes, m)
			case <-deadline:
				t.Fatalf("%s: the call's notifications %q never all came", token, progress(notes))
			}
		}
		got := progress(notes)
		slices.Sort(got)
		w := want(token)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("with a GET stream: %q, want %q in any order", got, w)
		}
		for _, n := range notes {
			streams[n.stream]++
		}
	}
	t.Logf("with a GET stream, the notifications of 5 calls came on the streams %v", streams)
}

// TestReconnection (SEP-1699; docs/mcpgo.md): mcp-go cannot close the
// call's stream from a handler, so test_reconnection answers its POST with
// a plain JSON body, no event stream: what the suite's server-sse-polling
// scenario reads as "not applicable" and passes.
func TestReconnection(t *testing.T) {
	s := connect(t, serve(t, stitch.Options{}))
	resp := s.send("POST", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_reconnection","arguments":{}}}`,
		"Mcp-Protocol-Version", "2025-03-26")
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"` + everything.ReconnectionText + `"}]}}`
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" || strings.TrimSpace(string(b)) != want {
		t.Errorf("%s %s\nwant application/json %s", ct, b, want)
	}
}

// TestWithoutTheAdapter: a session tool called straight on the dispatcher
// (no mcp-go request in its context) fails with errNoSession.
func TestWithoutTheAdapter(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, everything.StitchTools(handler{}))
	if err != nil {
		t.Fatal(err)
	}
	for tool, args := range map[string]string{"test_sampling": `{"prompt":"p"}`, "test_elicitation": `{"message":"m"}`} {
		r := d.Call(context.Background(), tool, []byte(args))
		if r.ErrorCode != "TOOL_ERROR" || !strings.Contains(r.Text(), errNoSession.Error()) {
			t.Errorf("%s without the adapter: %s %s", tool, r.ErrorCode, r.Text())
		}
	}
}
