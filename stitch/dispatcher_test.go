package stitch_test

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// The hints of the envelopes (docs/serving.md).
const (
	hintValidation = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."
	hintTool       = "The tool could not complete the request. Read the message and change the arguments or the approach before retrying."
	hintInternal   = "The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."
	hintTimeout    = "The tool did not finish in time and may still complete, or may have done part of its work. Check its effect (for example with a read-only tool) before calling it again: a retry may do it twice."
	hintCanceled   = "The call was canceled before the tool finished; the tool may still complete, or may have done part of its work. Check its effect before calling it again."
	hintUnknown    = "Call one of the listed tools."
)

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

// newDispatcher serves the fixture's tools with opt.
func newDispatcher(t *testing.T, opt stitch.Options) *stitch.Dispatcher {
	t.Helper()
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	return d
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
		{"decode error", "place_order", `{"customerId":0}`,
			envelope("VALIDATION_ERROR", `[{"path":"/customerId","code":"range","expected":">= 1","message":"must be >= 1, got 0"}]`, "", hintValidation), "", "VALIDATION_ERROR"},
		{"handler error", "place_order", `{"customerId":7,"note":"fail"}`,
			envelope("TOOL_ERROR", "", "customer is blocked", hintTool), "", "TOOL_ERROR"},
		{"handler *stitch.Error", "place_order", `{"customerId":7,"note":"invalid"}`,
			envelope("VALIDATION_ERROR", `[{"path":"/note","code":"custom","message":"notes are closed"}]`, "", hintValidation), "", "VALIDATION_ERROR"},
		{"panic", "place_order", `{"customerId":7,"note":"panic"}`,
			envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal), "", "INTERNAL_ERROR"},
		{"output encoding fails", "place_order", `{"customerId":7,"note":"badout"}`,
			envelope("INTERNAL_ERROR", "", "the tool's result could not be encoded", hintInternal), "", "INTERNAL_ERROR"},
		{"unknown tool", "nope", `{}`,
			envelope("UNKNOWN_TOOL", "", `unknown tool "nope"; the tools are: place_order, ping`, hintUnknown), "", "UNKNOWN_TOOL"},
	}
	d := newDispatcher(t, stitch.Options{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := d.Call(context.Background(), tc.tool, []byte(tc.args))
			if r.Text() != tc.text {
				t.Errorf("text:\n got %s\nwant %s", r.Text(), tc.text)
			}
			if string(r.Structured) != tc.structured {
				t.Errorf("structured: got %s, want %s", r.Structured, tc.structured)
			}
			if r.IsError != (tc.code != "") || r.ErrorCode != tc.code {
				t.Errorf("isError %v code %q, want code %q", r.IsError, r.ErrorCode, tc.code)
			}
			if len(r.Content) != 1 {
				t.Errorf("%d content blocks, want 1", len(r.Content))
			}
		})
	}
}

// TestContent: what a handler adds with stitch.AddContent replaces the
// output document's text block, and follows a text tool's own text.
func TestContent(t *testing.T) {
	d := newDispatcher(t, stitch.Options{})
	r := d.Call(context.Background(), "place_order", []byte(`{"customerId":7,"note":"content"}`))
	want := []stitch.Content{&stitch.TextContent{Text: "order placed"}, &stitch.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"}}
	if r.IsError || !reflect.DeepEqual(r.Content, want) || string(r.Structured) != `{"orderId":"o-7","customerId":7}` {
		t.Errorf("struct tool with content: %+v, structured %s", r.Content, r.Structured)
	}
	r = d.Call(context.Background(), "ping", []byte(`{"echo":"content"}`))
	want = []stitch.Content{&stitch.TextContent{Text: "pong content"}, &stitch.AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav"}}
	if r.IsError || !reflect.DeepEqual(r.Content, want) || r.Structured != nil {
		t.Errorf("text tool with content: %+v, structured %s", r.Content, r.Structured)
	}
	if stitch.AddContent(context.Background(), &stitch.TextContent{Text: "x"}) {
		t.Error("AddContent outside a call took the block")
	}
}

func TestNewDispatcher(t *testing.T) {
	tools := fixture.StitchTools(fixture.NewHandler())
	d, err := stitch.NewDispatcher(stitch.Options{}, tools[:1], tools[1:])
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range d.Tools() {
		names = append(names, tool.Name)
	}
	if want := []string{"place_order", "ping"}; !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	if tool, ok := d.Tool("ping"); !ok || tool.InputSchema != fixture.PingInputSchema {
		t.Errorf("Tool(ping) = %+v, %v", tool, ok)
	}
	for _, tc := range []struct {
		tables [][]stitch.Tool
		want   string
	}{
		{[][]stitch.Tool{tools, tools[1:]}, `stitch: two tools are named "ping"`},
		{[][]stitch.Tool{{{Name: ""}}}, "stitch: a tool has no name"},
		{[][]stitch.Tool{{{Name: "x"}}}, `stitch: tool "x" has no Decode or Run`},
	} {
		if _, err := stitch.NewDispatcher(stitch.Options{}, tc.tables...); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

func TestSizeCap(t *testing.T) {
	d := newDispatcher(t, stitch.Options{MaxArgBytes: 16})
	r := d.Call(context.Background(), "place_order", []byte(`{"customerId": 12345}`))
	want := envelope("VALIDATION_ERROR", `[{"path":"","code":"size","expected":"at most 16 bytes","message":"the arguments are 21 bytes long, more than the limit of 16"}]`, "", hintValidation)
	if r.Text() != want {
		t.Errorf("got  %s\nwant %s", r.Text(), want)
	}
	if r := d.Call(context.Background(), "place_order", []byte(`{"customerId":1}`)); r.IsError {
		t.Errorf("16 bytes are within the cap: %s", r.Text())
	}
	big := `{"customerId":1,"note":"` + strings.Repeat("x", 2<<20) + `"}`
	if r := newDispatcher(t, stitch.Options{MaxArgBytes: -1}).Call(context.Background(), "place_order", []byte(big)); r.IsError {
		t.Errorf("a negative cap means none: %.200s", r.Text())
	}
	if r := newDispatcher(t, stitch.Options{}).Call(context.Background(), "place_order", []byte(big)); r.ErrorCode != "VALIDATION_ERROR" || r.Issues[0].Code != "size" {
		t.Errorf("default cap of 1 MiB not applied: %.200s", r.Text())
	}
}

// TestValidationResult: the result an adapter answers a call it refuses
// with is the dispatcher's own VALIDATION_ERROR envelope.
func TestValidationResult(t *testing.T) {
	r := stitch.ValidationResult(stitch.Issue{Path: "", Code: stitch.CodeSyntax, Message: "cut off <here>"})
	want := envelope("VALIDATION_ERROR", `[{"path":"","code":"syntax","message":"cut off <here>"}]`, "", hintValidation)
	if r.Text() != want || !r.IsError || r.ErrorCode != "VALIDATION_ERROR" || len(r.Issues) != 1 || len(r.Content) != 1 {
		t.Errorf("got %+v\ntext %s\nwant %s", r, r.Text(), want)
	}
}

type ctxKey struct{}

func TestObservers(t *testing.T) {
	var mu sync.Mutex
	var before, after []stitch.Call
	d := newDispatcher(t, stitch.Options{
		Before: func(ctx context.Context, c *stitch.Call) context.Context {
			mu.Lock()
			defer mu.Unlock()
			before = append(before, *c)
			return context.WithValue(ctx, ctxKey{}, c.Tool)
		},
		After: func(ctx context.Context, c *stitch.Call) {
			mu.Lock()
			defer mu.Unlock()
			if ctx.Value(ctxKey{}) != c.Tool {
				t.Errorf("After did not get Before's context for %s", c.Tool)
			}
			after = append(after, *c)
		},
	})
	ctx := context.Background()
	d.Call(ctx, "place_order", []byte(`{"customerId":7,"lines":"[{\"sku\":\"a\"}]"}`))
	d.Call(ctx, "place_order", []byte(`{"customerId":0}`))
	d.Call(ctx, "ping", []byte(`{"echo":"x","extra":1}`))
	d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"panic"}`))
	d.Call(ctx, "nope", nil)
	if len(before) != 5 || len(after) != 5 {
		t.Fatalf("observers saw %d/%d calls, want 5/5", len(before), len(after))
	}
	if got, want := before[0].Input, any(fixture.PlaceOrder{CustomerID: 7, Lines: []fixture.Line{{SKU: "a"}}}); !reflect.DeepEqual(got, want) {
		t.Errorf("Before saw input %#v, want %#v", got, want)
	}
	if !reflect.DeepEqual(after[0].Repaired, []string{"/lines"}) || after[0].Result.IsError || after[0].Duration <= 0 {
		t.Errorf("accepted call: repaired %v, result %+v, duration %v", after[0].Repaired, after[0].Result, after[0].Duration)
	}
	if before[1].Input != nil || len(before[1].Issues) != 1 || before[1].Issues[0].Code != "range" || after[1].Result.ErrorCode != "VALIDATION_ERROR" {
		t.Errorf("rejected call: before %+v, after %+v", before[1], after[1])
	}
	if !reflect.DeepEqual(after[2].Dropped, []string{"/extra"}) || after[2].Result.Text() != "pong x" {
		t.Errorf("stripped call: dropped %v, text %q", after[2].Dropped, after[2].Result.Text())
	}
	if after[3].Err == nil || !strings.HasPrefix(after[3].Err.Error(), "handler panic: boom\n\ngoroutine ") || after[3].Result.ErrorCode != "INTERNAL_ERROR" {
		t.Errorf("panicked call: err %v, result %+v", after[3].Err, after[3].Result)
	}
	if after[4].Tool != "nope" || after[4].Result.ErrorCode != "UNKNOWN_TOOL" {
		t.Errorf("unknown tool: %+v", after[4])
	}
}

func TestConcurrentCalls(t *testing.T) {
	d := newDispatcher(t, stitch.Options{})
	var wg sync.WaitGroup
	for i := 1; i <= 64; i++ {
		wg.Go(func() {
			args := `{"customerId":` + strconv.Itoa(i) + `}`
			want := `{"orderId":"o-` + strconv.Itoa(i) + `","customerId":` + strconv.Itoa(i) + `}`
			if r := d.Call(context.Background(), "place_order", []byte(args)); r.Text() != want {
				t.Errorf("call %d: got %s", i, r.Text())
			}
		})
	}
	wg.Wait()
}

func TestObserverPanics(t *testing.T) {
	d := newDispatcher(t, stitch.Options{
		Before: func(ctx context.Context, c *stitch.Call) context.Context {
			if c.Tool == "ping" {
				panic("before")
			}
			return ctx
		},
		After: func(ctx context.Context, c *stitch.Call) {
			if c.Tool == "place_order" {
				panic("after")
			}
		},
	})
	r := d.Call(context.Background(), "ping", []byte(`{"echo":"x"}`))
	if want := envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal); r.Text() != want {
		t.Errorf("panicking Before: got %s, want %s", r.Text(), want)
	}
	if r := d.Call(context.Background(), "place_order", []byte(`{"customerId":2}`)); r.IsError || r.Text() != `{"orderId":"o-2","customerId":2}` {
		t.Errorf("panicking After changed the result: %+v", r)
	}
}

// TestPeerless: Progress and Log without an adapter's peer do nothing.
func TestPeerless(t *testing.T) {
	if err := stitch.Progress(context.Background(), 1, 2, "half"); err != nil {
		t.Error(err)
	}
	if err := stitch.Log(context.Background(), stitch.LevelInfo, "", "x"); err != nil {
		t.Error(err)
	}
	if stitch.PeerOf(context.Background()) != nil {
		t.Error("a peer without WithPeer")
	}
}

type fakePeer struct{ got []string }

func (p *fakePeer) Progress(ctx context.Context, progress, total float64, message string) error {
	p.got = append(p.got, "progress "+strconv.FormatFloat(progress, 'g', -1, 64)+"/"+strconv.FormatFloat(total, 'g', -1, 64)+" "+message)
	return nil
}

func (p *fakePeer) Log(ctx context.Context, level stitch.Level, logger string, data any) error {
	p.got = append(p.got, "log "+string(level)+" "+logger)
	return errors.New("log failed")
}

func TestPeer(t *testing.T) {
	p := &fakePeer{}
	ctx := stitch.WithPeer(context.Background(), p)
	if err := stitch.Progress(ctx, 1, 2, "half"); err != nil {
		t.Error(err)
	}
	if err := stitch.Log(ctx, stitch.LevelWarning, "db", "x"); err == nil || err.Error() != "log failed" {
		t.Errorf("Log's error: %v", err)
	}
	if want := []string{"progress 1/2 half", "log warning db"}; !reflect.DeepEqual(p.got, want) {
		t.Errorf("peer got %q, want %q", p.got, want)
	}
}
