package stitchotel_test

import (
	"context"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchotel"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// A call whose request named the caller's span in its _meta
// (stitch.Call.Trace) continues the caller's trace when its context holds
// no span; a span in the context wins.
func TestObserverRemoteParent(t *testing.T) {
	const (
		traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
		spanID  = "00f067aa0ba902b7"
	)
	tc := stitch.TraceContext{Traceparent: "00-" + traceID + "-" + spanID + "-01", Tracestate: "vendor=x"}
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{TracerProvider: tel.tp, MeterProvider: tel.mp})
	if err != nil {
		t.Fatal(err)
	}
	d, err := stitch.NewDispatcher(obs.Observe(stitch.Options{}), fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		t.Fatal(err)
	}
	d.Call(stitch.WithTrace(context.Background(), tc), "ping", []byte(`{"echo":"hi"}`))
	ctx, root := tel.tp.Tracer("test").Start(stitch.WithTrace(context.Background(), tc), "root")
	d.Call(ctx, "ping", []byte(`{"echo":"hi"}`))
	root.End()

	spans := tel.spans.GetSpans()
	if len(spans) != 3 {
		t.Fatalf("%d spans, want 3", len(spans))
	}
	remote := spans[0]
	if got := remote.Parent.TraceID().String() + " " + remote.Parent.SpanID().String(); got != traceID+" "+spanID || !remote.Parent.IsRemote() {
		t.Errorf("parent of the call's span: %s (remote %v), want %s %s, remote", got, remote.Parent.IsRemote(), traceID, spanID)
	}
	if got := remote.SpanContext.TraceID().String(); got != traceID {
		t.Errorf("the call's span is in trace %s, want %s", got, traceID)
	}
	if got := remote.Parent.TraceState().String(); got != "vendor=x" {
		t.Errorf("tracestate %q, want vendor=x", got)
	}
	local, rootSpan := spans[1], spans[2]
	if local.Parent.SpanID() != rootSpan.SpanContext.SpanID() {
		t.Errorf("with a span in its context, the call's span has parent %v, want the root span %v", local.Parent.SpanID(), rootSpan.SpanContext.SpanID())
	}
}
