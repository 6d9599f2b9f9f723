package servetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The hints of SPEC §4.14 envelopes, as the serve emitter documents them.
const (
	hintValidation = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."
	hintTool       = "The tool could not complete the request. Read the message and change the arguments or the approach before retrying."
	hintInternal   = "The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."
	hintTimeout    = "The tool did not finish in time. Retry later, or with a smaller request."
	hintUnknown    = "Call one of the listed tools."
)

// handler is a StitchHandler whose behaviour the note selects.
type handler struct{ release chan struct{} }

func (h handler) PlaceOrder(ctx context.Context, in PlaceOrder) (OrderReceipt, error) {
	note := ""
	if in.Note != nil {
		note = *in.Note
	}
	switch note {
	case "panic":
		panic("boom")
	case "hang":
		<-h.release // ignores ctx on purpose
	case "fail":
		return OrderReceipt{}, errors.New("customer is blocked")
	case "invalid":
		return OrderReceipt{}, fmt.Errorf("checking: %w", &StitchError{Issues: []StitchIssue{{Path: "/note", Code: "custom", Message: "notes are closed"}}})
	case "badout":
		return OrderReceipt{CustomerID: in.CustomerID}, nil
	case "deadline":
		<-ctx.Done()
		return OrderReceipt{}, ctx.Err()
	}
	return OrderReceipt{OrderID: "o-" + strconv.FormatInt(in.CustomerID, 10), CustomerID: in.CustomerID}, nil
}

func (handler) Ping(ctx context.Context, in Ping) (string, error) { return "pong " + in.Echo, nil }

func (handler) Totals(ctx context.Context, in Totals) (TotalList, error) {
	out := TotalList{}
	for i := 1; i <= in.N; i++ {
		out = append(out, int64(i*i))
	}
	return out, nil
}

func newHandler(t *testing.T) handler {
	h := handler{release: make(chan struct{})}
	t.Cleanup(func() { close(h.release) })
	return h
}

func envelope(code, issues, message, hint string) string {
	s := `{"error":"` + code + `"`
	if issues != "" {
		s += `,"issues":` + issues
	}
	if message != "" {
		s += `,"message":` + strconv.Quote(message)
	}
	return s + `,"hint":` + strconv.Quote(hint) + `}`
}

func TestDispatch(t *testing.T) {
	tests := []struct {
		name, tool, args string
		text             string
		structured       string
		code             string
	}{
		{"struct output", "place_order", `{"customerId":7}`, `{"orderId":"o-7","customerId":7}`, `{"orderId":"o-7","customerId":7}`, ""},
		{"text output", "ping", `{"echo":"hi"}`, "pong hi", "", ""},
		{"empty args are {}", "ping", ``, "pong ", "", ""},
		{"named slice output", "totals", `{"n":3}`, `[1,4,9]`, `[1,4,9]`, ""},
		{"decode error", "place_order", `{"customerId":0}`,
			envelope("VALIDATION_ERROR", `[{"path":"/customerId","code":"range","expected":"integer >= 1","message":"must be at least 1"}]`, "", hintValidation), "", "VALIDATION_ERROR"},
		{"handler error", "place_order", `{"customerId":7,"note":"fail"}`,
			envelope("TOOL_ERROR", "", "customer is blocked", hintTool), "", "TOOL_ERROR"},
		{"handler StitchError", "place_order", `{"customerId":7,"note":"invalid"}`,
			envelope("VALIDATION_ERROR", `[{"path":"/note","code":"custom","message":"notes are closed"}]`, "", hintValidation), "", "VALIDATION_ERROR"},
		{"panic", "place_order", `{"customerId":7,"note":"panic"}`,
			envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal), "", "INTERNAL_ERROR"},
		{"output encoding fails", "place_order", `{"customerId":7,"note":"badout"}`,
			envelope("INTERNAL_ERROR", "", "the tool's result could not be encoded", hintInternal), "", "INTERNAL_ERROR"},
		{"unknown tool", "nope", `{}`,
			envelope("UNKNOWN_TOOL", "", `unknown tool "nope"; the tools are: place_order, ping, totals`, hintUnknown), "", "UNKNOWN_TOOL"},
	}
	d := NewStitchDispatcher(newHandler(t), StitchOptions{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := d.Call(context.Background(), tc.tool, []byte(tc.args))
			if r.Text != tc.text {
				t.Errorf("text:\n got %s\nwant %s", r.Text, tc.text)
			}
			if string(r.Structured) != tc.structured {
				t.Errorf("structured: got %s, want %s", r.Structured, tc.structured)
			}
			if r.IsError != (tc.code != "") || r.ErrorCode != tc.code {
				t.Errorf("isError %v code %q, want code %q", r.IsError, r.ErrorCode, tc.code)
			}
		})
	}
}

func TestSizeCap(t *testing.T) {
	d := NewStitchDispatcher(newHandler(t), StitchOptions{MaxArgBytes: 16})
	r := d.Call(context.Background(), "place_order", []byte(`{"customerId": 12345}`))
	want := envelope("VALIDATION_ERROR", `[{"path":"","code":"size","expected":"at most 16 bytes","message":"the arguments are 21 bytes long, more than the limit of 16"}]`, "", hintValidation)
	if r.Text != want {
		t.Errorf("got  %s\nwant %s", r.Text, want)
	}
	if r := d.Call(context.Background(), "place_order", []byte(`{"customerId":1}`)); r.IsError {
		t.Errorf("16 bytes are within the cap: %s", r.Text)
	}
	unlimited := NewStitchDispatcher(newHandler(t), StitchOptions{MaxArgBytes: -1})
	big := `{"customerId":1,"note":"` + strings.Repeat("x", 2<<20) + `"}`
	if r := unlimited.Call(context.Background(), "place_order", []byte(big)); r.IsError {
		t.Errorf("a negative cap means none: %.200s", r.Text)
	}
	if r := NewStitchDispatcher(newHandler(t), StitchOptions{}).Call(context.Background(), "place_order", []byte(big)); r.ErrorCode != "VALIDATION_ERROR" || r.Issues[0].Code != "size" {
		t.Errorf("default cap of 1 MiB not applied: %.200s", r.Text)
	}
}

func TestTimeout(t *testing.T) {
	d := NewStitchDispatcher(newHandler(t), StitchOptions{Timeout: 20 * time.Millisecond})
	for _, note := range []string{"hang", "deadline"} {
		start := time.Now()
		r := d.Call(context.Background(), "place_order", []byte(`{"customerId":7,"note":"`+note+`"}`))
		want := envelope("TIMEOUT", "", "the tool did not finish before its deadline", hintTimeout)
		if r.Text != want {
			t.Errorf("%s: got %s\nwant %s", note, r.Text, want)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%s: took %v", note, el)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"hang"}`))
	if r.ErrorCode != "CANCELED" {
		t.Errorf("canceled call: %s", r.Text)
	}
}

type ctxKey struct{}

func TestObservers(t *testing.T) {
	var mu sync.Mutex
	var before, after []StitchCall
	d := NewStitchDispatcher(newHandler(t), StitchOptions{
		Before: func(ctx context.Context, c *StitchCall) context.Context {
			mu.Lock()
			defer mu.Unlock()
			before = append(before, *c)
			return context.WithValue(ctx, ctxKey{}, c.Tool)
		},
		After: func(ctx context.Context, c *StitchCall) {
			mu.Lock()
			defer mu.Unlock()
			if ctx.Value(ctxKey{}) != c.Tool {
				t.Errorf("After did not get Before's context for %s", c.Tool)
			}
			after = append(after, *c)
		},
	})
	ctx := context.Background()
	d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"repair me"}`))
	d.Call(ctx, "place_order", []byte(`{"customerId":0}`))
	d.Call(ctx, "ping", []byte(`{"echo":"x","extra":1}`))
	d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"panic"}`))
	d.Call(ctx, "nope", nil)
	if len(before) != 5 || len(after) != 5 {
		t.Fatalf("observers saw %d/%d calls, want 5/5", len(before), len(after))
	}
	note := "repair me"
	if got, want := before[0].Input, any(PlaceOrder{CustomerID: 7, Note: &note}); !reflect.DeepEqual(got, want) {
		t.Errorf("Before saw input %#v, want %#v", got, want)
	}
	if !reflect.DeepEqual(after[0].Repaired, []string{"/note"}) || after[0].Result.IsError || after[0].Duration <= 0 {
		t.Errorf("accepted call: repaired %v, result %+v, duration %v", after[0].Repaired, after[0].Result, after[0].Duration)
	}
	if before[1].Input != nil || len(before[1].Issues) != 1 || before[1].Issues[0].Code != "range" || after[1].Result.ErrorCode != "VALIDATION_ERROR" {
		t.Errorf("rejected call: before %+v, after %+v", before[1], after[1])
	}
	if !reflect.DeepEqual(after[2].Dropped, []string{"/extra"}) || after[2].Result.Text != "pong x" {
		t.Errorf("stripped call: dropped %v, text %q", after[2].Dropped, after[2].Result.Text)
	}
	if after[3].Err == nil || !strings.HasPrefix(after[3].Err.Error(), "handler panic: boom\n\ngoroutine ") || after[3].Result.ErrorCode != "INTERNAL_ERROR" {
		t.Errorf("panicked call: err %v, result %+v", after[3].Err, after[3].Result)
	}
	if after[4].Tool != "nope" || after[4].Result.ErrorCode != "UNKNOWN_TOOL" {
		t.Errorf("unknown tool: %+v", after[4])
	}
}

func TestConcurrentCalls(t *testing.T) {
	d := NewStitchDispatcher(newHandler(t), StitchOptions{})
	var wg sync.WaitGroup
	for i := 1; i <= 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			args := `{"customerId":` + strconv.Itoa(i) + `}`
			want := `{"orderId":"o-` + strconv.Itoa(i) + `","customerId":` + strconv.Itoa(i) + `}`
			if r := d.Call(context.Background(), "place_order", []byte(args)); r.Text != want {
				t.Errorf("call %d: got %s", i, r.Text)
			}
		}()
	}
	wg.Wait()
}

// recorder keeps the raw result of every JSON-RPC response the client reads.
type recorder struct {
	mcp.Transport
	mu      sync.Mutex
	results []json.RawMessage
}

type recConn struct {
	mcp.Connection
	r *recorder
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	return &recConn{c, r}, err
}

func (c *recConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok {
		c.r.mu.Lock()
		c.r.results = append(c.r.results, resp.Result)
		c.r.mu.Unlock()
	}
	return m, err
}

func connect(t *testing.T, opt StitchOptions) (*mcp.ClientSession, *recorder) {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "servetest", Version: "v0"}, nil)
	StitchAddTools(server, NewStitchDispatcher(newHandler(t), opt))
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs, rec
}

func TestMCPToolsList(t *testing.T) {
	cs, rec := connect(t, StitchOptions{})
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	raw := rec.results[len(rec.results)-1]
	rec.mu.Unlock()
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"place_order": {PlaceOrderInputSchema, PlaceOrderOutputSchema},
		"ping":        {PingInputSchema, ""},
		"totals":      {TotalsInputSchema, TotalsOutputSchema},
	}
	if len(list.Tools) != len(want) {
		t.Fatalf("tools/list has %d tools, want %d", len(list.Tools), len(want))
	}
	for _, tool := range list.Tools {
		w := want[tool.Name]
		if string(tool.InputSchema) != w[0] || string(tool.OutputSchema) != w[1] {
			t.Errorf("%s: served\n%s\n%s\nwant\n%s\n%s", tool.Name, tool.InputSchema, tool.OutputSchema, w[0], w[1])
		}
	}
}

func TestMCPCalls(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	cs, _ := connect(t, StitchOptions{After: func(_ context.Context, c *StitchCall) {
		mu.Lock()
		seen = append(seen, string(c.Args))
		mu.Unlock()
	}})
	ctx := context.Background()
	call := func(name, args string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatalf("%s %s: protocol error %v", name, args, err)
		}
		return res
	}
	text := func(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }

	res := call("place_order", `{"customerId":7}`)
	if res.IsError || text(res) != `{"orderId":"o-7","customerId":7}` || !reflect.DeepEqual(res.StructuredContent, map[string]any{"orderId": "o-7", "customerId": 7.0}) {
		t.Errorf("valid call: %+v %s", res, text(res))
	}
	res = call("place_order", `{"customerId":7,"note":"panic"}`)
	if !res.IsError || text(res) != envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal) || res.StructuredContent != nil {
		t.Errorf("panic: %+v %s", res, text(res))
	}
	res = call("place_order", `{"customerId":0}`)
	if !res.IsError || !strings.Contains(text(res), `"code":"range"`) {
		t.Errorf("invalid call: %s", text(res))
	}
	res = call("ping", `{"echo":"\u0068i","echo":"again"}`)
	if res.IsError || text(res) != "pong again" || res.StructuredContent != nil {
		t.Errorf("text tool: %+v %s", res, text(res))
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{`{"customerId":7}`, `{"customerId":7,"note":"panic"}`, `{"customerId":0}`, `{"echo":"\u0068i","echo":"again"}`}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("arguments did not reach the dispatcher verbatim:\n got %q\nwant %q", seen, want)
	}
}

func TestObserverPanics(t *testing.T) {
	d := NewStitchDispatcher(newHandler(t), StitchOptions{
		Before: func(ctx context.Context, c *StitchCall) context.Context {
			if c.Tool == "ping" {
				panic("before")
			}
			return ctx
		},
		After: func(ctx context.Context, c *StitchCall) {
			if c.Tool == "totals" {
				panic("after")
			}
		},
	})
	r := d.Call(context.Background(), "ping", []byte(`{"echo":"x"}`))
	if want := envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal); r.Text != want {
		t.Errorf("panicking Before: got %s, want %s", r.Text, want)
	}
	if r := d.Call(context.Background(), "totals", []byte(`{"n":2}`)); r.IsError || r.Text != "[1,4]" {
		t.Errorf("panicking After changed the result: %+v", r)
	}
}
