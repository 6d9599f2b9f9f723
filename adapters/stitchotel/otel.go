// Package stitchotel observes a stitch.Dispatcher with OpenTelemetry: a
// span per tool call and the duration, call and issue metrics, named as
// the OpenTelemetry semantic conventions for generative AI and MCP name
// them (open-telemetry/semantic-conventions-genai v0.1.0; docs/serving.md
// lists every name).
//
//	obs, err := stitchotel.New(stitchotel.Options{}) // the global providers
//	...
//	d, err := stitch.NewDispatcher(obs.Observe(stitch.Options{Timeout: 30 * time.Second}), tables...)
//
// It is a module of its own, so that package stitch and the services that
// do not use OpenTelemetry pull in none of it.
package stitchotel

import (
	"context"
	"sort"
	"time"

	"github.com/stitchgen/stitchgen/stitch"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// InstrumentationName is the name of the tracer and the meter.
const InstrumentationName = "github.com/stitchgen/stitchgen/adapters/stitchotel"

// SemconvVersion is the version of the semantic conventions the names
// follow (their status there is Development: they may still change).
const SemconvVersion = "semantic-conventions-genai v0.1.0"

// The attribute keys. The first six are the conventions'; the stitch.*
// ones are this package's own (the conventions have none for them).
const (
	KeyOperationName = attribute.Key("gen_ai.operation.name")
	KeyToolName      = attribute.Key("gen_ai.tool.name")
	KeyToolType      = attribute.Key("gen_ai.tool.type")
	KeyMethodName    = attribute.Key("mcp.method.name")
	KeyErrorType     = attribute.Key("error.type")
	KeySessionID     = attribute.Key("mcp.session.id")

	// KeyProfile is the profile of a provider's call (stitch.Profile);
	// absent for MCP calls.
	KeyProfile = attribute.Key("stitch.profile")
	// KeyIssueCount, KeyDroppedCount and KeyRepairedCount are the numbers
	// of issues, dropped keys and repaired strings of a call, on its span
	// when not 0.
	KeyIssueCount    = attribute.Key("stitch.issue.count")
	KeyDroppedCount  = attribute.Key("stitch.dropped.count")
	KeyRepairedCount = attribute.Key("stitch.repaired.count")
	// KeyIssueCode is an issue's code (stitch.CodeType...), on the issue
	// counter.
	KeyIssueCode = attribute.Key("stitch.issue.code")
	// KeyOutcome is stitch.OutcomeInputRequired on the span and the
	// metrics of a call whose handler asked the client for input
	// (stitch.NeedInput): neither a success nor a failure (error.type is
	// absent). Absent otherwise: error.type tells a failure.
	KeyOutcome = attribute.Key("stitch.outcome")
	// KeyLate is true on the span of a handler that returned after the
	// dispatcher had answered its call (TIMEOUT, CANCELED): what Late saw.
	KeyLate = attribute.Key("stitch.late")
)

// The metric names.
const (
	// MetricMCPDuration is the conventions' server operation duration,
	// for calls under stitch.ProfileMCP.
	MetricMCPDuration = "mcp.server.operation.duration"
	// MetricToolDuration is the duration of a provider's call (any other
	// profile): the conventions have no metric for a tool run outside MCP.
	MetricToolDuration = "stitch.tool.duration"
	// MetricCalls counts every call, whatever its profile.
	MetricCalls = "stitch.tool.calls"
	// MetricIssues counts the issues of rejected calls, by code.
	MetricIssues = "stitch.tool.issues"
	// MetricLateCalls counts the handlers that returned after the
	// dispatcher had answered their call, by what they returned (error.type
	// is the code the call would have had; absent when it succeeded).
	MetricLateCalls = "stitch.tool.late_calls"
)

// durationBuckets are the conventions' bucket boundaries for MCP
// operation durations, in seconds.
var durationBuckets = []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300}

// Options configure an Observer. The zero value uses the global providers
// (otel.GetTracerProvider, otel.GetMeterProvider).
type Options struct {
	TracerProvider trace.TracerProvider
	MeterProvider  metric.MeterProvider
	// Attributes, when set, are added to each call's span when it starts
	// (not to the metrics, whose cardinality they could blow up): for
	// example mcp.session.id from the SDK's request, which this package
	// cannot see (stitchgosdk.Request(ctx).Session.ID()).
	Attributes func(ctx context.Context, call *stitch.Call) []attribute.KeyValue
}

// An Observer records the calls of a dispatcher: its Before starts the
// call's span, its After ends it and records the metrics. One Observer
// may serve several dispatchers.
type Observer struct {
	tracer       trace.Tracer
	mcpDuration  metric.Float64Histogram
	toolDuration metric.Float64Histogram
	calls        metric.Int64Counter
	issues       metric.Int64Counter
	late         metric.Int64Counter
	attrs        func(context.Context, *stitch.Call) []attribute.KeyValue
}

// New returns an Observer with the providers of opt; it fails only when
// the meter provider refuses an instrument.
func New(opt Options) (*Observer, error) {
	tp, mp := opt.TracerProvider, opt.MeterProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	if mp == nil {
		mp = otel.GetMeterProvider()
	}
	meter := mp.Meter(InstrumentationName)
	o := &Observer{tracer: tp.Tracer(InstrumentationName), attrs: opt.Attributes}
	var err error
	if o.mcpDuration, err = meter.Float64Histogram(MetricMCPDuration, metric.WithUnit("s"),
		metric.WithDescription("The duration of the MCP request or notification as observed on the receiver from the time it was received until the result or ack is sent."),
		metric.WithExplicitBucketBoundaries(durationBuckets...)); err != nil {
		return nil, err
	}
	if o.toolDuration, err = meter.Float64Histogram(MetricToolDuration, metric.WithUnit("s"),
		metric.WithDescription("The duration of a tool call made by an LLM provider's client (a profile other than mcp), arguments decoding included."),
		metric.WithExplicitBucketBoundaries(durationBuckets...)); err != nil {
		return nil, err
	}
	if o.calls, err = meter.Int64Counter(MetricCalls, metric.WithUnit("{call}"),
		metric.WithDescription("The tool calls a dispatcher answered, by tool, profile and error type.")); err != nil {
		return nil, err
	}
	if o.issues, err = meter.Int64Counter(MetricIssues, metric.WithUnit("{issue}"),
		metric.WithDescription("The issues of the tool calls answered with VALIDATION_ERROR, by tool and issue code.")); err != nil {
		return nil, err
	}
	if o.late, err = meter.Int64Counter(MetricLateCalls, metric.WithUnit("{call}"),
		metric.WithDescription("The tool handlers that returned after the dispatcher had answered their call (TIMEOUT, CANCELED), by what they returned.")); err != nil {
		return nil, err
	}
	return o, nil
}

// Observe returns opt with o's observers in front: o's Before runs first
// (so the span is the parent of what opt.Before and the handler start),
// o's After last (so the span covers opt.After), o's Late first, then
// opt.Late.
func (o *Observer) Observe(opt stitch.Options) stitch.Options {
	before, after, late := opt.Before, opt.After, opt.Late
	opt.Before = func(ctx context.Context, call *stitch.Call) context.Context {
		ctx = o.Before(ctx, call)
		if before != nil {
			if c := before(ctx, call); c != nil {
				ctx = c
			}
		}
		return ctx
	}
	opt.After = func(ctx context.Context, call *stitch.Call) {
		defer o.After(ctx, call)
		if after != nil {
			after(ctx, call)
		}
	}
	opt.Late = func(ctx context.Context, call *stitch.Call) {
		o.Late(ctx, call)
		if late != nil {
			late(ctx, call)
		}
	}
	return opt
}

// spanKey is the context key of the span Before started for a call.
type spanKey struct{}

// callSpan ties a span to its call.
type callSpan struct {
	call *stitch.Call
	span trace.Span
}

// Before starts the call's span as a child of whatever span ctx holds (an
// HTTP server span) or, without one, of the caller's span that the
// request's _meta named (stitch.Call.Trace, its W3C traceparent and
// tracestate), and returns ctx with the span. The dispatcher calls
// Before once the arguments are decoded, so the span starts then; the
// duration metrics cover the whole call (stitch.Call.Duration).
func (o *Observer) Before(ctx context.Context, call *stitch.Call) context.Context {
	mcp := isMCP(call.Profile)
	attrs := make([]attribute.KeyValue, 0, 8)
	attrs = append(attrs, KeyOperationName.String("execute_tool"), KeyToolName.String(call.Tool), KeyToolType.String("function"))
	kind := trace.SpanKindInternal
	name := "execute_tool " + call.Tool
	if mcp {
		attrs = append(attrs, KeyMethodName.String("tools/call"))
		kind = trace.SpanKindServer
		name = "tools/call " + call.Tool
	} else {
		attrs = append(attrs, KeyProfile.String(string(call.Profile)))
	}
	if o.attrs != nil {
		attrs = append(attrs, o.attrs(ctx, call)...)
	}
	if tc := call.Trace; tc.Traceparent != "" && !trace.SpanContextFromContext(ctx).IsValid() {
		// The caller's trace, from the request's _meta, when nothing in
		// ctx (an HTTP server span) continues one already.
		ctx = propagation.TraceContext{}.Extract(ctx, propagation.MapCarrier{"traceparent": tc.Traceparent, "tracestate": tc.Tracestate})
	}
	ctx, span := o.tracer.Start(ctx, name, trace.WithSpanKind(kind), trace.WithAttributes(attrs...))
	return context.WithValue(ctx, spanKey{}, &callSpan{call: call, span: span})
}

// After ends the call's span with the outcome (error.type is the
// envelope's error code, and the span's status Error; stitch.outcome is
// input_required for a call that asked the client for input) and records
// the metrics. Without a span from Before (another Before panicked first) it
// starts and ends one now.
func (o *Observer) After(ctx context.Context, call *stitch.Call) {
	cs, _ := ctx.Value(spanKey{}).(*callSpan)
	if cs == nil || cs.call != call {
		ctx = o.Before(ctx, call)
		cs = ctx.Value(spanKey{}).(*callSpan)
	}
	span := cs.span
	code, asked := "", false
	switch outcome := call.Outcome(); outcome {
	case stitch.OutcomeOK:
	case stitch.OutcomeInputRequired:
		asked = true
	default:
		code = outcome
	}
	var spanAttrs []attribute.KeyValue
	if code != "" {
		spanAttrs = append(spanAttrs, KeyErrorType.String(code))
	}
	if asked {
		spanAttrs = append(spanAttrs, KeyOutcome.String(stitch.OutcomeInputRequired))
	}
	if n := len(call.Issues); n > 0 {
		spanAttrs = append(spanAttrs, KeyIssueCount.Int(n))
	}
	if n := len(call.Dropped); n > 0 {
		spanAttrs = append(spanAttrs, KeyDroppedCount.Int(n))
	}
	if n := len(call.Repaired); n > 0 {
		spanAttrs = append(spanAttrs, KeyRepairedCount.Int(n))
	}
	span.SetAttributes(spanAttrs...)
	if code != "" {
		span.SetStatus(codes.Error, code)
	}
	span.End()

	// The metrics: low-cardinality attributes only.
	mcp := isMCP(call.Profile)
	base := metricAttrs(call, code)
	if asked {
		base = append(base, KeyOutcome.String(stitch.OutcomeInputRequired))
	}
	set := metric.WithAttributeSet(attribute.NewSet(base...))
	seconds := call.Duration.Seconds()
	if mcp {
		o.mcpDuration.Record(ctx, seconds, set)
	} else {
		o.toolDuration.Record(ctx, seconds, set)
	}
	o.calls.Add(ctx, 1, set)
	if len(call.Issues) > 0 {
		byCode := map[string]int64{}
		for _, is := range call.Issues {
			byCode[is.Code]++
		}
		codes := make([]string, 0, len(byCode))
		for c := range byCode {
			codes = append(codes, c)
		}
		sort.Strings(codes)
		for _, c := range codes {
			o.issues.Add(ctx, byCode[c], metric.WithAttributes(KeyToolName.String(call.Tool), KeyIssueCode.String(c)))
		}
	}
}

// Late records what an abandoned handler finally returned (the
// dispatcher's Late observer; Observe sets it). The call's own span has
// ended with the caller's answer (TIMEOUT, CANCELED), so Late records a
// span of its own, `execute_tool {tool}` of kind Internal with
// stitch.late=true, a child of the call's span, from the handler's start
// to its return, with error.type and status Error when what it returned
// would have failed the call, and Options.Attributes; and it adds one to
// stitch.tool.late_calls.
func (o *Observer) Late(ctx context.Context, call *stitch.Call) {
	end := time.Now()
	code := ""
	if outcome := call.Outcome(); outcome != stitch.OutcomeOK {
		code = outcome
	}
	attrs := make([]attribute.KeyValue, 0, 8)
	attrs = append(attrs, KeyOperationName.String("execute_tool"), KeyToolName.String(call.Tool), KeyToolType.String("function"), KeyLate.Bool(true))
	mcp := isMCP(call.Profile)
	if !mcp {
		attrs = append(attrs, KeyProfile.String(string(call.Profile)))
	}
	if code != "" {
		attrs = append(attrs, KeyErrorType.String(code))
	}
	if o.attrs != nil {
		attrs = append(attrs, o.attrs(ctx, call)...)
	}
	_, span := o.tracer.Start(ctx, "execute_tool "+call.Tool, trace.WithSpanKind(trace.SpanKindInternal),
		trace.WithTimestamp(end.Add(-call.Duration)), trace.WithAttributes(attrs...))
	if code != "" {
		span.SetStatus(codes.Error, code)
	}
	span.End(trace.WithTimestamp(end))

	o.late.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(metricAttrs(call, code)...)))
}

// metricAttrs are the attributes of a call's metrics: the operation, the
// tool, the MCP method or the profile, and error.type when code is set.
func metricAttrs(call *stitch.Call, code string) []attribute.KeyValue {
	base := make([]attribute.KeyValue, 0, 5)
	base = append(base, KeyOperationName.String("execute_tool"), KeyToolName.String(call.Tool))
	if isMCP(call.Profile) {
		base = append(base, KeyMethodName.String("tools/call"))
	} else {
		base = append(base, KeyProfile.String(string(call.Profile)))
	}
	if code != "" {
		base = append(base, KeyErrorType.String(code))
	}
	return base
}

// isMCP reports whether a call's profile is MCP's (Dispatcher.Call's).
func isMCP(p stitch.Profile) bool {
	return p == stitch.ProfileMCP || p == ""
}
