package stitchmcpgo_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// listed is one tool as mcp-go writes it in tools/list: the keys in
// sorted order (Tool.MarshalJSON builds a map), "annotations" always.
func listed(annotations, description, input, name, output, title string) string {
	s := `{"annotations":` + annotations + `,"description":` + description + `,"inputSchema":` + input + `,"name":"` + name + `"`
	if output != "" {
		s += `,"outputSchema":` + output
	}
	if title != "" {
		s += `,"title":"` + title + `"`
	}
	return s + "}"
}

// wantList is the tools/list result of the test server, in full: the
// fixture's schemas are the generated constants, byte for byte. The html
// tool shows what mcp-go does to <, >, & and U+2028 in a description and
// in the raw schema bytes: it writes them as \u escapes.
var wantList = `{"tools":[` + strings.Join([]string{
	listed(`{"readOnlyHint":true,"openWorldHint":false}`, `"Hand-built tool annotated."`, objectSchema, "annotated", "", "Annotated"),
	listed(`{}`, `"Hand-built tool ask."`, objectSchema, "ask", "", ""),
	listed(`{}`, `"Hand-built tool blocks."`, objectSchema, "blocks", "", ""),
	listed(`{}`, `"Renders \u003cb\u003e \u0026 \u2028 tags."`,
		`{"type":"object","properties":{"q":{"type":"string","description":"a \u003cq\u003e \u0026 \u2028"}}}`, "html",
		`{"type":"object","properties":{"html":{"type":"string"}},"required":["html"]}`, ""),
	listed(`{}`, `"Ping answers with its echo. Unknown keys are dropped and reported."`, fixture.PingInputSchema, "ping", "", ""),
	listed(`{}`, `"PlaceOrder places an order."`, fixture.PlaceOrderInputSchema, "place_order", fixture.PlaceOrderOutputSchema, "Place an order"),
	listed(`{}`, `"Hand-built tool report."`, objectSchema, "report", "", ""),
}, ",") + `]}`

// TestToolsList: tools/list serves the generated schema constants byte for
// byte, the title, the description and the declared annotations, and not
// the adapter's tool for unknown calls; in process and over streamable
// HTTP.
func TestToolsList(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	for _, c := range []*conn{inProcess(t, s, legacy), overHTTP(t, s, legacy)} {
		got := c.raw(t, "tools/list", `{}`)
		if got != wantList {
			t.Errorf("tools/list\n got %s\nwant %s", got, wantList)
		}
		var list struct {
			Tools []struct {
				Name         string          `json:"name"`
				InputSchema  json.RawMessage `json:"inputSchema"`
				OutputSchema json.RawMessage `json:"outputSchema"`
			} `json:"tools"`
		}
		if err := json.Unmarshal([]byte(got), &list); err != nil {
			t.Fatal(err)
		}
		schemas := map[string]string{}
		for _, tool := range list.Tools {
			schemas[tool.Name] = string(tool.InputSchema) + " " + string(tool.OutputSchema)
		}
		for name, want := range map[string]string{
			"place_order": fixture.PlaceOrderInputSchema + " " + fixture.PlaceOrderOutputSchema,
			"ping":        fixture.PingInputSchema + " ",
		} {
			if schemas[name] != want {
				t.Errorf("%s: served schemas\n%s\nwant\n%s", name, schemas[name], want)
			}
		}
	}
}

// structured is the result of a successful place_order call for a
// customer id, written as the digits were sent.
func structured(id string) string {
	doc := `{"orderId":"o-` + id + `","customerId":` + id + `}`
	return `{"content":[{"type":"text","text":` + strconv.Quote(doc) + `}],"structuredContent":` + doc + `}`
}

const hintValidation = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."

// envelope is an isError result whose text is env.
func envelope(env string) string {
	b, _ := json.Marshal(env)
	return `{"content":[{"type":"text","text":` + string(b) + `}],"isError":true}`
}

// verbatim are argument documents that a parse on the way would change:
// each reaches the exact decoder as it was sent (the observer sees the
// same bytes) and gets the decoder's answer.
var verbatim = []struct{ args, want string }{
	// A duplicate key: a map would keep the last value.
	{`{"customerId":7,"customerId":8}`, envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"duplicate_key","message":"duplicate key \"customerId\""}],"hint":"` + hintValidation + `"}`)},
	// 1e2 is an integer (docs/decoding.md); the output keeps the decoded value.
	{`{"customerId":1e2}`, structured("100")},
	// A \u-escaped key is the key it spells.
	{`{"\u0063ustomerId":7}`, structured("7")},
	// Above 2^53: float64 would make it 9007199254740992.
	{`{"customerId":9007199254740993}`, structured("9007199254740993")},
	// The whole document as a JSON string: the decoder repairs it.
	{`"{\"customerId\":7}"`, structured("7")},
	// No arguments at all.
	{``, envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"missing","message":"missing required key \"customerId\""}],"hint":"` + hintValidation + `"}`)},
}

// TestVerbatimArguments: the raw argument bytes reach the dispatcher,
// nothing parsed, folded or rounded; in process (the client's transport
// writes compact params as they are) and over streamable HTTP, where the
// test posts the request bytes itself, white space and all.
func TestVerbatimArguments(t *testing.T) {
	o := &observer{}
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o))
	in, web := inProcess(t, s, legacy), overHTTP(t, s, legacy)
	var want []string
	for i, v := range verbatim {
		if got := in.raw(t, "tools/call", callParams("place_order", v.args)); got != v.want {
			t.Errorf("in process %s:\n got %s\nwant %s", v.args, got, v.want)
		}
		body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(1000+i) + `,"method":"tools/call","params":` + callParams("place_order", v.args) + `}`
		if got, w := web.post(t, []byte(body)), `{"jsonrpc":"2.0","id":`+strconv.Itoa(1000+i)+`,"result":`+v.want+`}`; got != w {
			t.Errorf("over HTTP %s:\n got %s\nwant %s", v.args, got, w)
		}
		want = append(want, "place_order "+v.args, "place_order "+v.args)
	}
	// Bytes no Go client writes: white space, and invalid UTF-8, which
	// encoding/json would have replaced with U+FFFD.
	for i, v := range []struct{ args, want string }{
		{"{ \"customerId\" :\t7 ,\n \"note\" : \"x\" }", structured("7")},
		{"{\"customerId\":7,\"note\":\"\xff\"}", envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"/note","code":"syntax","message":"invalid JSON at byte offset 24: invalid UTF-8 in a string"}],"hint":"` + hintValidation + `"}`)},
	} {
		body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(2000+i) + `,"method":"tools/call","params":{"name":"place_order","arguments":` + v.args + `}}`
		if got, w := web.post(t, []byte(body)), `{"jsonrpc":"2.0","id":`+strconv.Itoa(2000+i)+`,"result":`+v.want+`}`; got != w {
			t.Errorf("over HTTP %q:\n got %s\nwant %s", v.args, got, w)
		}
		want = append(want, "place_order "+v.args)
	}
	if got := o.calls(); !reflect.DeepEqual(got, want) {
		t.Errorf("the observer saw\n %q\nwant %q", got, want)
	}
}

// TestArgumentsMcpGoRejects pins the documents mcp-go rejects before the
// adapter sees the call (docs/mcpgo.md): CallToolParams.UnmarshalJSON also
// decodes the arguments into map[string]any, which fails on a number
// beyond float64, and encoding/json stops at a nesting depth of 10000. The
// caller gets a JSON-RPC error and the observers see nothing. (Posted as
// bytes: mcp-go's client cannot even send the deep one.)
func TestArgumentsMcpGoRejects(t *testing.T) {
	o := &observer{}
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o))
	c := overHTTP(t, s, legacy)
	call := func(args string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + callParams("place_order", args) + `}`
	}
	for _, v := range []struct{ name, args, want string }{
		{"1e400", `{"customerId":1e400}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"unparsable tools/call request: json: cannot unmarshal number 1e400 into Go struct field CallToolRequest.params of type float64"}}`},
		{"10001 levels", `{"lines":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"request body is not valid json"}}`},
	} {
		if got := c.post(t, []byte(call(v.args))); got != v.want {
			t.Errorf("%s:\n got %s\nwant %s", v.name, got, v.want)
		}
	}
	// 513 levels are within encoding/json's limit: the exact decoder
	// answers with its own depth issue.
	deep := `{"customerId":1,"lines":` + strings.Repeat("[", 513) + strings.Repeat("]", 513) + `}`
	want := `{"jsonrpc":"2.0","id":1,"result":` + envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"/lines`+strings.Repeat("/0", 511)+`","code":"depth","message":"nesting deeper than 512 levels at byte offset 535"}],"hint":"`+hintValidation+`"}`) + `}`
	if got := c.post(t, []byte(call(deep))); got != want {
		t.Errorf("513 levels:\n got %s\nwant %s", got, want)
	}
	if got := o.calls(); len(got) != 1 || got[0] != "place_order "+deep {
		t.Errorf("the observer saw %d calls, want 1 (the 513 levels)", len(got))
	}
}

// TestResults: every content block type, structured content as the
// dispatcher's bytes, and failures as isError results.
func TestResults(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	for _, c := range []*conn{inProcess(t, s, legacy), overHTTP(t, s, legacy)} {
		for _, v := range []struct{ name, args, want string }{
			{"place_order", `{"customerId":7}`, structured("7")},
			{"place_order", `{"customerId":7,"note":"content"}`,
				`{"content":[{"type":"text","text":"order placed"},{"type":"image","data":"iVBORw==","mimeType":"image/png"}],"structuredContent":{"orderId":"o-7","customerId":7}}`},
			{"ping", `{"echo":"content","extra":1}`,
				`{"content":[{"type":"text","text":"pong content"},{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}]}`},
			// Every block type, with annotations and _meta. mcp-go writes
			// a resource link's description and mimeType even when empty.
			{"blocks", `{}`, `{"content":[` +
				`{"type":"text","text":"first"},` +
				`{"annotations":{"audience":["user","assistant"],"priority":0.5,"lastModified":"2026-12-01T00:00:00Z"},"_meta":{"k":"v"},"type":"text","text":"second"},` +
				`{"type":"image","data":"iVBORw==","mimeType":"image/png"},` +
				`{"annotations":{},"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},` +
				`{"type":"resource_link","uri":"file:///a.txt","name":"a.txt","title":"A","description":"the a file","mimeType":"text/plain","size":4},` +
				`{"type":"resource_link","uri":"file:///b","name":"b","description":"","mimeType":""},` +
				`{"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"line 1\nline 2"}},` +
				`{"type":"resource","resource":{"_meta":{"n":1},"uri":"file:///b.bin","blob":"AAEC"}}]}`},
			// The structured content is the output document; encoding/json
			// (both SDKs) writes <, >, & and U+2028 in it as \u escapes.
			{"html", `{}`, `{"content":[{"type":"text","text":"{\"html\":\"\u003cp\u003e\u0026amp;\u003c/p\u003e\u2028\"}"}],"structuredContent":{"html":"\u003cp\u003e\u0026amp;\u003c/p\u003e\u2028"}}`},
			{"place_order", `{"customerId":7,"note":"fail"}`, envelope(`{"error":"TOOL_ERROR","message":"customer is blocked","hint":"The tool could not complete the request. Read the message and change the arguments or the approach before retrying."}`)},
			{"place_order", `{"customerId":7,"note":"invalid"}`, envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"/note","code":"custom","message":"notes are closed"}],"hint":"` + hintValidation + `"}`)},
			{"place_order", `{"customerId":7,"note":"panic"}`, envelope(`{"error":"INTERNAL_ERROR","message":"the tool failed unexpectedly","hint":"The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."}`)},
			{"place_order", `{"customerId":7,"note":"badout"}`, envelope(`{"error":"INTERNAL_ERROR","message":"the tool's result could not be encoded","hint":"The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."}`)},
		} {
			if got := c.raw(t, "tools/call", callParams(v.name, v.args)); got != v.want {
				t.Errorf("%s %s:\n got %s\nwant %s", v.name, v.args, got, v.want)
			}
		}
	}
}

const unknownNope = `{"error":"UNKNOWN_TOOL","message":"unknown tool \"nope\"; the tools are: place_order, ping, annotated, blocks, report, ask, html","hint":"Call one of the listed tools."}`

// plainTool is an mcp-go tool of its own, registered beside the adapter.
func plainTool(s *server.MCPServer, name string) {
	s.AddTool(mcp.NewTool(name), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(name + " served by mcp-go"), nil
	})
}

// TestUnknownTools: a call of a tool the server does not have is answered
// by the dispatcher, which the observers see; tools mcp-go serves itself
// (a plain tool, a session tool) are not taken for unknown ones.
func TestUnknownTools(t *testing.T) {
	o := &observer{}
	var hooked []string
	hooks := &server.Hooks{}
	hooks.AddBeforeCallTool(func(_ context.Context, _ any, req *mcp.CallToolRequest) {
		hooked = append(hooked, req.Params.Name)
	})
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o), server.WithHooks(hooks), server.WithTaskCapabilities(true, true, true))
	slow := mcp.NewTool("slow")
	slow.Execution = &mcp.ToolExecution{TaskSupport: mcp.TaskSupportRequired}
	s.AddTaskTool(slow, func(context.Context, mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		return &mcp.CreateTaskResult{}, nil
	})
	var middleware []string
	s.Use(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			middleware = append(middleware, req.Params.Name)
			return next(ctx, req)
		}
	})
	plainTool(s, "plain")
	in, web := inProcess(t, s, legacy), overHTTP(t, s, legacy)
	if err := s.AddSessionTool(web.c.GetSessionId(), mcp.NewTool("mine"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("session tool"), nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		c                *conn
		name, args, want string
	}{
		{in, "nope", `{}`, envelope(unknownNope)},
		{web, "nope", `{}`, envelope(unknownNope)},
		{in, "stitchmcpgo/unknown-tool", `{"x":1}`, envelope(`{"error":"UNKNOWN_TOOL","message":"unknown tool \"stitchmcpgo/unknown-tool\"; the tools are: place_order, ping, annotated, blocks, report, ask, html","hint":"Call one of the listed tools."}`)},
		{in, "plain", `{}`, `{"content":[{"type":"text","text":"plain served by mcp-go"}]}`},
		{web, "mine", `{}`, `{"content":[{"type":"text","text":"session tool"}]}`},
		// The session tool is the other session's: here it is unknown.
		{in, "mine", ``, envelope(strings.Replace(unknownNope, `\"nope\"`, `\"mine\"`, 1))},
	} {
		if got := v.c.raw(t, "tools/call", callParams(v.name, v.args)); got != v.want {
			t.Errorf("%s:\n got %s\nwant %s", v.name, got, v.want)
		}
	}
	// A task-augmented call is left to mcp-go: a task tool serves it, an
	// unknown tool gets mcp-go's error. The adapter cannot see task tools,
	// so a plain call of one (which mcp-go refuses with METHOD_NOT_FOUND)
	// is answered as unknown.
	for _, v := range []struct{ params, want string }{
		{`{"name":"nope","arguments":{},"task":{}}`, `error {"code":-32602,"message":"tool 'nope' not found: tool not found"}`},
		{`{"name":"slow","arguments":{},"task":{}}`, `{"task":{"taskId":"t-1","status":"working","createdAt":"","lastUpdatedAt":"","ttl":null}}`},
		{`{"name":"slow","arguments":{}}`, envelope(strings.Replace(unknownNope, `\"nope\"`, `\"slow\"`, 1))},
	} {
		got := in.raw(t, "tools/call", v.params)
		if i := strings.Index(got, `"taskId":"`); i >= 0 {
			got = got[:i] + `"taskId":"t-1","status":"working","createdAt":"","lastUpdatedAt":"","ttl":null}}`
		}
		if got != v.want {
			t.Errorf("%s:\n got %s\nwant %s", v.params, got, v.want)
		}
	}
	wantSeen := []string{"nope {}", "nope {}", `stitchmcpgo/unknown-tool {"x":1}`, "mine ", "slow {}"}
	if got := o.calls(); !reflect.DeepEqual(got, wantSeen) {
		t.Errorf("the observer saw\n %q\nwant %q", got, wantSeen)
	}
	// A hook added before AddTools (here: given to NewServer) sees the
	// name the client sent; tool middleware sees a routed call under the
	// adapter's name.
	wantHooked := []string{"nope", "nope", "stitchmcpgo/unknown-tool", "plain", "mine", "mine", "nope", "slow", "slow"}
	if !reflect.DeepEqual(hooked, wantHooked) {
		t.Errorf("the server's hook saw\n %q\nwant %q", hooked, wantHooked)
	}
	wantMiddleware := []string{"stitchmcpgo/unknown-tool", "stitchmcpgo/unknown-tool", "stitchmcpgo/unknown-tool", "plain", "mine", "stitchmcpgo/unknown-tool", "stitchmcpgo/unknown-tool"}
	if !reflect.DeepEqual(middleware, wantMiddleware) {
		t.Errorf("the tool middleware saw\n %q\nwant %q", middleware, wantMiddleware)
	}
}

// TestDeletedTool: a tool of the dispatcher that the service removed from
// the server (DeleteTools) does not run: mcp-go answers it as a tool it
// does not have, and the observers see no call; the other tools still
// run.
func TestDeletedTool(t *testing.T) {
	o := &observer{}
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o))
	s.DeleteTools("ping")
	c := inProcess(t, s, legacy)
	if got, want := c.raw(t, "tools/call", callParams("ping", `{"echo":"hi"}`)), `error {"code":-32602,"message":"tool 'ping' not found: tool not found"}`; got != want {
		t.Errorf("deleted tool:\n got %s\nwant %s", got, want)
	}
	if got, want := c.raw(t, "tools/call", callParams("place_order", `{"customerId":7}`)), `{"content":[{"type":"text","text":"{\"orderId\":\"o-7\",\"customerId\":7}"}],"structuredContent":{"orderId":"o-7","customerId":7}}`; got != want {
		t.Errorf("place_order:\n got %s\nwant %s", got, want)
	}
	if got, want := o.calls(), []string{`place_order {"customerId":7}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("the observer saw\n %q\nwant %q", got, want)
	}
}

// TestUnknownToolsWithoutHooks: on a server without hooks, AddTools cannot
// route, and mcp-go answers an unknown tool with its JSON-RPC error; the
// observers do not see the call. The test pins that error, so a change of
// mcp-go's answer shows here.
func TestUnknownToolsWithoutHooks(t *testing.T) {
	o := &observer{}
	s := server.NewMCPServer("plain", "v0")
	stitchmcpgo.AddTools(s, newDispatcher(t, o))
	c := inProcess(t, s, legacy)
	want := `error {"code":-32602,"message":"tool 'nope' not found: tool not found"}`
	if got := c.raw(t, "tools/call", callParams("nope", `{}`)); got != want {
		t.Errorf("unknown tool:\n got %s\nwant %s", got, want)
	}
	if got := c.raw(t, "tools/call", callParams("place_order", `{"customerId":7}`)); got != structured("7") {
		t.Errorf("place_order: %s", got)
	}
	if got := c.raw(t, "tools/list", `{}`); got != wantList {
		t.Errorf("tools/list\n got %s\nwant %s", got, wantList)
	}
	if got, want := o.calls(), []string{`place_order {"customerId":7}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("the observer saw %q, want %q", got, want)
	}
}

// TestHandlerWithoutRawArguments: a request built in Go (no raw bytes)
// has its Arguments value encoded; one that does not encode is rejected
// by the dispatcher, and its observers see it.
func TestHandlerWithoutRawArguments(t *testing.T) {
	o := &observer{}
	h := stitchmcpgo.Handler(newDispatcher(t, o), "place_order")
	text := func(args any) string {
		req := mcp.CallToolRequest{}
		req.Params.Name = "place_order"
		req.Params.Arguments = args
		res, err := h(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := text(map[string]any{"customerId": 7}); got != structured("7") {
		t.Errorf("map arguments: %s", got)
	}
	want := envelope(`{"error":"VALIDATION_ERROR","issues":[{"path":"","code":"syntax","message":"invalid JSON at byte offset 0: unexpected character 'j'"}],"hint":"` + hintValidation + `"}`)
	if got := text(map[string]any{"customerId": make(chan int)}); got != want {
		t.Errorf("unencodable arguments:\n got %s\nwant %s", got, want)
	}
	if got, want := o.calls(), []string{`place_order {"customerId":7}`, "place_order json: unsupported type: chan int"}; !reflect.DeepEqual(got, want) {
		t.Errorf("the observer saw %q, want %q", got, want)
	}
}

// TestIconsAndMeta: a tool's icons and _meta (set by the service on the
// table) are served.
func TestIconsAndMeta(t *testing.T) {
	tool := stitchmcpgo.Tool(stitch.Tool{Name: "t", InputSchema: `{"type":"object"}`,
		Icons: []stitch.Icon{{Src: "https://example.com/t.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}},
		Meta:  map[string]any{"example.com/owner": "shop"}})
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Icons []map[string]any `json:"icons"`
		Meta  map[string]any   `json:"_meta"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	wantIcons := []map[string]any{{"src": "https://example.com/t.png", "mimeType": "image/png", "sizes": []any{"48x48"}, "theme": "dark"}}
	if !reflect.DeepEqual(got.Icons, wantIcons) || !reflect.DeepEqual(got.Meta, map[string]any{"example.com/owner": "shop"}) {
		t.Errorf("served %s", b)
	}
}
