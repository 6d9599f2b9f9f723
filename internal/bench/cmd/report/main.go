// Command report runs the stitchgen benchmarks and writes
// docs/benchmarks.md from that run: the decode benchmarks of package bench,
// interleaved (-count rounds of one run each), the end-to-end benchmark
// (likewise, -e2e-count rounds), the generation-speed and
// compile-time measurement, and the machine they ran on. Nothing in the
// document is typed by hand.
//
// Run it from internal/bench:
//
//	go run ./cmd/report            # the full run (make bench)
//	go run ./cmd/report -quick     # a smoke run that checks the pipeline
//	go run ./cmd/report -gen-only -gen-rounds 1   # generation and compile time alone, printed
//
// It runs in internal/bench with GOWORK=off (the repository's go.work
// leaves this module out).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

type options struct {
	count        int
	benchtime    string
	packages     int
	tools        int
	genRounds    int
	out          string
	quick        bool
	keep         bool
	genOnly      bool
	e2eCount     int
	e2eBenchtime string
}

func main() {
	var o options
	flag.IntVar(&o.count, "count", 10, "rounds of the decode benchmarks (each round runs every benchmark once)")
	flag.StringVar(&o.benchtime, "benchtime", "0.5s", "-benchtime of one benchmark run")
	flag.IntVar(&o.packages, "packages", 100, "packages of the generation-speed module")
	flag.IntVar(&o.tools, "tools", 1000, "tools of the generation-speed module, spread over the packages")
	flag.IntVar(&o.genRounds, "gen-rounds", 3, "rounds of the generation and compile measurements")
	flag.StringVar(&o.out, "o", "../../docs/benchmarks.md", "the document to write")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (test binary, generation module) and print its path")
	flag.BoolVar(&o.genOnly, "gen-only", false, "only the generation and compile measurement: print its section of the document to standard output (no decode benchmarks, no document written)")
	flag.IntVar(&o.e2eCount, "e2e-count", 6, "rounds of the end-to-end benchmark (each round runs every benchmark once)")
	flag.StringVar(&o.e2eBenchtime, "e2e-benchtime", "2000x", "-benchtime of one end-to-end benchmark run (calls, spread over the sessions)")
	flag.BoolVar(&o.quick, "quick", false, "smoke run: -count=2 -benchtime=100x, 10 packages of 100 tools, 1 generation round, 2 end-to-end rounds of 50 calls")
	flag.Parse()
	if o.quick {
		o.count, o.benchtime, o.packages, o.tools, o.genRounds = 2, "100x", 10, 100, 1
		o.e2eCount, o.e2eBenchtime = 2, "50x"
	}
	if err := run(o, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(o options, args []string) error {
	tmp, err := os.MkdirTemp("", "stitchbench")
	if err != nil {
		return err
	}
	if o.keep {
		progress("keeping %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	if o.genOnly {
		r := &report{machine: machine{cores: runtime.NumCPU()}}
		if err := r.measureCompile(tmp, o); err != nil {
			return err
		}
		w := func(format string, args ...any) { fmt.Printf(format, args...) }
		r.writeGen(w)
		return nil
	}
	r := &report{command: "go run ./cmd/report " + strings.Join(args, " "), loadStart: loadAverage()}
	if r.machine, err = describeMachine(); err != nil {
		return err
	}
	bin := filepath.Join(tmp, "bench.test")
	if err := goCmd("", "test", "-c", "-o", bin, ".").run(); err != nil {
		return err
	}
	if r.rejects, err = rejectionTable(bin); err != nil {
		return err
	}
	if r.decode, err = runDecodeBenchmarks(bin, o); err != nil {
		return err
	}
	if r.e2e, err = runE2EBenchmarks(bin, o); err != nil {
		return err
	}
	r.e2eCount, r.e2eBenchtime = o.e2eCount, o.e2eBenchtime
	if err := r.measureCompile(tmp, o); err != nil {
		return err
	}
	r.benchtime, r.count = o.benchtime, o.count
	r.loadEnd = loadAverage()
	return os.WriteFile(o.out, []byte(r.markdown()), 0o644)
}

// measureCompile runs the generation and compile measurements with one
// build of the current generator.
func (r *report) measureCompile(tmp string, o options) error {
	stitchgen, root, err := buildStitchgen(tmp)
	if err != nil {
		return err
	}
	r.gen, err = measureGeneration(filepath.Join(tmp, "gen"), stitchgen, root, o)
	return err
}
