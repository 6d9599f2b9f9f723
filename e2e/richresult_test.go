package e2e

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/stitch"
)

// notes collects the notifications a client receives.
type notes struct {
	mu       sync.Mutex
	progress []string
	logs     []string
	more     chan struct{}
}

func (n *notes) add(list *[]string, s string) {
	n.mu.Lock()
	*list = append(*list, s)
	n.mu.Unlock()
	select {
	case n.more <- struct{}{}:
	default:
	}
}

// wait returns once there are p progress notifications and l log messages,
// or fails after a generous bound (the notifications are sent before the
// result, but the client may hand them to its handlers after it returns
// the result).
func (n *notes) wait(t *testing.T, p, l int) ([]string, []string) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		n.mu.Lock()
		if len(n.progress) >= p && len(n.logs) >= l {
			defer n.mu.Unlock()
			return append([]string(nil), n.progress...), append([]string(nil), n.logs...)
		}
		n.mu.Unlock()
		select {
		case <-n.more:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("got progress %q and logs %q; want %d and %d", n.progress, n.logs, p, l)
		}
	}
}

// TestRichResultWithProgressAndLogs: a handler's own text and an image
// reach the client as content blocks, its progress reaches the caller's
// progress token, and its log message the client that set a logging level
// (one below the level gets nothing).
func TestRichResultWithProgressAndLogs(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	server := newServer(t, broadcast.StitchTools(broadcast.NewService()), stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		mu.Lock()
		seen = append(seen, c.Tool+" "+c.Result.ErrorCode)
		mu.Unlock()
	}})
	n := &notes{more: make(chan struct{}, 1)}
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			p := r.Params
			n.add(&n.progress, jsonOf(t, p.ProgressToken)+" "+jsonOf(t, p.Progress)+"/"+jsonOf(t, p.Total)+" "+p.Message)
		},
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			n.add(&n.logs, string(r.Params.Level)+" "+r.Params.Logger+" "+jsonOf(t, r.Params.Data))
		},
	})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	ctx := context.Background()
	call(t, cs, "send_broadcast", `{"channel":"ops","parts":[{"kind":"text","text":"a"},{"kind":"text","text":"b"}]}`)
	call(t, cs, "send_broadcast", `{"channel":"dev","parts":[{"kind":"text","text":"c"},{"kind":"text","text":"d"}]}`)

	// The client and server speak protocol 2026-07-28, where a request
	// carries its log level in _meta (SEP-2575; logging/setLevel is for
	// older sessions, which the conformance suite covers). Below the
	// client's level (warning): no log message.
	params := &mcp.CallToolParams{Name: "preview_broadcast", Arguments: json.RawMessage(`{"broadcastId":"b-1"}`),
		Meta: mcp.Meta{mcp.MetaKeyLogLevel: "warning"}}
	params.SetProgressToken("p-1")
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	checkPreview(t, res, "Preview of b-1 in #ops: 2 parts")
	progress, _ := n.wait(t, 3, 0)
	if want := []string{`"p-1" 0/2 rendering the preview`, `"p-1" 1/2 preview rendered`, `"p-1" 2/2 done`}; !reflect.DeepEqual(progress, want) {
		t.Errorf("progress %q, want %q", progress, want)
	}

	// At info, the log message arrives; without a token, no progress.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "preview_broadcast", Arguments: json.RawMessage(`{"broadcastId":"b-2"}`),
		Meta: mcp.Meta{mcp.MetaKeyLogLevel: "info"}})
	if err != nil {
		t.Fatal(err)
	}
	checkPreview(t, res, "Preview of b-2 in #dev: 2 parts")
	n.wait(t, 3, 1)

	// A tool the server does not have: an isError result the observer saw.
	res = call(t, cs, "preview_broadcasts", `{}`)
	if !res.IsError || text(res) != `{"error":"UNKNOWN_TOOL","message":"unknown tool \"preview_broadcasts\"; the tools are: send_broadcast, edit_broadcast, preview_broadcast","hint":"Call one of the listed tools."}` {
		t.Errorf("unknown tool: %s", text(res))
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"send_broadcast ", "send_broadcast ", "preview_broadcast ", "preview_broadcast ", "preview_broadcasts UNKNOWN_TOOL"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("the observer saw %q, want %q", seen, want)
	}
	// After a later round trip: exactly the info call's log, and only the
	// call with a token reported progress.
	progress, logs := n.wait(t, 3, 1)
	if want := []string{`info broadcast "Preview of b-2 in #dev: 2 parts"`}; !reflect.DeepEqual(logs, want) || len(progress) != 3 {
		t.Errorf("logs %q (want %q), progress %q (want the first call's 3 only)", logs, want, progress)
	}
}

// checkPreview: a text block with the summary, then a PNG.
func checkPreview(t *testing.T, res *mcp.CallToolResult, summary string) {
	t.Helper()
	if res.IsError || len(res.Content) != 2 || res.StructuredContent != nil {
		t.Fatalf("preview: %+v", res)
	}
	if txt, ok := res.Content[0].(*mcp.TextContent); !ok || txt.Text != summary {
		t.Errorf("first block %#v", res.Content[0])
	}
	img, ok := res.Content[1].(*mcp.ImageContent)
	if !ok || img.MIMEType != "image/png" {
		t.Fatalf("second block %#v", res.Content[1])
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(img.Data)); err != nil || cfg.Width != 12 || cfg.Height != 8 {
		t.Errorf("image: %+v %v", cfg, err)
	}
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Error(err)
	}
	return string(b)
}
