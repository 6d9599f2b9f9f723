package golden

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

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
