package main

import "fmt"

// e2eNotes say what each end-to-end impl serves; the order is the
// report's.
var e2eNotes = [][2]string{
	{"stitch-gosdk", "`stitchgosdk.AddTools` on a go-sdk server, served by `stitchgosdk.HTTPHandler` with its serving defaults (`wire.Guard`, the session limit)"},
	{"gosdk-typed", "the go-sdk's own typed tool: `mcp.AddTool` with the twin type as its input and the lossless schema, on `mcp.NewStreamableHTTPHandler` with the SDK's defaults"},
	{"stitch-mcpgo", "`stitchmcpgo.NewServer`, served by `stitchmcpgo.HTTPHandler` with its serving defaults (`wire.Guard`, the session idle TTL)"},
	{"mcpgo-typed", "mcp-go's own typed handler: `mcp.NewTypedToolHandler` with the twin type and the lossless schema as the raw input schema (mcp-go validates nothing against it), on `server.NewStreamableHTTPServer` with its defaults"},
}

// e2ePairs are the comparisons of the end-to-end targets: each adapter
// against the same SDK's own typed path.
var e2ePairs = [][3]string{
	{"go-sdk", "stitch-gosdk", "gosdk-typed"},
	{"mcp-go", "stitch-mcpgo", "mcpgo-typed"},
}

// writeE2E writes the targets of issue 24 and the end-to-end results.
func (r *report) writeE2E(w writer) {
	e := r.e2e
	if e == nil {
		return
	}
	w("## Targets (issue 24)\n\n")
	w("End to end (below): calls/s of each adapter with its serving defaults ÷ calls/s of the same SDK's own typed path, " +
		"the median of the rounds' ratios (the range over the rounds in brackets), and the server CPU time per call of the typed path ÷ the adapter's.\n\n")
	w("| target | sessions | measured | met |\n|---|---|--:|:-:|\n")
	for _, p := range e2ePairs {
		for _, sessions := range e.shapes {
			rs := e.pairedRatios(sessions, p[1], p[2], "calls/s")
			if len(rs) == 0 {
				continue
			}
			m := median(rs)
			cpu := median(e.pairedRatios(sessions, p[2], p[1], "server-cpu-ns/op"))
			w("| ≥ 1.0× the calls/s of %s's own typed path (`%s` ÷ `%s`; %s; server CPU per call, typed ÷ adapter: %.2f×) | %s | %.2f× | %s |\n",
				p[0], p[1], p[2], fmtRange(rs), cpu, sessionCount(sessions), m, yes(m >= 1))
		}
	}
	r.writeBuildTargets24(w)
	w("\n## End to end\n\n")
	w("`BenchmarkEndToEnd`: `tools/call` of contract S's `search_products` (the S document as its arguments; the handler answers one line of text) "+
		"over streamable HTTP on loopback, from go-sdk client sessions of protocol revision 2025-11-25 (the revision every server serves, with a session; decision 0039) that all call at once (1, 8 or 64 sessions, one HTTP client with enough idle connections), "+
		"to a server process of its own per impl (the test binary started again), whose CPU time (user + system) is read before and after. "+
		"%d rounds of `-benchtime=%s` (calls, spread over the sessions), every benchmark once per round, the impls in reverse order every second round; medians.\n\n",
		r.e2eCount, r.e2eBenchtime)
	w("| impl | what it is |\n|---|---|\n")
	for _, n := range e2eNotes {
		w("| %s | %s |\n", n[0], n[1])
	}
	w("\n| sessions | impl | calls/s | server CPU per call | runs |\n|---|---|--:|--:|--:|\n")
	for _, sessions := range e.shapes {
		for _, impl := range e.impls[sessions] {
			calls, n := e.median(sessions, impl, "calls/s")
			cpu, _ := e.median(sessions, impl, "server-cpu-ns/op")
			w("| %s | %s | %.0f | %.0f µs | %d |\n", sessionCount(sessions), impl, calls, cpu/1e3, n)
		}
	}
	w("\n")
}

// writeBuildTargets24 judges issue 24's build target, and says where the
// floor (floorSource) of the same module stands against it.
func (r *report) writeBuildTargets24(w writer) {
	g := r.gen
	if g == nil {
		return
	}
	alone := medianOf(g.buildAlone)
	ratio := func(ts []timing) (wall, cpu float64) {
		m := medianOf(ts)
		return m.wall.Seconds() / alone.wall.Seconds(), m.cpu.Seconds() / alone.cpu.Seconds()
	}
	wall, cpu := ratio(g.buildGen)
	w("| the %d-tool module's build ≤ 10× its contracts alone (`go build ./...` wall time with the generated code ÷ without; CPU: %.2f×) | gen | %.2f× | %s |\n",
		g.tools, cpu, wall, yes(wall <= 10))
	if len(g.buildFloor) > 0 {
		wall, cpu := ratio(g.buildFloor)
		w("| the same with every decoder and encoder body cut to one statement, the floor of a table-driven design (not a target: what no change of the decoders and encoders can go below; CPU: %.2f×) | gen | %.2f× | %s |\n",
			cpu, wall, yes(wall <= 10))
	}
}

// sessionCount turns "sessions=8" into "8".
func sessionCount(shape string) string {
	var n int
	if _, err := fmt.Sscanf(shape, "sessions=%d", &n); err != nil {
		return shape
	}
	return fmt.Sprint(n)
}
