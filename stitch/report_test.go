package stitch_test

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// TestObserversSeeChanges: what a tool's Decode reports in
// DecodeOptions.Report reaches the observers' Call next to Dropped and
// Repaired; a Decode that leaves the report alone leaves them nil.
func TestObserversSeeChanges(t *testing.T) {
	run := func(context.Context, any) (stitch.Output, error) { return stitch.Output{Text: "ok"}, nil }
	tools := []stitch.Tool{{
		Name: "reports", InputSchema: `{"type":"object"}`, Run: run,
		Decode: func(args []byte, opt stitch.DecodeOptions) (any, []string, []string, error) {
			if opt.Report == nil {
				t.Error("the dispatcher passed no Report")
				return nil, nil, nil, nil
			}
			*opt.Report = stitch.DecodeReport{Dropped: []string{"/x"}, Repaired: []string{"/r"},
				Rewritten: []string{"/a"}, Coerced: []string{"/b", "/c"}, Caught: []string{"/d"}}
			return 1, []string{"/x"}, []string{"/r"}, nil
		},
	}, {
		Name: "silent", InputSchema: `{"type":"object"}`, Run: run,
		Decode: func(args []byte, opt stitch.DecodeOptions) (any, []string, []string, error) {
			return 1, nil, nil, nil
		},
	}}
	var mu sync.Mutex
	var calls []stitch.Call
	d, err := stitch.NewDispatcher(stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, *c)
	}}, tools)
	if err != nil {
		t.Fatal(err)
	}
	d.Call(context.Background(), "reports", []byte(`{}`))
	d.Call(context.Background(), "silent", []byte(`{}`))
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 2 {
		t.Fatalf("%d calls observed, want 2", len(calls))
	}
	got := [][]string{calls[0].Dropped, calls[0].Repaired, calls[0].Rewritten, calls[0].Coerced, calls[0].Caught}
	want := [][]string{{"/x"}, {"/r"}, {"/a"}, {"/b", "/c"}, {"/d"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reports: observed %q, want %q", got, want)
	}
	if c := calls[1]; c.Rewritten != nil || c.Coerced != nil || c.Caught != nil {
		t.Errorf("silent: observed %q %q %q, want none", c.Rewritten, c.Coerced, c.Caught)
	}
}
