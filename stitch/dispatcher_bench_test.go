package stitch_test

import (
	"context"
	"testing"

	"github.com/stitchgen/stitchgen/internal/cputime"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// BenchmarkCall: one small call through the dispatcher, with a context
// that can be canceled (as a server's request context), one call at a
// time and on every core at once.
func BenchmarkCall(b *testing.B) {
	d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(fixture.NewHandler()))
	if err != nil {
		b.Fatal(err)
	}
	args := []byte(`{"customerId":7}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const want = `{"orderId":"o-7","customerId":7}`
	b.Run("serial", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cputime.Process()
		for b.Loop() {
			if r := d.Call(ctx, "place_order", args); r.IsError {
				b.Fatal(r.Text())
			}
		}
		b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
	})
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cputime.Process()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if r := d.Call(ctx, "place_order", args); string(r.Structured) != want {
					b.Error(r.Text())
					return
				}
			}
		})
		b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
	})
}
