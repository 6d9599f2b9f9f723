package gen

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/stitchgen/stitchgen/check"
	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/load"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
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
	AllowFormats []string     // formats allowed beyond the portable ones (docs/contracts.md)
	Output       string       // generated file name; "" means DefaultOutput
	// Profiles are the provider profiles whose fallbacks are reported as
	// warnings (a tool a strict profile cannot make strict, say why); every
	// profile's schema is generated either way.
	Profiles []profile.Name

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
	// Profiles are the tool's input schema under each provider profile
	// other than mcp, in profile.Names order.
	Profiles []*Profiled
}

// A Profiled is a tool's input schema under one provider profile.
type Profiled struct {
	Name profile.Name
	// Schema is the document to send; the advertised bytes when the
	// profile serves the tool in its fallback form; nil under gemini for a
	// tool without arguments.
	Schema       []byte
	Strict       bool // sent with "strict": true
	OpenAPI      bool // Gemini's typed Schema (parameters), not JSON Schema
	NullAsAbsent bool // decoded with stitch.DecodeOptions.NullAsAbsent
	Warnings     []profile.Warning
}

// Profile returns the tool's schema under profile p (mcp: the advertised
// one), or nil for an unknown name.
func (t *Tool) Profile(p profile.Name) *Profiled {
	if p == profile.MCP {
		return &Profiled{Name: p, Schema: t.Advertised}
	}
	for _, pr := range t.Profiles {
		if pr.Name == p {
			return pr
		}
	}
	return nil
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
	// Loader errors do not stop the schemas and checks (docs/contracts.md collects
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

// build computes the schemas of a package's tools and runs the generation-time checks.
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
		gt.Profiles = profiles(t, advertised, gt.Advertised)
		diags = append(diags, profileDiagnostics(t, advertised, gt.Profiles, cfg.Profiles)...)
		gp.Tools = append(gp.Tools, gt)
	}
	return gp, diags
}

// profiles projects a tool's advertised schema for every provider profile
// (docs/profiles.md).
func profiles(t *model.Tool, advertised *model.Object, advertisedBytes []byte) []*Profiled {
	var out []*Profiled
	for _, name := range profile.Names() {
		if name == profile.MCP {
			continue
		}
		r, err := profile.Project(name, t.Name, advertised)
		if err != nil {
			panic(err) // a known profile and a schema: Project cannot fail
		}
		p := &Profiled{Name: name, Strict: r.Strict, OpenAPI: r.Dialect == profile.OpenAPI,
			NullAsAbsent: len(r.NullAsAbsent) > 0, Warnings: r.Warnings}
		if r.Schema != nil {
			p.Schema = model.MustMarshal(r.Schema)
		}
		if r.Dialect == profile.JSONSchema && !r.Strict {
			p.Schema = advertisedBytes // the fallback form is the advertised document
		}
		out = append(out, p)
	}
	return out
}

// profileDiagnostics are the warnings of a tool's profiles: the providers'
// naming rules (profile.Lint, always) and, for the profiles in report, why
// a tool is served in a fallback form (and, for gemini, untyped
// compositions).
func profileDiagnostics(t *model.Tool, advertised *model.Object, ps []*Profiled, report []profile.Name) []model.Diagnostic {
	var diags []model.Diagnostic
	for _, f := range profile.Lint(t.Name, advertised) {
		// An untyped $ref or anyOf is how docs/contracts.md spells a recursive type
		// and an untagged union, and only old Gemini CLI releases skip such
		// a tool: it is said when the gemini profile is reported.
		if f.Rule == profile.RuleTypedComposition && !slices.Contains(report, profile.Gemini) {
			continue
		}
		diags = append(diags, model.Diagnostic{Pos: t.Pos, Subject: "tool " + t.Name, Msg: lintMessage(f), Warning: true})
	}
	for _, p := range ps {
		if !slices.Contains(report, p.Name) {
			continue
		}
		for _, w := range p.Warnings {
			msg := string(p.Name) + " serves it in its fallback form: " + w.Message
			if w.Pointer != "" {
				msg = string(p.Name) + " serves it in its fallback form: at " + w.Pointer + ": " + w.Message
			}
			diags = append(diags, model.Diagnostic{Pos: t.Pos, Subject: "tool " + t.Name, Msg: msg, Warning: true})
		}
	}
	return diags
}

// lintMessage renders a lint finding without the tool name, which the
// diagnostic's subject carries.
func lintMessage(f profile.Finding) string {
	if f.Pointer == "" {
		return f.Message + " [" + string(f.Rule) + "]"
	}
	return "at " + f.Pointer + ": " + f.Message + " [" + string(f.Rule) + "]"
}
