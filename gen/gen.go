package gen

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/stitchgen/stitchgen/check"
	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/load"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

// Header is the first line of every generated file.
const Header = names.Header

// DefaultOutput is the default name of the generated file.
const DefaultOutput = names.DefaultOutput

// Config is one generator run.
type Config struct {
	Dir          string       // directory patterns are resolved against
	Patterns     []string     // package patterns; empty means "."
	Tags         []string     // build tags
	Policy       model.Policy // default key policy of undirected structs
	Flatten      bool         // serve the flattened input schema (else the lossless one)
	AllowFormats []string     // formats allowed beyond the portable ones (§6)
	Output       string       // generated file name; "" means DefaultOutput

	// ReverseFiles loads every package's files in reverse order; for
	// determinism tests (the output must not change).
	ReverseFiles bool
}

// A Result is everything a run produced.
type Result struct {
	Packages    []*Package
	Diagnostics []model.Diagnostic // sorted; warnings included
}

// A Package is the generated output of one contract package.
type Package struct {
	Model   *model.Package
	File    string // path of the generated file
	Content []byte
	Tools   []*Tool
}

// A Tool holds the exact schema bytes of one tool.
type Tool struct {
	Model      *model.Tool
	Advertised []byte // the input schema that is served
	Lossless   []byte // the lossless input schema
	Output     []byte // the output schema; nil when the tool has none
}

// Files returns the generated files by path.
func (r *Result) Files() map[string][]byte {
	m := make(map[string][]byte, len(r.Packages))
	for _, p := range r.Packages {
		m[p.File] = p.Content
	}
	return m
}

// Generate runs the whole pipeline. Contract problems are in
// Result.Diagnostics, from every stage that can run; when any is an error,
// no package is rendered. The error is for failures to load or render at
// all.
func Generate(cfg Config) (*Result, error) {
	pkgs, diags, err := load.Load(load.Config{Dir: cfg.Dir, Patterns: cfg.Patterns, Tags: cfg.Tags, Policy: cfg.Policy, ReverseFiles: cfg.ReverseFiles})
	if err != nil {
		return nil, err
	}
	res := &Result{}
	// Loader errors do not stop the schemas and checks (SPEC §6 collects
	// every problem): build skips the tools whose model an error left
	// incomplete, and no package is rendered while any error stands.
	// Packages are built and rendered concurrently: each is independent.
	// Results are taken in package order, so the output and the first
	// error reported do not depend on scheduling.
	built := make([][]model.Diagnostic, len(pkgs))
	res.Packages = make([]*Package, len(pkgs))
	parallel(len(pkgs), func(i int) { res.Packages[i], built[i] = build(pkgs[i], cfg) })
	for _, ds := range built {
		diags = append(diags, ds...)
	}
	res.Diagnostics = model.SortDiagnostics(diags)
	if model.HasErrors(res.Diagnostics) {
		res.Packages = nil
		return res, nil
	}
	type rendered struct {
		content []byte
		names   map[string]string
		err     error
	}
	outs := make([]rendered, len(res.Packages))
	parallel(len(res.Packages), func(i int) {
		o := &outs[i]
		o.content, o.names, o.err = render(res.Packages[i], cfg)
	})
	var clash []model.Diagnostic
	for i, gp := range res.Packages {
		if err := outs[i].err; err != nil {
			return nil, fmt.Errorf("rendering %s: %w", gp.Model.Path, err)
		}
		gp.Content = outs[i].content
		clash = append(clash, clashes(gp.Model, gp.File, outs[i].names)...)
	}
	if len(clash) > 0 {
		res.Diagnostics = model.SortDiagnostics(append(res.Diagnostics, clash...))
		res.Packages = nil
	}
	return res, nil
}

// parallel calls f(0) ... f(n-1) on up to GOMAXPROCS goroutines and
// returns when all have returned.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

// build computes the schemas of a package's tools and runs the §6 checks.
func build(p *model.Package, cfg Config) (*Package, []model.Diagnostic) {
	out := cfg.Output
	if out == "" {
		out = DefaultOutput
	}
	gp := &Package{Model: p, File: filepath.Join(p.Dir, out)}
	var diags []model.Diagnostic
	for _, t := range p.Tools {
		if t.Incomplete {
			continue // its schemas would only add follow-on findings
		}
		lossless := schema.Input(t)
		advertised := lossless.Schema
		if cfg.Flatten {
			advertised = flatten.Flatten(lossless.Schema, flatten.Options{Declared: lossless.Discriminators}).(*model.Object)
		}
		var output *schema.Doc
		if t.Output != nil {
			output = schema.Output(t)
		}
		diags = append(diags, check.Tool(t, advertised, lossless, output, check.Options{AllowFormats: cfg.AllowFormats})...)
		gt := &Tool{Model: t, Advertised: model.MustMarshal(advertised), Lossless: model.MustMarshal(lossless.Schema)}
		if output != nil {
			gt.Output = model.MustMarshal(output.Schema)
		}
		gp.Tools = append(gp.Tools, gt)
	}
	return gp, diags
}
