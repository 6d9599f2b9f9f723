package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestWriteE2E: the end-to-end section from two rounds of benchmark
// output, the ratios paired by round.
func TestWriteE2E(t *testing.T) {
	r := &report{e2e: newResults("BenchmarkEndToEnd/"), e2eCount: 2, e2eBenchtime: "100x"}
	rounds := []string{`
BenchmarkEndToEnd/sessions=1/stitch-gosdk-2   100  500000 ns/op  2000 calls/s  100000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/gosdk-typed-2    100  800000 ns/op  1000 calls/s  150000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/stitch-mcpgo-2   100  500000 ns/op  900 calls/s   100000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/mcpgo-typed-2    100  500000 ns/op  1000 calls/s  100000 server-cpu-ns/op
PASS`, `
BenchmarkEndToEnd/sessions=1/mcpgo-typed-2    100  500000 ns/op  1000 calls/s  80000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/stitch-mcpgo-2   100  500000 ns/op  1300 calls/s  100000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/gosdk-typed-2    100  800000 ns/op  1000 calls/s  250000 server-cpu-ns/op
BenchmarkEndToEnd/sessions=1/stitch-gosdk-2   100  500000 ns/op  3000 calls/s  100000 server-cpu-ns/op
`}
	for _, out := range rounds {
		if err := r.e2e.parse(out); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	r.writeE2E(func(format string, args ...any) { fmt.Fprintf(&b, format, args...) })
	got := b.String()
	for _, want := range []string{
		"| ≥ 1.0× the calls/s of go-sdk's own typed path (`stitch-gosdk` ÷ `gosdk-typed`; [2.00–3.00] over 2 rounds; server CPU per call, typed ÷ adapter: 2.00×) | 1 | 2.50× | yes |\n",
		"| ≥ 1.0× the calls/s of mcp-go's own typed path (`stitch-mcpgo` ÷ `mcpgo-typed`; [0.90–1.30] over 2 rounds; server CPU per call, typed ÷ adapter: 0.90×) | 1 | 1.10× | yes |\n",
		"| 1 | stitch-gosdk | 2500 | 100 µs | 2 |\n| 1 | gosdk-typed | 1000 | 200 µs | 2 |\n| 1 | stitch-mcpgo | 1100 | 100 µs | 2 |\n| 1 | mcpgo-typed | 1000 | 90 µs | 2 |\n",
		"2 rounds of `-benchtime=100x`",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks\n%s\nit is\n%s", want, got)
		}
	}
}
