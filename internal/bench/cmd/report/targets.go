package main

import (
	"fmt"
	"slices"
)

// writeTargets judges the targets of issue 6. The generated decoder's time
// is the slower of stitch-unmarshal and stitch-toolcall.
func (r *report) writeTargets(w writer) {
	w("## Targets (issue 6)\n\n")
	w("Ratios from this run's medians. \"Generated\" is the slower of `stitch-unmarshal` and `stitch-toolcall`.\n\n")
	w("| target | shape | measured | met |\n|---|---|--:|:-:|\n")
	for _, shape := range r.decode.shapes {
		for _, t := range r.shapeTargets(shape) {
			w("| %s | %s | %s | %s |\n", t.what, shape, t.measured, yes(t.met))
		}
	}
	if g := r.gen; g != nil {
		vet, gen := medianOf(g.vet), medianOf(g.generate)
		ratio := gen.wall.Seconds() / vet.wall.Seconds()
		w("| generating %d tools ≤ 1.5× `go vet` on the same packages (wall; CPU: %.2f×) | gen | %.2f× | %s |\n",
			g.tools, gen.cpu.Seconds()/vet.cpu.Seconds(), ratio, yes(ratio <= 1.5))
		with, alone := medianOf(g.buildGen), medianOf(g.buildAlone)
		extra := (with.wall - alone.wall).Seconds() / alone.wall.Seconds()
		w("| generated code compiles in ≤ 2× the contracts alone (extra build wall time ÷ contracts' build time; CPU: %.2f×) | gen | %.2f× | %s |\n",
			(with.cpu-alone.cpu).Seconds()/alone.cpu.Seconds(), extra, yes(extra <= 2))
	}
	w("\n")
}

// writeTargets11 judges the target of issue 11 that holds without the
// generator's output before that change (the frozen copy that measured
// the others is gone): the module's build against the contracts alone.
func (r *report) writeTargets11(w writer) {
	g := r.gen
	if g == nil {
		return
	}
	w("## Targets (issue 11)\n\n")
	w("| target | shape | measured | met |\n|---|---|--:|:-:|\n")
	with, alone := medianOf(g.buildGen), medianOf(g.buildAlone)
	extra := (with.wall - alone.wall).Seconds() / alone.wall.Seconds()
	w("| the %d-tool module's build ≤ 30× the contracts alone (issue 6's measurement: extra build wall time ÷ contracts' build time; CPU: %.2f×) | gen | %.2f× | %s |\n\n",
		g.tools, (with.cpu-alone.cpu).Seconds()/alone.cpu.Seconds(), extra, yes(extra <= 30))
}

// fmtRange says the lowest and highest of the rounds' ratios.
func fmtRange(rs []float64) string {
	if len(rs) == 0 {
		return "no rounds"
	}
	return fmt.Sprintf("[%.2f–%.2f] over %d rounds", slices.Min(rs), slices.Max(rs), len(rs))
}

type target struct {
	what     string
	measured string
	met      bool
}

func (r *report) generated(shape string) float64 {
	a, _ := r.decode.median(shape, "stitch-unmarshal", "ns/op")
	b, _ := r.decode.median(shape, "stitch-toolcall", "ns/op")
	return max(a, b)
}

func (r *report) shapeTargets(shape string) []target {
	d := r.decode
	gen := r.generated(shape)
	ns := func(impl string) float64 { v, _ := d.median(shape, impl, "ns/op"); return v }
	ejWant := 7.0
	if shape == "S" {
		ejWant = 3
	}
	lenient := min(ns("goccy"), ns("sonic"))
	ts := []target{
		ratioAtLeast("≥ 30× faster than the go-sdk path", ns("gosdk")/gen, 30),
		ratioAtLeast(fmt.Sprintf("≥ %.0f× faster than encoding/json", ejWant), ns("encoding-json")/gen, ejWant),
		ratioAtLeast("at least as fast as the fastest lenient decoder (goccy, sonic)", lenient/gen, 1),
		{what: "≤ 2.5× one validity pass (`json.Valid`; the runtime's own skip: " + fmt.Sprintf("%.2f×", gen/ns("valid-stitch-skip")) + ")",
			measured: fmt.Sprintf("%.2f×", gen/ns("valid-encoding-json")), met: gen/ns("valid-encoding-json") <= 2.5},
	}
	allocs, _ := d.median(shape, "stitch-unmarshal", "allocs/op")
	values, _ := d.median(shape, "stitch-unmarshal", "value-allocs/op")
	ts = append(ts, target{what: "allocations only for the values held (allocs/op − value allocs ≤ 2, the decoder's own state)",
		measured: fmt.Sprintf("%.0f − %.0f = %.0f", allocs, values, allocs-values), met: allocs-values <= 2})
	if shape == "U-disc-last" {
		ratio := gen / r.generated("U")
		ts = append(ts, target{what: "discriminator last costs ≤ 1.3× (÷ U)", measured: fmt.Sprintf("%.2f×", ratio), met: ratio <= 1.3})
	}
	return ts
}

func ratioAtLeast(what string, ratio, want float64) target {
	return target{what: what, measured: fmt.Sprintf("%.2f×", ratio), met: ratio >= want}
}

func yes(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}
