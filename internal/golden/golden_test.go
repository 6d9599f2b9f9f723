package golden

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/gen/decode"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

var update = flag.Bool("update", false, "rewrite the want/ and stderr sections of testdata/*.txtar from the actual output")

func TestMain(m *testing.M) {
	code := m.Run()
	testmod.Cleanup()
	os.Exit(code)
}

// An outcome is what the generator did for one case.
type outcome struct {
	c        *Case
	ran      bool
	exit     int
	stderr   string
	outputs  []File // files the generate run wrote, relative to the case dir
	manifest []byte // indented stdout of the manifest run; nil if not run
	// manifestErr says why the manifest run failed; "" if it did not.
	manifestErr string
	// runtimes are the generated files split at the runtime marker (see
	// cutRuntime).
	runtimes []runtimePart
}

// wantsSuccess reports whether the archive expects a successful run: it has
// want/ sections. A case without them is negative and expects exit status 1.
func (c *Case) wantsSuccess() bool { return len(c.Want) > 0 }

var caseName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func loadCases(t *testing.T) []*Case {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	var cases []*Case
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		if !caseName.MatchString(name) {
			t.Fatalf("%s: name the archive like a Go package directory (%s)", p, caseName)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ParseCase(name, data)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestGolden(t *testing.T) {
	cases, known := loadCases(t), loadKnown(t)
	if !testmod.GeneratorPresent() {
		if os.Getenv("CI") == "true" {
			t.Fatal("cmd/stitchgen is missing")
		}
		t.Skip("cmd/stitchgen is not written yet")
	}
	testmod.Binary(t)
	mod := testmod.New(t, "example.com/golden")
	outs := make([]*outcome, len(cases))
	t.Run("generate", func(t *testing.T) {
		for i, c := range cases {
			outs[i] = &outcome{c: c}
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				runCase(t, mod, outs[i])
				if !*update {
					report(t, c.Name, known, func(p *problems) { checkCase(p, outs[i]) })
				}
			})
		}
	})
	t.Run("runtime", func(t *testing.T) { checkRuntime(t, outs) })
	t.Run("compile", func(t *testing.T) { compileCases(t, mod, outs, known) })
	if *update {
		for _, o := range outs {
			if reason, ok := known[o.c.Name]; ok {
				// The archive holds the right output, which the generator
				// does not produce yet: keep it.
				t.Logf("%s: not updated, listed in known_failures.txt (%s)", o.c.Name, reason)
				continue
			}
			writeBack(t, o)
		}
	}
}

// runCase writes the case's inputs, runs the generator and, when it
// succeeds, the manifest command.
func runCase(t *testing.T, mod *testmod.Module, o *outcome) {
	c := o.c
	for _, f := range c.In {
		if err := mod.WriteFile(c.Name+"/"+f.Name, f.Data); err != nil {
			t.Fatal(err)
		}
	}
	r := mod.Generate(t, c.Name, c.Args...)
	if r.Err != nil {
		t.Fatalf("running stitchgen: %v", r.Err)
	}
	o.ran, o.exit, o.stderr = true, r.ExitCode, string(r.Stderr)
	o.outputs = newFiles(t, filepath.Join(mod.Dir, c.Name), c.In)
	for i, f := range o.outputs {
		if head, rt, ok := cutRuntime(f.Data); ok {
			o.runtimes = append(o.runtimes, runtimePart{f.Name, f.Data[:len(f.Data)-len(rt)], rt})
			o.outputs[i].Data = head
		}
	}
	if o.exit != 0 {
		return
	}
	m := mod.Stitchgen(t, c.Name, append([]string{"manifest"}, c.Args...)...)
	if m.Err != nil || m.ExitCode != 0 {
		o.manifestErr = fmt.Sprintf("%s: exit %d (%v)\nstderr:\n%s", commandLine(append([]string{"manifest"}, c.Args...)), m.ExitCode, m.Err, m.Stderr)
		return
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, m.Stdout, "", "  "); err != nil {
		o.manifestErr = fmt.Sprintf("stitchgen manifest printed invalid JSON: %v\n%s", err, m.Stdout)
		return
	}
	ind.WriteByte('\n')
	o.manifest = ind.Bytes()
}

// newFiles returns every file under dir that is not an input, with content.
func newFiles(t *testing.T, dir string, in []File) []File {
	t.Helper()
	var out []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if slices.ContainsFunc(in, func(f File) bool { return f.Name == rel }) {
			return nil
		}
		data, err := os.ReadFile(p)
		out = append(out, File{rel, data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// actualWant returns the run's outputs as want/ sections: the written files
// plus manifest.json when the manifest ran.
func (o *outcome) actualWant() []File {
	want := slices.Clone(o.outputs)
	if o.manifest != nil {
		want = append(want, File{manifestOut, o.manifest})
	}
	return want
}

func checkCase(t *problems, o *outcome) {
	c := o.c
	if d := Diff(c.Stderr, o.stderr, 3); d != "" {
		t.Errorf("stderr of %s differs (-want +got):\n%s", commandLine(c.Args), d)
	}
	if !c.wantsSuccess() {
		if o.exit != 1 {
			t.Errorf("negative golden: stitchgen exited %d, want 1 (contract errors)", o.exit)
		}
		for _, f := range o.outputs {
			t.Errorf("negative golden: the failing run wrote %s", f.Name)
		}
		return
	}
	if o.exit != 0 {
		t.Errorf("stitchgen exited %d, want 0 (the golden has want/ sections)\nstderr:\n%s", o.exit, o.stderr)
		return
	}
	if o.manifestErr != "" {
		t.Errorf("%s", o.manifestErr)
	}
	compareFiles(t, c.Want, o.actualWant())
}

// compareFiles reports every missing, unexpected or differing output.
func compareFiles(t *problems, want, got []File) {
	for _, w := range want {
		i := slices.IndexFunc(got, func(f File) bool { return f.Name == w.Name })
		if i < 0 {
			t.Errorf("missing output %s (the golden has a want/%s section)", w.Name, w.Name)
			continue
		}
		if d := Diff(string(w.Data), string(got[i].Data), 3); d != "" {
			t.Errorf("output %s differs from want/%s (-want +got):\n%s", w.Name, w.Name, d)
		}
	}
	for _, g := range got {
		if !slices.ContainsFunc(want, func(f File) bool { return f.Name == g.Name }) {
			t.Errorf("unexpected output %s (no want/%s section; run with -update and review it):\n%s", g.Name, g.Name, g.Data)
		}
	}
}

// compileCases builds every successfully generated package and runs its
// tests (check_test.go) in one go test run.
func compileCases(t *testing.T, mod *testmod.Module, outs []*outcome, known map[string]string) {
	var pkgs []string
	var ok []*outcome
	for _, o := range outs {
		if o.ran && o.exit == 0 {
			pkgs = append(pkgs, "./"+o.c.Name)
			ok = append(ok, o)
		}
	}
	if len(pkgs) == 0 {
		return
	}
	res, r := mod.Test(pkgs...)
	if r.Err != nil {
		t.Fatalf("go test: %v", r.Err)
	}
	for _, o := range ok {
		t.Run(o.c.Name, func(t *testing.T) {
			report(t, o.c.Name, known, func(pr *problems) {
				p := res[mod.Path+"/"+o.c.Name]
				switch {
				case p == nil:
					pr.Errorf("go test did not report the package; its stderr:\n%s", r.Stderr)
				case p.BuildFailed:
					pr.Errorf("the generated package does not compile:\n%s", p.Output)
				case p.Action != "pass" && p.Action != "skip":
					pr.Errorf("go test %s: %s", o.c.Name, p)
				}
			})
		})
	}
}

// writeBack rewrites an archive's want/ and stderr sections from the run.
func writeBack(t *testing.T, o *outcome) {
	if !o.ran {
		return
	}
	c := *o.c
	c.Want, c.Stderr = o.actualWant(), o.stderr
	if o.exit != 0 {
		c.Want = nil
	}
	for _, f := range c.Want {
		if err := checkSectionSafe("want/"+f.Name, f.Data); err != nil {
			t.Errorf("%s: cannot update: %v", c.Name, err)
			return
		}
	}
	if err := checkSectionSafe("stderr", []byte(c.Stderr)); err != nil {
		t.Errorf("%s: cannot update: %v", c.Name, err)
		return
	}
	if err := os.WriteFile(filepath.Join("testdata", c.Name+".txtar"), c.Format(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// commandLine shows a stitchgen invocation in a message.
func commandLine(args []string) string {
	return strings.Join(append([]string{"stitchgen"}, args...), " ")
}

// problems collects the failures of one check, so that a known failure can
// be reported as a skip.
type problems struct{ list []string }

// Errorf records a problem.
func (p *problems) Errorf(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

// report runs check and reports its problems as errors, or as a skip when
// the case is listed in known_failures.txt (unless STITCH_GOLDEN_ALL is set).
func report(t *testing.T, name string, known map[string]string, check func(*problems)) {
	t.Helper()
	var p problems
	check(&p)
	reason, isKnown := known[name]
	switch {
	case isKnown && len(p.list) > 0 && os.Getenv("STITCH_GOLDEN_ALL") == "":
		t.Skipf("known failure (%s); now:\n%s", reason, strings.Join(p.list, "\n"))
	case isKnown && len(p.list) == 0:
		t.Logf("%s: this check passes; drop the known_failures.txt entry once every check of the case does", name)
	}
	for _, msg := range p.list {
		t.Error(msg)
	}
}

// loadKnown reads known_failures.txt: "case reason..." per line, # comments.
func loadKnown(t *testing.T) map[string]string {
	data, err := os.ReadFile("known_failures.txt")
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		if strings.TrimSpace(reason) == "" {
			t.Fatalf("known_failures.txt:%d: %s: give the reason after the name", i+1, name)
		}
		known[name] = strings.TrimSpace(reason)
	}
	return known
}

// runtimeStub replaces the runtime support code in want/ sections.
const runtimeStub = "// (runtime support code cut by the golden harness: the part of gen/decode/rt this package reaches, checked by TestGolden/runtime)\n"

// A runtimePart is a generated file split at the runtime marker.
type runtimePart struct {
	file    string
	head    []byte // through the marker line
	runtime string // after it
}

// cutRuntime splits a generated file at gen.RuntimeMarker. The per-package
// code before it is what a golden pins; the runtime after it is a subset of
// gen/decode/rt (pinned by that package's own tests) that follows from the
// per-package code, so keeping it in each archive would only make every
// runtime change rewrite them all. It is checked by checkRuntime instead.
func cutRuntime(data []byte) (head []byte, runtime string, ok bool) {
	i := bytes.Index(data, []byte(gen.RuntimeMarker+"\n"))
	if i < 0 {
		return data, "", false
	}
	end := i + len(gen.RuntimeMarker) + 1
	return append(slices.Clip(data[:end]), runtimeStub...), string(data[end:]), true
}

// checkRuntime checks the runtime part of every generated file: it is
// exactly the runtime declarations its per-package code reaches
// (gen.PruneRuntime, recomputed), and, independently of how that is
// computed, its declarations are declarations of the current runtime,
// byte for byte with their doc comments, in the runtime's order.
func checkRuntime(t *testing.T, outs []*outcome) {
	all := declTexts(t, "runtime", decode.Runtime())
	n := 0
	for _, o := range outs {
		if o == nil {
			continue
		}
		for _, r := range o.runtimes {
			n++
			name := o.c.Name + "/" + r.file
			want, err := gen.PruneRuntime(r.head)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if r.runtime != string(want) {
				t.Errorf("%s: the runtime part is not the reachable part of the runtime (-want +got):\n%s", name, Diff(string(want), r.runtime, 3))
			}
			got := declTexts(t, name, []byte("package p\n"+r.runtime))
			j := 0
			for _, d := range got {
				for j < len(all) && all[j] != d {
					j++
				}
				if j == len(all) {
					t.Errorf("%s: runtime declaration not in the current runtime, or out of its order:\n%s", name, d)
					break
				}
				j++
			}
		}
	}
	if n == 0 {
		t.Fatal("no golden generated a file with the runtime marker")
	}
}

// declTexts returns the source text of each top-level declaration of src
// other than imports, from its doc comment to its end.
func declTexts(t *testing.T, name string, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []string
	for _, d := range f.Decls {
		start := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		}
		out = append(out, string(src[fset.Position(start).Offset:fset.Position(d.End()).Offset]))
	}
	return out
}
