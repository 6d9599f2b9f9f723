package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// A sample is one benchmark result line: metric values by unit.
type sample map[string]float64

// decodeResults holds every sample of one benchmark function
// (<prefix><shape>/<impl>) by shape and impl, in first-seen order. The
// end-to-end benchmark's "shapes" are its session counts.
type decodeResults struct {
	prefix  string // "BenchmarkDecode/"
	shapes  []string
	impls   map[string][]string // shape → impls
	samples map[[2]string][]sample
	bytes   map[string]float64 // shape → document size
}

// runDecodeBenchmarks runs the test binary count times, each time every
// decode benchmark once, so that a slow phase of the machine hits every
// impl alike (interleaving).
func runDecodeBenchmarks(bin string, o options) (*decodeResults, error) {
	res := newResults("BenchmarkDecode/")
	for i := range o.count {
		progress("decode benchmarks: round %d of %d", i+1, o.count)
		c := newCmd("", bin, "-test.run=^$", "-test.bench=^BenchmarkDecode$", "-test.benchtime="+o.benchtime, "-test.count=1")
		if err := c.run(); err != nil {
			return nil, err
		}
		if err := res.parse(c.out.String()); err != nil {
			return nil, err
		}
	}
	if len(res.shapes) == 0 {
		return nil, fmt.Errorf("the benchmarks printed no results")
	}
	return res, nil
}

func newResults(prefix string) *decodeResults {
	return &decodeResults{prefix: prefix, impls: map[string][]string{}, samples: map[[2]string][]sample{}, bytes: map[string]float64{}}
}

// runE2EBenchmarks runs BenchmarkEndToEnd o.e2eCount times, every
// benchmark once per round, the impls in reverse order in every second
// round.
func runE2EBenchmarks(bin string, o options) (*decodeResults, error) {
	res := newResults("BenchmarkEndToEnd/")
	for i := range o.e2eCount {
		progress("end-to-end benchmarks: round %d of %d", i+1, o.e2eCount)
		c := newCmd("", bin, "-test.run=^$", "-test.bench=^BenchmarkEndToEnd$", "-test.benchtime="+o.e2eBenchtime, "-test.count=1")
		if i%2 == 1 {
			c.Env = append(os.Environ(), "STITCH_BENCH_E2E_REVERSE=1")
		}
		if err := c.run(); err != nil {
			return nil, err
		}
		if err := res.parse(c.out.String()); err != nil {
			return nil, err
		}
	}
	if len(res.shapes) == 0 {
		return nil, fmt.Errorf("the end-to-end benchmark printed no results")
	}
	return res, nil
}

// parse reads the result lines of one run:
// <prefix><shape>/<impl>-P  N  v unit  v unit ...
func (r *decodeResults) parse(out string) error {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], r.prefix) || len(f)%2 != 0 {
			continue
		}
		name := f[0][len(r.prefix):]
		if i := strings.LastIndexByte(name, '-'); i > 0 && isDigits(name[i+1:]) {
			name = name[:i]
		}
		shape, impl, ok := strings.Cut(name, "/")
		if !ok {
			return fmt.Errorf("unexpected benchmark name %q", f[0])
		}
		s := sample{}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return fmt.Errorf("%q: %v", sc.Text(), err)
			}
			s[f[i+1]] = v
		}
		r.add(shape, impl, s)
	}
	return sc.Err()
}

func (r *decodeResults) add(shape, impl string, s sample) {
	if _, ok := r.impls[shape]; !ok {
		r.shapes = append(r.shapes, shape)
	}
	if !slices.Contains(r.impls[shape], impl) {
		r.impls[shape] = append(r.impls[shape], impl)
	}
	k := [2]string{shape, impl}
	r.samples[k] = append(r.samples[k], s)
	if mbs, ok := s["MB/s"]; ok && s["ns/op"] > 0 {
		r.bytes[shape] = mbs * s["ns/op"] / 1e3 // MB/s = bytes / ns * 1e3
	}
}

// median returns the median of one metric of an impl on a shape, and the
// number of samples it has.
func (r *decodeResults) median(shape, impl, unit string) (float64, int) {
	var vs []float64
	for _, s := range r.samples[[2]string{shape, impl}] {
		if v, ok := s[unit]; ok {
			vs = append(vs, v)
		}
	}
	return median(vs), len(vs)
}

func median(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	vs = slices.Clone(vs)
	slices.Sort(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return (vs[n/2-1] + vs[n/2]) / 2
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// A rejection is how many invalid inputs of package bench an impl rejects.
type rejection struct {
	impl      string
	count, of int
}

// rejectionTable runs TestRejectionTable and reads its REJECTS lines.
func rejectionTable(bin string) ([]rejection, error) {
	c := newCmd("", bin, "-test.run=^TestRejectionTable$", "-test.v")
	if err := c.run(); err != nil {
		return nil, err
	}
	var out []rejection
	for _, line := range strings.Split(c.out.String(), "\n") {
		_, rest, ok := strings.Cut(line, "REJECTS ")
		if !ok {
			continue
		}
		var r rejection
		if _, err := fmt.Sscanf(rest, "%s %d/%d", &r.impl, &r.count, &r.of); err != nil {
			return nil, fmt.Errorf("%q: %v", line, err)
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("TestRejectionTable printed no REJECTS lines")
	}
	return out, nil
}

// pairedRatios returns, for every round in which both impls ran on the
// shape, the ratio a ÷ b of a metric in that round.
func (r *decodeResults) pairedRatios(shape, a, b, unit string) []float64 {
	as, bs := r.samples[[2]string{shape, a}], r.samples[[2]string{shape, b}]
	var rs []float64
	for i := range min(len(as), len(bs)) {
		x, okx := as[i][unit]
		y, oky := bs[i][unit]
		if okx && oky && y > 0 {
			rs = append(rs, x/y)
		}
	}
	return rs
}
