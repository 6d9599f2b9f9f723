package stitchotel_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/adapters/stitchotel"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// telemetry is an in-memory trace exporter and a manual metric reader.
type telemetry struct {
	spans  *tracetest.InMemoryExporter
	tp     *sdktrace.TracerProvider
	reader *sdkmetric.ManualReader
	mp     *sdkmetric.MeterProvider
}

func newTelemetry(t *testing.T) *telemetry {
	spans := tracetest.NewInMemoryExporter()
	reader := sdkmetric.NewManualReader()
	tel := &telemetry{
		spans:  spans,
		tp:     sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans)),
		reader: reader,
		mp:     sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)),
	}
	t.Cleanup(func() {
		_ = tel.tp.Shutdown(context.Background())
		_ = tel.mp.Shutdown(context.Background())
	})
	return tel
}

// attrs renders an attribute list sorted by key: "k=v k=v".
func attrs(kvs []attribute.KeyValue) string {
	parts := make([]string, len(kvs))
	for i, kv := range kvs {
		parts[i] = string(kv.Key) + "=" + kv.Value.String()
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// spanLines renders the exported spans: "name kind status [attributes]".
func (tel *telemetry) spanLines() []string {
	var lines []string
	for _, s := range tel.spans.GetSpans() {
		status := s.Status.Code.String()
		if s.Status.Description != "" {
			status += "(" + s.Status.Description + ")"
		}
		lines = append(lines, fmt.Sprintf("%s %s %s [%s]", s.Name, s.SpanKind, status, attrs(s.Attributes)))
	}
	return lines
}

// metricLines renders every data point, sorted: "name unit [attributes]
// value" (a histogram: its count and bounds; its sum is a time, checked
// to be >= 0).
func (tel *telemetry) metricLines(t *testing.T) []string {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := tel.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, sm := range rm.ScopeMetrics {
		if sm.Scope.Name != stitchotel.InstrumentationName {
			t.Errorf("scope %q, want %q", sm.Scope.Name, stitchotel.InstrumentationName)
		}
		for _, m := range sm.Metrics {
			switch data := m.Data.(type) {
			case metricdata.Histogram[float64]:
				for _, dp := range data.DataPoints {
					if dp.Sum < 0 {
						t.Errorf("%s: negative sum %v", m.Name, dp.Sum)
					}
					lines = append(lines, fmt.Sprintf("%s %s [%s] count=%d bounds=%v", m.Name, m.Unit, attrs(dp.Attributes.ToSlice()), dp.Count, dp.Bounds))
				}
			case metricdata.Sum[int64]:
				if !data.IsMonotonic || data.Temporality != metricdata.CumulativeTemporality {
					t.Errorf("%s: monotonic %v, temporality %v", m.Name, data.IsMonotonic, data.Temporality)
				}
				for _, dp := range data.DataPoints {
					lines = append(lines, fmt.Sprintf("%s %s [%s] %d", m.Name, m.Unit, attrs(dp.Attributes.ToSlice()), dp.Value))
				}
			default:
				t.Errorf("%s: unexpected data %T", m.Name, m.Data)
			}
		}
	}
	sort.Strings(lines)
	return lines
}

// compareSorted is compareLines of both lists sorted.
func compareSorted(t *testing.T, what string, got, want []string) {
	t.Helper()
	got, want = slices.Clone(got), slices.Clone(want)
	sort.Strings(got)
	sort.Strings(want)
	compareLines(t, what, got, want)
}

func compareLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got:\n\t%s\nwant:\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

const bounds = "[0.01 0.02 0.05 0.1 0.2 0.5 1 2 5 10 30 60 120 300]"

func TestObserver(t *testing.T) {
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{
		TracerProvider: tel.tp,
		MeterProvider:  tel.mp,
		Attributes: func(ctx context.Context, call *stitch.Call) []attribute.KeyValue {
			return []attribute.KeyValue{stitchotel.KeySessionID.String("s-1")}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	h := fixture.NewHandler()
	// ask is a hand-built tool whose handler asks the client for input
	// (a NeedInput): its call is neither done nor failed.
	ask := stitch.Tool{
		Name:   "ask",
		Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
		Run: func(context.Context, any) (stitch.Output, error) {
			return stitch.Output{}, stitch.AskInput(nil, map[string]stitch.InputRequest{"roots": stitch.ListRoots()})
		},
	}
	d, err := stitch.NewDispatcher(obs.Observe(stitch.Options{}), fixture.StitchTools(h), []stitch.Tool{ask})
	if err != nil {
		t.Fatal(err)
	}
	// A handler that ignores its context ("hang") times out at once: the
	// deadline passes while it waits for h.Release. Once released, it
	// returns its receipt late (lateDone says when the observers have seen
	// it).
	lateDone := make(chan struct{}, 1)
	timed, err := stitch.NewDispatcher(obs.Observe(stitch.Options{
		Timeout: time.Nanosecond,
		Late:    func(context.Context, *stitch.Call) { lateDone <- struct{}{} },
	}), fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := []struct {
		d          *stitch.Dispatcher
		profile    stitch.Profile
		tool, args string
	}{
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":0,"note":5}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":-1}`},
		{d, stitch.ProfileMCP, "ping", `{"echo":"hi","x":1,"y":{}}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"lines":"[{\"sku\":\"a\"}]"}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"fail"}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"panic"}`},
		{timed, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"hang"}`},
		{d, stitch.ProfileMCP, "nope", `{}`},
		{d, stitch.ProfileOpenAIStrict, "ping", `{"echo":"hi"}`},
		{d, stitch.ProfileOpenAIStrict, "ping", `{"echo":1}`},
		{d, stitch.ProfileMCP, "ask", `{}`},
	}
	for _, c := range calls {
		c.d.CallAs(ctx, c.profile, c.tool, []byte(c.args))
	}
	close(h.Release)
	<-lateDone

	const (
		sess = "mcp.method.name=tools/call mcp.session.id=s-1"
	)
	// The late span of the "hang" call ends when its handler returns,
	// so the spans are compared in sorted order.
	compareSorted(t, "spans", tel.spanLines(), []string{
		"tools/call place_order server Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + "]",
		"tools/call place_order server Error(VALIDATION_ERROR) [error.type=VALIDATION_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + " stitch.issue.count=2]",
		"tools/call place_order server Error(VALIDATION_ERROR) [error.type=VALIDATION_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + " stitch.issue.count=1]",
		"tools/call ping server Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=ping gen_ai.tool.type=function " + sess + " stitch.dropped.count=2]",
		"tools/call place_order server Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + " stitch.repaired.count=1]",
		"tools/call place_order server Error(TOOL_ERROR) [error.type=TOOL_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + "]",
		"tools/call place_order server Error(INTERNAL_ERROR) [error.type=INTERNAL_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + "]",
		"tools/call place_order server Error(TIMEOUT) [error.type=TIMEOUT gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function " + sess + "]",
		"execute_tool place_order internal Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=place_order gen_ai.tool.type=function mcp.session.id=s-1 stitch.late=true]",
		"tools/call nope server Error(UNKNOWN_TOOL) [error.type=UNKNOWN_TOOL gen_ai.operation.name=execute_tool gen_ai.tool.name=nope gen_ai.tool.type=function " + sess + "]",
		"execute_tool ping internal Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=ping gen_ai.tool.type=function mcp.session.id=s-1 stitch.profile=openai-strict]",
		"execute_tool ping internal Error(VALIDATION_ERROR) [error.type=VALIDATION_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=ping gen_ai.tool.type=function mcp.session.id=s-1 stitch.issue.count=1 stitch.profile=openai-strict]",
		"tools/call ask server Unset [gen_ai.operation.name=execute_tool gen_ai.tool.name=ask gen_ai.tool.type=function " + sess + " stitch.outcome=input_required]",
	})

	const op = "gen_ai.operation.name=execute_tool"
	compareLines(t, "metrics", tel.metricLines(t), []string{
		"mcp.server.operation.duration s [error.type=INTERNAL_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [error.type=TIMEOUT " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [error.type=TOOL_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [error.type=UNKNOWN_TOOL " + op + " gen_ai.tool.name=nope mcp.method.name=tools/call] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [error.type=VALIDATION_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] count=2 bounds=" + bounds,
		"mcp.server.operation.duration s [" + op + " gen_ai.tool.name=ask mcp.method.name=tools/call stitch.outcome=input_required] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [" + op + " gen_ai.tool.name=ping mcp.method.name=tools/call] count=1 bounds=" + bounds,
		"mcp.server.operation.duration s [" + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] count=2 bounds=" + bounds,
		"stitch.tool.calls {call} [error.type=INTERNAL_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 1",
		"stitch.tool.calls {call} [error.type=TIMEOUT " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 1",
		"stitch.tool.calls {call} [error.type=TOOL_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 1",
		"stitch.tool.calls {call} [error.type=UNKNOWN_TOOL " + op + " gen_ai.tool.name=nope mcp.method.name=tools/call] 1",
		"stitch.tool.calls {call} [error.type=VALIDATION_ERROR " + op + " gen_ai.tool.name=ping stitch.profile=openai-strict] 1",
		"stitch.tool.calls {call} [error.type=VALIDATION_ERROR " + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 2",
		"stitch.tool.calls {call} [" + op + " gen_ai.tool.name=ask mcp.method.name=tools/call stitch.outcome=input_required] 1",
		"stitch.tool.calls {call} [" + op + " gen_ai.tool.name=ping mcp.method.name=tools/call] 1",
		"stitch.tool.calls {call} [" + op + " gen_ai.tool.name=ping stitch.profile=openai-strict] 1",
		"stitch.tool.calls {call} [" + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 2",
		"stitch.tool.duration s [error.type=VALIDATION_ERROR " + op + " gen_ai.tool.name=ping stitch.profile=openai-strict] count=1 bounds=" + bounds,
		"stitch.tool.duration s [" + op + " gen_ai.tool.name=ping stitch.profile=openai-strict] count=1 bounds=" + bounds,
		"stitch.tool.issues {issue} [gen_ai.tool.name=ping stitch.issue.code=type] 1",
		"stitch.tool.issues {issue} [gen_ai.tool.name=place_order stitch.issue.code=range] 2",
		"stitch.tool.issues {issue} [gen_ai.tool.name=place_order stitch.issue.code=type] 1",
		"stitch.tool.late_calls {call} [" + op + " gen_ai.tool.name=place_order mcp.method.name=tools/call] 1",
	})
}

// The span is a child of the span in the call's context, and the parent
// of the spans the handler and the other observers start; Observe keeps
// the other observers and calls them inside the span.
func TestObserverParent(t *testing.T) {
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{TracerProvider: tel.tp, MeterProvider: tel.mp})
	if err != nil {
		t.Fatal(err)
	}
	tracer := tel.tp.Tracer("test")
	var order []string
	opt := obs.Observe(stitch.Options{
		Before: func(ctx context.Context, call *stitch.Call) context.Context {
			order = append(order, "before")
			ctx, span := tracer.Start(ctx, "inner") // as a handler would
			span.End()
			return ctx
		},
		After: func(ctx context.Context, call *stitch.Call) {
			order = append(order, "after")
		},
	})
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, root := tracer.Start(context.Background(), "root")
	d.Call(ctx, "ping", []byte(`{"echo":"hi"}`))
	root.End()

	spans := tel.spans.GetSpans()
	var names []string
	for _, s := range spans {
		names = append(names, s.Name)
	}
	if want := []string{"inner", "tools/call ping", "root"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("spans %q, want %q", names, want)
	}
	inner, call, rootSpan := spans[0], spans[1], spans[2]
	if call.Parent.SpanID() != rootSpan.SpanContext.SpanID() || call.SpanContext.TraceID() != rootSpan.SpanContext.TraceID() {
		t.Errorf("the call's span has parent %v, want the root span %v", call.Parent.SpanID(), rootSpan.SpanContext.SpanID())
	}
	if inner.Parent.SpanID() != call.SpanContext.SpanID() {
		t.Errorf("the inner span has parent %v, want the call's span %v", inner.Parent.SpanID(), call.SpanContext.SpanID())
	}
	if want := []string{"before", "after"}; !reflect.DeepEqual(order, want) {
		t.Errorf("observers ran %q, want %q", order, want)
	}
}

// When a Before after the observer's panics, the dispatcher hands After
// the call's original context: After still ends one span for the call.
func TestObserverBeforePanics(t *testing.T) {
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{TracerProvider: tel.tp, MeterProvider: tel.mp})
	if err != nil {
		t.Fatal(err)
	}
	opt := obs.Observe(stitch.Options{Before: func(context.Context, *stitch.Call) context.Context { panic("observer") }})
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		t.Fatal(err)
	}
	d.Call(context.Background(), "ping", []byte(`{"echo":"hi"}`))
	compareLines(t, "spans", tel.spanLines(), []string{
		"tools/call ping server Error(INTERNAL_ERROR) [error.type=INTERNAL_ERROR gen_ai.operation.name=execute_tool gen_ai.tool.name=ping gen_ai.tool.type=function mcp.method.name=tools/call]",
	})
}

// One Observer serves concurrent calls: every call has its span and is
// counted once (run under -race by make race).
func TestObserverConcurrent(t *testing.T) {
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{TracerProvider: tel.tp, MeterProvider: tel.mp})
	if err != nil {
		t.Fatal(err)
	}
	d, err := stitch.NewDispatcher(obs.Observe(stitch.Options{}), fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		t.Fatal(err)
	}
	const workers, calls = 8, 25
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range calls {
				args := `{"echo":"w` + strconv.Itoa(w) + `"}`
				if i%5 == 0 {
					args = `{"echo":` + strconv.Itoa(i) + `}`
				}
				d.Call(context.Background(), "ping", []byte(args))
			}
		})
	}
	wg.Wait()
	if n := len(tel.spans.GetSpans()); n != workers*calls {
		t.Errorf("%d spans, want %d", n, workers*calls)
	}
	const ping = "gen_ai.operation.name=execute_tool gen_ai.tool.name=ping mcp.method.name=tools/call"
	compareLines(t, "metrics", tel.metricLines(t), []string{
		"mcp.server.operation.duration s [error.type=VALIDATION_ERROR " + ping + "] count=40 bounds=" + bounds,
		"mcp.server.operation.duration s [" + ping + "] count=160 bounds=" + bounds,
		"stitch.tool.calls {call} [error.type=VALIDATION_ERROR " + ping + "] 40",
		"stitch.tool.calls {call} [" + ping + "] 160",
		"stitch.tool.issues {issue} [gen_ai.tool.name=ping stitch.issue.code=type] 40",
	})
}

// A handler the dispatcher abandoned (TIMEOUT) and that returns later gets
// a span of its own, a child of the call's span, covering its whole run,
// and is counted in stitch.tool.late_calls by what it returned; the
// service's own Late observer still runs after the observer's.
func TestObserverLate(t *testing.T) {
	tel := newTelemetry(t)
	obs, err := stitchotel.New(stitchotel.Options{TracerProvider: tel.tp, MeterProvider: tel.mp})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	slow := func(name string, err error) stitch.Tool {
		return stitch.Tool{
			Name:   name,
			Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
			Run: func(context.Context, any) (stitch.Output, error) {
				<-release // ignores its context on purpose
				return stitch.Output{Text: "done"}, err
			},
		}
	}
	lateSeen := make(chan string, 2)
	// The deadline passes at once, so the dispatcher answers TIMEOUT
	// while the handlers wait for release.
	d, err := stitch.NewDispatcher(obs.Observe(stitch.Options{
		Timeout: time.Nanosecond,
		Late:    func(_ context.Context, call *stitch.Call) { lateSeen <- call.Tool },
	}), []stitch.Tool{slow("slow_ok", nil), slow("slow_fail", errors.New("no stock"))})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d.Call(ctx, "slow_ok", []byte(`{}`))
	d.CallAs(ctx, stitch.ProfileOpenAIStrict, "slow_fail", []byte(`{}`))
	close(release)
	got := []string{<-lateSeen, <-lateSeen}
	sort.Strings(got)
	if want := []string{"slow_fail", "slow_ok"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("the service's Late saw %q, want %q", got, want)
	}

	const op = "gen_ai.operation.name=execute_tool"
	// The late spans end in either order.
	compareSorted(t, "spans", tel.spanLines(), []string{
		"execute_tool slow_fail internal Error(TIMEOUT) [error.type=TIMEOUT " + op + " gen_ai.tool.name=slow_fail gen_ai.tool.type=function stitch.profile=openai-strict]",
		"execute_tool slow_fail internal Error(TOOL_ERROR) [error.type=TOOL_ERROR " + op + " gen_ai.tool.name=slow_fail gen_ai.tool.type=function stitch.late=true stitch.profile=openai-strict]",
		"execute_tool slow_ok internal Unset [" + op + " gen_ai.tool.name=slow_ok gen_ai.tool.type=function stitch.late=true]",
		"tools/call slow_ok server Error(TIMEOUT) [error.type=TIMEOUT " + op + " gen_ai.tool.name=slow_ok gen_ai.tool.type=function mcp.method.name=tools/call]",
	})
	// Each late span is the child of its call's span, in its trace, and
	// covers the handler's run: it starts no later than the call's span
	// ended (the handler started before the deadline) and ends after it.
	spans := tel.spans.GetSpans()
	for _, late := range spans {
		if !hasAttr(late.Attributes, stitchotel.KeyLate) {
			continue
		}
		var call *tracetest.SpanStub
		for i := range spans {
			if spans[i].SpanContext.SpanID() == late.Parent.SpanID() {
				call = &spans[i]
			}
		}
		if call == nil || hasAttr(call.Attributes, stitchotel.KeyLate) || call.SpanContext.TraceID() != late.SpanContext.TraceID() {
			t.Fatalf("late span %s: its parent is not its call's span", late.Name)
		}
		if late.StartTime.After(call.EndTime) || !late.EndTime.After(call.EndTime) {
			t.Errorf("late span %s runs %v–%v, its call's span %v–%v", late.Name, late.StartTime, late.EndTime, call.StartTime, call.EndTime)
		}
	}

	var late []string
	for _, l := range tel.metricLines(t) {
		if strings.HasPrefix(l, stitchotel.MetricLateCalls+" ") {
			late = append(late, l)
		}
	}
	compareLines(t, "late metric", late, []string{
		"stitch.tool.late_calls {call} [error.type=TOOL_ERROR " + op + " gen_ai.tool.name=slow_fail stitch.profile=openai-strict] 1",
		"stitch.tool.late_calls {call} [" + op + " gen_ai.tool.name=slow_ok mcp.method.name=tools/call] 1",
	})
}

func hasAttr(kvs []attribute.KeyValue, k attribute.Key) bool {
	for _, kv := range kvs {
		if kv.Key == k {
			return true
		}
	}
	return false
}
