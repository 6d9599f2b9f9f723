package bench

import (
	"os"
	"slices"
	"testing"
)

// BenchmarkDecode times every impl on every shape:
// BenchmarkDecode/<shape>/<impl>. cmd/report runs it interleaved and
// writes docs/benchmarks.md.
//
// stitch-before (the frozen decoder of baseline/) runs next to
// stitch-unmarshal, after it, or before it when the environment sets
// STITCH_BENCH_BEFORE_FIRST=1; cmd/report alternates the two orders
// between rounds, so neither pays for its position.
func BenchmarkDecode(b *testing.B) {
	beforeFirst := os.Getenv("STITCH_BENCH_BEFORE_FIRST") == "1"
	for _, sh := range Shapes {
		b.Run(sh.Name, func(b *testing.B) {
			ims := implsFor(sh.Name)
			if beforeFirst {
				swapImpls(ims, "stitch-unmarshal", "stitch-before")
			}
			for _, im := range ims {
				b.Run(im.name, func(b *testing.B) { im.bench(b, sh.Doc) })
			}
		})
	}
}

// swapImpls swaps the impls named a and b.
func swapImpls(ims []impl, a, b string) {
	i := slices.IndexFunc(ims, func(im impl) bool { return im.name == a })
	j := slices.IndexFunc(ims, func(im impl) bool { return im.name == b })
	ims[i], ims[j] = ims[j], ims[i]
}
