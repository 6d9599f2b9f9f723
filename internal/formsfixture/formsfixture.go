// Package formsfixture serves the tools of contract package every that
// have reversible forms, for the provider adapters' round-trip tests. It
// imports no SDK and no schema validator, so an adapter module's tests
// pull in nothing more.
package formsfixture

import (
	"context"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/stitch"
)

// Dispatcher serves the containers and free tools of contract
// package every (maps and free-form values: the tools with reversible
// forms) with a handler that keeps what it receives; got returns a copy of
// the inputs received so far, in order.
func Dispatcher(t testing.TB) (d *stitch.Dispatcher, got func() []any) {
	t.Helper()
	var mu sync.Mutex
	var ins []any
	var tools []stitch.Tool
	for _, tl := range every.StitchTools(nil) {
		if tl.Name == "containers" || tl.Name == "free" {
			tl.Run = func(_ context.Context, in any) (stitch.Output, error) {
				mu.Lock()
				defer mu.Unlock()
				ins = append(ins, in)
				return stitch.Output{Text: "ok"}, nil
			}
			tools = append(tools, tl)
		}
	}
	d, err := stitch.NewDispatcher(stitch.Options{}, tools)
	if err != nil {
		t.Fatal(err)
	}
	return d, func() []any {
		mu.Lock()
		defer mu.Unlock()
		return append([]any(nil), ins...)
	}
}
