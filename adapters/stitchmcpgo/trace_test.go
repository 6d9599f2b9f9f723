package stitchmcpgo_test

import (
	"context"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// The W3C trace context in a call's _meta reaches the observers.
func TestTraceFromMeta(t *testing.T) {
	got := make(chan stitch.TraceContext, 2)
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(stitch.Options{After: func(_ context.Context, c *stitch.Call) { got <- c.Trace }}, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	c := inProcess(t, stitchmcpgo.NewServer("t", "v0", d), "2025-11-25")
	want := stitch.TraceContext{Traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", Tracestate: "vendor=x"}
	c.raw(t, "tools/call", `{"name":"ping","arguments":{"echo":"hi"},"_meta":{"traceparent":"`+want.Traceparent+`","tracestate":"vendor=x"}}`)
	if tc := <-got; tc != want {
		t.Errorf("Call.Trace %+v, want %+v", tc, want)
	}
	c.raw(t, "tools/call", `{"name":"ping","arguments":{"echo":"hi"}}`)
	if tc := <-got; tc != (stitch.TraceContext{}) {
		t.Errorf("without _meta: Call.Trace %+v, want none", tc)
	}
}
