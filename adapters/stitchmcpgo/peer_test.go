package stitchmcpgo_test

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"context"
	"reflect"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
)

// The notifications the report tool can send (see testTools).
const (
	progressHalf = `notifications/progress {"message":"half","progress":1,"progressToken":"tok-1","total":2}`
	progressTwo  = `notifications/progress {"progress":2,"progressToken":"tok-1"}`
	logDebug     = `notifications/message {"data":"debug message","level":"debug","logger":"report"}`
	logWarning   = `notifications/message {"data":{"disk":"low"},"level":"warning","logger":"report"}`
	// mcp-go writes "logger":"" when the message has no logger.
	logDone = `notifications/message {"data":"done","level":"emergency","logger":""}`
)

// report calls the report tool, with the progress token "tok-1" when
// token is set, and returns the notifications the client received.
func (c *conn) report(t *testing.T, token bool) []string {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = "report"
	if token {
		req.Params.Meta = &mcp.Meta{ProgressToken: "tok-1"}
	}
	res, err := c.c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(res.Content) != 1 || res.Content[0].(mcp.TextContent).Text != "reported" {
		t.Fatalf("report: %+v", res)
	}
	return c.notes.wait(t)
}

func setLevel(t *testing.T, c *conn, level mcp.LoggingLevel) {
	t.Helper()
	if err := c.c.SetLevel(context.Background(), mcp.SetLevelRequest{Params: mcp.SetLevelParams{Level: level}}); err != nil {
		t.Fatal(err)
	}
}

// TestProgressAndLogging: during a call, progress goes out with the
// caller's progress token and only with one; log messages go out at or
// above the client's level: the level set with logging/setLevel, "error"
// before one is set (mcp-go's default), or on protocol version 2026-07-28
// the level the request declares.
func TestProgressAndLogging(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	for _, v := range []struct {
		name    string
		connect func() *conn
		level   mcp.LoggingLevel // "" for none set
		token   bool
		want    []string
	}{
		{"no level, no token", func() *conn { return inProcess(t, s, legacy) }, "", false, []string{logDone}},
		{"no level, token", func() *conn { return inProcess(t, s, legacy) }, "", true, []string{progressHalf, progressTwo, logDone}},
		{"warning, token", func() *conn { return inProcess(t, s, legacy) }, mcp.LoggingLevelWarning, true, []string{progressHalf, progressTwo, logWarning, logDone}},
		{"debug, no token", func() *conn { return inProcess(t, s, legacy) }, mcp.LoggingLevelDebug, false, []string{logDebug, logWarning, logDone}},
		{"2026-07-28, warning, token", func() *conn { return inProcess(t, s, "") }, mcp.LoggingLevelWarning, true, []string{progressHalf, progressTwo, logWarning, logDone}},
		// A request of 2026-07-28 always has a _meta (the protocol
		// version), here without a progress token.
		{"2026-07-28, debug, no token", func() *conn { return inProcess(t, s, "") }, mcp.LoggingLevelDebug, false, []string{logDebug, logWarning, logDone}},
		// Over streamable HTTP with an event store: without one, mcp-go
		// can drop a notification sent near the end of a call
		// (docs/mcpgo.md).
		{"HTTP, warning, token", func() *conn {
			return overHTTP(t, s, legacy, server.WithEventStore(server.NewInMemoryEventStore()))
		}, mcp.LoggingLevelWarning, true, []string{progressHalf, progressTwo, logWarning, logDone}},
		{"HTTP, debug, no token", func() *conn {
			return overHTTP(t, s, legacy, server.WithEventStore(server.NewInMemoryEventStore()))
		}, mcp.LoggingLevelDebug, false, []string{logDebug, logWarning, logDone}},
	} {
		c := v.connect()
		if v.level != "" {
			setLevel(t, c, v.level)
		}
		if got := c.report(t, v.token); !reflect.DeepEqual(got, v.want) {
			t.Errorf("%s: the client got\n %q\nwant %q", v.name, got, v.want)
		}
	}
}

// TestProgressTokenNumber pins what mcp-go does to a numeric progress
// token: it decodes _meta into map[string]any, so a token above 2^53
// comes back rounded to a float64.
func TestProgressTokenNumber(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	c := inProcess(t, s, legacy)
	if got := c.raw(t, "tools/call", `{"name":"report","_meta":{"progressToken":9007199254740993}}`); got != `{"content":[{"type":"text","text":"reported"}]}` {
		t.Fatalf("report: %s", got)
	}
	want := []string{
		`notifications/progress {"message":"half","progress":1,"progressToken":9007199254740992,"total":2}`,
		`notifications/progress {"progress":2,"progressToken":9007199254740992}`,
		logDone,
	}
	if got := c.notes.wait(t); !reflect.DeepEqual(got, want) {
		t.Errorf("the client got\n %q\nwant %q", got, want)
	}
}

// sampler answers every sampling request with "pong".
type sampler struct{}

func (sampler) CreateMessage(context.Context, mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return &mcp.CreateMessageResult{
		SamplingMessage: mcp.SamplingMessage{Role: mcp.RoleAssistant, Content: mcp.NewTextContent("pong")},
		Model:           "test-model",
	}, nil
}

// TestRequestAndSession: a handler reaches mcp-go's request (the call's
// _meta) with Request and the client's session through the server of its
// context: here a sampling request the client answers.
func TestRequestAndSession(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	s.EnableSampling()
	c := inProcess(t, s, legacy, client.WithSamplingHandler(sampler{}))
	want := `{"content":[{"type":"text","text":"ask trace=t-1 sampled=pong"}]}`
	if got := c.raw(t, "tools/call", `{"name":"ask","_meta":{"trace":"t-1"}}`); got != want {
		t.Errorf("ask:\n got %s\nwant %s", got, want)
	}
	if r := stitchmcpgo.Request(context.Background()); r != nil {
		t.Errorf("Request outside a call = %+v, want nil", r)
	}
}
