package bench

import "testing"

// BenchmarkDecode times every impl on every shape:
// BenchmarkDecode/<shape>/<impl>. cmd/report runs it interleaved and
// writes docs/benchmarks.md.
func BenchmarkDecode(b *testing.B) {
	for _, sh := range Shapes {
		b.Run(sh.Name, func(b *testing.B) {
			for _, im := range implsFor(sh.Name) {
				b.Run(im.name, func(b *testing.B) { im.bench(b, sh.Doc) })
			}
		})
	}
}
