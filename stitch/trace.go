package stitch

import "context"

// A TraceContext is the W3C trace context a request carried in its _meta
// ("traceparent" and "tracestate"), as the client wrote it: an adapter
// reads it and puts it in the context of Dispatcher.Call (WithTrace), and
// observers get it in Call.Trace, to continue the caller's trace. Zero when
// the request carried none.
type TraceContext struct {
	Traceparent string
	Tracestate  string
}

type traceKey struct{}

// WithTrace returns a context carrying tc, for an adapter to pass to
// Dispatcher.Call.
func WithTrace(ctx context.Context, tc TraceContext) context.Context {
	if tc == (TraceContext{}) {
		return ctx
	}
	return context.WithValue(ctx, traceKey{}, tc)
}

// TraceOf returns the TraceContext of ctx, zero when there is none.
func TraceOf(ctx context.Context) TraceContext {
	tc, _ := ctx.Value(traceKey{}).(TraceContext)
	return tc
}

// TraceFromMeta is the TraceContext of a request's _meta (its
// "traceparent" and "tracestate" strings; a value of another type counts
// as absent), for an adapter to pass to WithTrace.
func TraceFromMeta(meta map[string]any) TraceContext {
	parent, _ := meta["traceparent"].(string)
	state, _ := meta["tracestate"].(string)
	return TraceContext{Traceparent: parent, Tracestate: state}
}
