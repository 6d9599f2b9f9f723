package stitch_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// slogBuffer returns a JSON logger writing to a buffer, without the time
// and with every duration written as "D" (after checking it is not
// negative) and a panic's stack as "STACK" (after checking it is there).
func slogBuffer(t *testing.T, level slog.Level) (*slog.Logger, *bytes.Buffer) {
	var buf bytes.Buffer
	h := slog.NewJSONHandler(&buf, &slog.HandlerOptions{
		Level: level,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			switch a.Key {
			case slog.TimeKey:
				return slog.Attr{}
			case "duration":
				if a.Value.Kind() != slog.KindDuration || a.Value.Duration() < 0 {
					t.Errorf("duration attribute %v, want a duration >= 0", a.Value)
				}
				return slog.String("duration", "D")
			case "error":
				s := a.Value.String()
				if msg, stack, ok := strings.Cut(s, "\n\n"); ok {
					if !strings.Contains(stack, "goroutine ") {
						t.Errorf("error attribute %q has no stack after its message", s)
					}
					return slog.String("error", msg+"\n\nSTACK")
				}
			}
			return a
		},
	})
	return slog.New(h), &buf
}

func TestSlogObserver(t *testing.T) {
	logger, buf := slogBuffer(t, slog.LevelInfo)
	obs := stitch.SlogObserver(logger)
	h := fixture.NewHandler()
	d, err := stitch.NewDispatcher(stitch.Options{After: obs}, fixture.StitchTools(h), []stitch.Tool{askTool()})
	if err != nil {
		t.Fatal(err)
	}
	// A handler that waits for its context times out at once; one that
	// ignores it is abandoned, and Late logs it once it returns.
	timed, err := stitch.NewDispatcher(stitch.Options{Timeout: time.Nanosecond, After: obs}, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	lateDone := make(chan struct{})
	late, err := stitch.NewDispatcher(stitch.Options{
		Timeout: time.Nanosecond,
		After:   obs,
		Late: func(ctx context.Context, c *stitch.Call) {
			obs(ctx, c)
			close(lateDone)
		},
	}, fixture.StitchTools(h))
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
		{d, stitch.ProfileMCP, "ping", `{"echo":"hi","x":1,"y":{}}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"lines":"[{\"sku\":\"a\"}]"}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"fail"}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"invalid"}`},
		{d, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"panic"}`},
		{timed, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"deadline"}`},
		{d, stitch.ProfileMCP, "nope", `{}`},
		{d, stitch.ProfileOpenAIStrict, "ping", `{"echo":"hi"}`},
		{d, stitch.ProfileMCP, "ask", `{}`},
		{late, stitch.ProfileMCP, "place_order", `{"customerId":7,"note":"hang"}`},
	}
	for _, c := range calls {
		c.d.CallAs(ctx, c.profile, c.tool, []byte(c.args))
	}
	close(h.Release) // the hanging handler returns: Late logs it
	<-lateDone

	want := []string{
		`{"level":"INFO","msg":"tool call","tool":"place_order","outcome":"ok","duration":"D","issues":0}`,
		`{"level":"WARN","msg":"tool call","tool":"place_order","outcome":"VALIDATION_ERROR","duration":"D","issues":2}`,
		`{"level":"INFO","msg":"tool call","tool":"ping","outcome":"ok","duration":"D","issues":0,"dropped":["/x","/y"]}`,
		`{"level":"INFO","msg":"tool call","tool":"place_order","outcome":"ok","duration":"D","issues":0,"repaired":["/lines"]}`,
		`{"level":"ERROR","msg":"tool call","tool":"place_order","outcome":"TOOL_ERROR","duration":"D","issues":0,"error":"customer is blocked"}`,
		`{"level":"WARN","msg":"tool call","tool":"place_order","outcome":"VALIDATION_ERROR","duration":"D","issues":1,"error":"checking: /note: custom: notes are closed"}`,
		`{"level":"ERROR","msg":"tool call","tool":"place_order","outcome":"INTERNAL_ERROR","duration":"D","issues":0,"error":"handler panic: boom\n\nSTACK"}`,
		`{"level":"ERROR","msg":"tool call","tool":"place_order","outcome":"TIMEOUT","duration":"D","issues":0,"error":"context deadline exceeded"}`,
		`{"level":"WARN","msg":"tool call","tool":"nope","outcome":"UNKNOWN_TOOL","duration":"D","issues":0}`,
		`{"level":"INFO","msg":"tool call","tool":"ping","profile":"openai-strict","outcome":"ok","duration":"D","issues":0}`,
		`{"level":"INFO","msg":"tool call","tool":"ask","outcome":"input_required","duration":"D","issues":0}`,
		`{"level":"ERROR","msg":"tool call","tool":"place_order","outcome":"TIMEOUT","duration":"D","issues":0,"error":"context deadline exceeded"}`,
		`{"level":"INFO","msg":"tool call","tool":"place_order","outcome":"ok","duration":"D","issues":0,"late":true}`,
	}
	got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(got), len(want), buf.String())
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

// askTool is a hand-built tool whose handler asks the client for input
// (a NeedInput): its call is neither done nor failed.
func askTool() stitch.Tool {
	return stitch.Tool{
		Name:   "ask",
		Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
		Run: func(context.Context, any) (stitch.Output, error) {
			return stitch.Output{}, stitch.AskInput(nil, map[string]stitch.InputRequest{"roots": stitch.ListRoots()})
		},
	}
}

// TestCallOutcome: Outcome is "ok" for a result, "input_required" for a
// handler's request for input (which sets no Err: it is not a failure),
// the envelope's error code for a failed call.
func TestCallOutcome(t *testing.T) {
	var got []string
	d, err := stitch.NewDispatcher(stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		got = append(got, c.Tool+" "+c.Outcome()+" "+fmt.Sprint(c.Err))
	}}, fixture.StitchTools(fixture.NewHandler()), []stitch.Tool{askTool()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d.Call(ctx, "ping", []byte(`{"echo":"hi"}`))
	d.Call(ctx, "ask", nil)
	d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"fail"}`))
	d.Call(ctx, "nope", nil)
	want := []string{
		"ping ok <nil>",
		"ask input_required <nil>",
		"place_order TOOL_ERROR customer is blocked",
		"nope UNKNOWN_TOOL <nil>",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outcomes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if o := (&stitch.Call{}).Outcome(); o != stitch.OutcomeOK {
		t.Errorf("a call without a result: outcome %q, want %q", o, stitch.OutcomeOK)
	}
}

// A logger whose level drops Info gets only the failed calls.
func TestSlogObserverLevel(t *testing.T) {
	logger, buf := slogBuffer(t, slog.LevelWarn)
	d := newDispatcher(t, stitch.Options{After: stitch.SlogObserver(logger)})
	d.Call(context.Background(), "ping", []byte(`{"echo":"hi"}`))
	d.Call(context.Background(), "ping", []byte(`{"echo":1}`))
	want := `{"level":"WARN","msg":"tool call","tool":"ping","outcome":"VALIDATION_ERROR","duration":"D","issues":1}` + "\n"
	if buf.String() != want {
		t.Errorf("records:\n%s\nwant:\n%s", buf.String(), want)
	}
}
