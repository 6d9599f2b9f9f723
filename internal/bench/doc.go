// Package bench measures the decoders that stitchgen generates against the
// other Go JSON paths, on three contracts kept in contracts/ (S: a flat
// tool call, U: a discriminated union with nested objects and escaped,
// non-ASCII strings, L: 200 union items). It is a separate module so that users of stitchgen never download the comparison
// libraries; the repository's go.work leaves it out, so go commands run here
// with GOWORK=off.
//
// BenchmarkEndToEnd (e2e_test.go) times tools/call over streamable HTTP
// through each MCP adapter with its serving defaults and through the same
// SDK's own typed tool, each served by a process of its own.
//
// The benchmarks are in bench_test.go and e2e_test.go; cmd/report runs them
// interleaved and writes docs/benchmarks.md. This package holds the shared inputs, the
// encoding/json twin types and the replica of the go-sdk's per-call input
// path. Nothing outside internal/bench may import it.
package bench
