package agreement

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/internal/conformance"
	"github.com/stitchgen/stitchgen/internal/golden"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/load"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

// TestFlattenSeesOnlyTheText checks, for the lossless input and output
// schema of every tool of every contract in the repository, that the
// document the generator holds in memory is the very tree its own
// serialization parses back to, and that flattening it (as gen does, with
// the declared discriminators) marshals to the same bytes as flattening
// the reparsed document. Flattening is a JSON-to-JSON projection (docs/flattening.md):
// how a value happens to be held in Go must not change what is advertised.
//
// The contracts: the examples, the agreement and hostile contract packages,
// the loader's test packages, the golden cases, the shared conformance
// cases, the decoder emission cases and the benchmark contracts.
func TestFlattenSeesOnlyTheText(t *testing.T) {
	root, err := testmod.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	tools, rejected := 0, 0
	// check loads the patterns and checks every tool; it returns the
	// directories of the packages it loaded.
	check := func(t *testing.T, dir string, policy model.Policy, patterns ...string) []string {
		t.Helper()
		pkgs, diags, err := load.Load(load.Config{Dir: dir, Patterns: patterns, Policy: policy})
		if err != nil {
			t.Fatal(err)
		}
		var dirs []string
		for _, p := range pkgs {
			dirs = append(dirs, p.Dir)
			if loadFailed(p, diags) {
				rejected++ // gen builds no schema for a package the loader rejects
				continue
			}
			for _, tl := range p.Tools {
				in := schema.Input(tl)
				checkReparse(t, p.Path+" "+tl.Name+" input", in.Schema, in.Discriminators)
				if out := schema.Output(tl); out != nil {
					checkReparse(t, p.Path+" "+tl.Name+" output", out.Schema, out.Discriminators)
				}
				tools++
			}
		}
		return dirs
	}
	t.Run("module", func(t *testing.T) {
		check(t, root, model.Strict, "./examples/...", "./internal/agreement/contracts/...",
			"./internal/hostile/contracts/...", "./load/testdata/model/...")
	})
	t.Run("bench", func(t *testing.T) {
		// internal/bench is a module of its own, outside the workspace.
		t.Setenv("GOWORK", "off")
		check(t, filepath.Join(root, "internal", "bench"), model.Strict, "./contracts/...")
	})
	t.Run("cases", func(t *testing.T) {
		mod := testmod.New(t, "example.com/reparse")
		byPolicy := map[model.Policy][]string{}
		write := func(dir string, policy model.Policy, files []golden.File) {
			for _, f := range files {
				if strings.HasSuffix(f.Name, ".go") && !strings.HasSuffix(f.Name, "_test.go") {
					if err := mod.WriteFile(dir+"/"+f.Name, f.Data); err != nil {
						t.Fatal(err)
					}
				}
			}
			byPolicy[policy] = append(byPolicy[policy], "./"+dir)
		}
		for _, c := range goldenCases(t, root) {
			write("golden/"+c.Name, casePolicy(t, c), c.In)
		}
		for _, c := range conformanceCases(t, root) {
			write("conformance/"+c.Name, model.Strict, []golden.File{{Name: "contract.go", Data: c.Contract}})
		}
		for name, files := range decodeCases(t, root) {
			write("decode/"+name, model.Strict, files)
		}
		for _, policy := range []model.Policy{model.Strict, model.Strip, model.Loose} {
			if len(byPolicy[policy]) == 0 {
				continue
			}
			loaded := check(t, mod.Dir, policy, byPolicy[policy]...)
			for _, dir := range byPolicy[policy] {
				if !slices.Contains(loaded, strings.TrimPrefix(dir, "./")) {
					t.Errorf("%s: no contract package loaded", dir)
				}
			}
		}
	})
	t.Logf("%d tools checked; %d packages rejected by the loader left out", tools, rejected)
}

// checkReparse is the property for one document.
func checkReparse(t *testing.T, name string, doc *model.Object, declared map[string]string) {
	t.Helper()
	text := model.MustMarshal(doc)
	reparsed, err := model.Parse(text)
	if err != nil {
		t.Errorf("%s: the document does not parse back: %v\n%s", name, err, text)
		return
	}
	if diff := treeDiff("", doc, reparsed); diff != "" {
		t.Errorf("%s: the in-memory document differs from its parsed serialization at %s", name, diff)
	}
	opt := flatten.Options{Declared: declared}
	got := model.MustMarshal(flatten.Flatten(doc, opt))
	want := model.MustMarshal(flatten.Flatten(reparsed, opt))
	if !bytes.Equal(got, want) {
		t.Errorf("%s: Flatten(doc) differs from Flatten(Parse(Marshal(doc)))\n got %s\nwant %s", name, got, want)
	}
	if after := model.MustMarshal(doc); !bytes.Equal(after, text) {
		t.Errorf("%s: Flatten modified its input\nbefore %s\n after %s", name, text, after)
	}
}

// treeDiff returns "" when a and b are the same document tree (the same Go
// types, number literals, member order), else the JSON Pointer of the
// first difference and what differs there.
func treeDiff(ptr string, a, b any) string {
	here := func() string {
		return fmt.Sprintf("%q: in memory %T %s, parsed %T %s", ptr, a, show(a), b, show(b))
	}
	switch a := a.(type) {
	case *model.Object:
		bo, ok := b.(*model.Object)
		if !ok || !slices.Equal(a.Keys(), bo.Keys()) {
			return here()
		}
		for i, m := range a.Members {
			if d := treeDiff(ptr+"/"+m.Key, m.Value, bo.Members[i].Value); d != "" {
				return d
			}
		}
		return ""
	case []any:
		ba, ok := b.([]any)
		if !ok || len(a) != len(ba) {
			return here()
		}
		for i := range a {
			if d := treeDiff(fmt.Sprintf("%s/%d", ptr, i), a[i], ba[i]); d != "" {
				return d
			}
		}
		return ""
	case nil, bool, string, model.Number:
		if a != b {
			return here()
		}
		return ""
	}
	return here()
}

// show writes a document value as JSON, or as Go when it cannot be marshalled.
func show(v any) string {
	if b, err := model.Marshal(v); err == nil {
		return string(b)
	}
	return fmt.Sprintf("%#v", v)
}

// loadFailed reports whether the loader found an error in package p.
func loadFailed(p *model.Package, diags []model.Diagnostic) bool {
	for _, d := range diags {
		if !d.Warning && path.Dir(d.Pos.File) == p.Dir {
			return true
		}
	}
	return false
}

func goldenCases(t *testing.T, root string) []*golden.Case {
	paths, _ := filepath.Glob(filepath.Join(root, "internal", "golden", "testdata", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no golden cases")
	}
	var cases []*golden.Case
	for _, p := range paths {
		c, err := golden.ParseCase(strings.TrimSuffix(filepath.Base(p), ".txtar"), readFile(t, p))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// casePolicy is the -policy flag of a golden case (strict when absent).
func casePolicy(t *testing.T, c *golden.Case) model.Policy {
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "-policy="); ok {
			for _, p := range []model.Policy{model.Strict, model.Strip, model.Loose} {
				if p.String() == v {
					return p
				}
			}
			t.Fatalf("%s: unknown -policy %q", c.Name, v)
		}
	}
	return model.Strict
}

// conformanceCases reads the shared cases, as the conformance runner does
// ($STITCH_CONFORMANCE_DIR or ../shared/conformance).
func conformanceCases(t *testing.T, root string) []*conformance.Case {
	dir := os.Getenv("STITCH_CONFORMANCE_DIR")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "conformance")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if len(paths) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no conformance cases in %s", dir)
		}
		t.Logf("no conformance cases in %s: not checked", dir)
	}
	var cases []*conformance.Case
	for _, p := range paths {
		c, err := conformance.ParseCase(strings.TrimSuffix(filepath.Base(p), ".txtar"), readFile(t, p))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// decodeCases reads the contracts of the decoder emission tests
// (gen/decode/testdata/*.txtar), by case name.
func decodeCases(t *testing.T, root string) map[string][]golden.File {
	paths, _ := filepath.Glob(filepath.Join(root, "gen", "decode", "testdata", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no decoder emission cases")
	}
	cases := map[string][]golden.File{}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		for _, f := range txtar.Parse(readFile(t, p)).Files {
			cases[name] = append(cases[name], golden.File{Name: f.Name, Data: f.Data})
		}
	}
	return cases
}

func readFile(t *testing.T, p string) []byte {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
