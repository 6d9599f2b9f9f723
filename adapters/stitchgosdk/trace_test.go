package stitchgosdk_test

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// The W3C trace context in a call's _meta reaches the observers.
func TestTraceFromMeta(t *testing.T) {
	got := make(chan stitch.TraceContext, 2)
	cs, _ := connect(t, stitch.Options{After: func(_ context.Context, c *stitch.Call) { got <- c.Trace }}, nil)
	want := stitch.TraceContext{Traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", Tracestate: "vendor=x"}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: map[string]any{"echo": "hi"},
		Meta: mcp.Meta{"traceparent": want.Traceparent, "tracestate": want.Tracestate}}); err != nil {
		t.Fatal(err)
	}
	if tc := <-got; tc != want {
		t.Errorf("Call.Trace %+v, want %+v", tc, want)
	}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: map[string]any{"echo": "hi"}}); err != nil {
		t.Fatal(err)
	}
	if tc := <-got; tc != (stitch.TraceContext{}) {
		t.Errorf("without _meta: Call.Trace %+v, want none", tc)
	}
}
