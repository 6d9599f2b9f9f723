package stitch_test

import (
	"context"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// TraceFromMeta reads the two strings of a _meta; WithTrace keeps a
// context without a trace as it is.
func TestTraceFromMeta(t *testing.T) {
	for _, c := range []struct {
		meta map[string]any
		want stitch.TraceContext
	}{
		{map[string]any{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "tracestate": "vendor=x", "progressToken": 1},
			stitch.TraceContext{Traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", Tracestate: "vendor=x"}},
		{map[string]any{"traceparent": 7, "tracestate": "vendor=x"}, stitch.TraceContext{Tracestate: "vendor=x"}},
		{nil, stitch.TraceContext{}},
	} {
		if got := stitch.TraceFromMeta(c.meta); got != c.want {
			t.Errorf("TraceFromMeta(%v) = %+v, want %+v", c.meta, got, c.want)
		}
		if got := stitch.TraceOf(stitch.WithTrace(context.Background(), stitch.TraceFromMeta(c.meta))); got != c.want {
			t.Errorf("TraceOf(WithTrace(%v)) = %+v, want %+v", c.meta, got, c.want)
		}
	}
}
