package hostile

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/model"
)

// diagRE is the shape of a positioned diagnostic of an odd package.
var diagRE = regexp.MustCompile(`^([pc][0-9]+)/[a-z_]+\.go:[1-9][0-9]*:[1-9][0-9]*: `)

// generateSafely runs gen.Generate and turns a panic into a test failure.
func generateSafely(t *testing.T, cfg gen.Config, sources map[string]string) (res *gen.Result, err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("gen.Generate(%q) panicked: %v\n%s\nsources:\n%s", cfg.Patterns, p, debug.Stack(), dump(sources, cfg.Patterns))
		}
	}()
	return gen.Generate(cfg)
}

// dump renders the sources of the packages a pattern list names.
func dump(sources map[string]string, patterns []string) string {
	var b strings.Builder
	for _, pat := range patterns {
		for _, dir := range sortedKeys(sources) {
			if pat == "./..." || pat == "./"+dir {
				fmt.Fprintf(&b, "-- %s --\n%s\n", dir, sources[dir])
			}
		}
	}
	return b.String()
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// TestOddContractsNeverPanic writes many odd contract packages (from a
// seeded RNG: HOSTILE_SEED, HOSTILE_PACKAGES override), and the
// compileCases, into one temporary module, runs the generator in-process over them and checks that it never
// panics and that every package either generates code that builds and
// vets, or is rejected with positioned diagnostics (file:line:col).
func TestOddContractsNeverPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	seed, n := int64(1), 24
	if s, err := strconv.ParseInt(os.Getenv("HOSTILE_SEED"), 10, 64); err == nil {
		seed = s
	}
	if v, err := strconv.Atoi(os.Getenv("HOSTILE_PACKAGES")); err == nil {
		n = v
	}
	t.Logf("seed %d, %d packages", seed, n)
	r := rand.New(rand.NewSource(seed))
	m := testmod.New(t, "example.com/odd")
	sources := map[string]string{}
	for i := 0; i < n; i++ {
		dir := fmt.Sprintf("p%02d", i)
		sources[dir] = oddPackage(r, dir)
		write(t, m, dir+"/contract.go", sources[dir])
		writeTagged(t, m, r, dir)
	}
	for i, c := range compileCases {
		if c.skip != "" {
			t.Logf("compile case %s skipped: %s", c.name, c.skip)
			continue
		}
		dir := fmt.Sprintf("c%d", i)
		sources[dir] = strings.Replace(c.src, "package p\n", "package "+dir+"\n", 1)
		write(t, m, dir+"/contract.go", sources[dir])
	}
	bad := map[string]bool{}
	good := rejectBad(t, m, sources, bad)
	t.Logf("%d packages generate, %d are rejected", len(good), len(bad))
	if len(good) == 0 || len(bad) == 0 {
		t.Errorf("the seed should give both outcomes (good %d, bad %d)", len(good), len(bad))
	}
	buildGood(t, m, sources, good)
}

// writeTagged adds, to some packages, a file excluded by a build tag (with
// contract mistakes that must not be seen) or included by one.
func writeTagged(t *testing.T, m *testmod.Module, r *rand.Rand, dir string) {
	switch r.Intn(3) {
	case 0:
		write(t, m, dir+"/never.go", "//go:build never\n\npackage "+dir+"\n\n//stitch:tool bad name!\ntype Hidden struct{ C chan int `json:\"c\"` }\n")
	case 1:
		write(t, m, dir+"/tagged.go", "//go:build !never\n\npackage "+dir+"\n\n// Tagged is included by its build tag.\n//\n//stitch:tool\ntype Tagged struct{ A int `json:\"a\"` }\n")
	}
}

func write(t *testing.T, m *testmod.Module, rel, src string) {
	if err := m.WriteFile(rel, []byte(src)); err != nil {
		t.Fatal(err)
	}
}

// rejectBad generates repeatedly, moving every package with an error
// diagnostic to bad (checking each diagnostic is positioned), until a run
// over the remaining packages has no error. It writes the generated files
// of that run and returns the remaining (good) package directories.
func rejectBad(t *testing.T, m *testmod.Module, sources map[string]string, bad map[string]bool) []string {
	patterns := []string{"./..."}
	for round := 0; round < 8; round++ {
		cfg := gen.Config{Dir: m.Dir, Patterns: patterns, Policy: model.Strict, Flatten: true}
		res, err := generateSafely(t, cfg, sources)
		if err != nil {
			t.Fatalf("gen.Generate(%q): %v\nsources:\n%s", patterns, err, dump(sources, patterns))
		}
		newBad := false
		for _, d := range res.Diagnostics {
			s := d.String()
			match := diagRE.FindStringSubmatch(s)
			if match == nil {
				t.Errorf("diagnostic without a package file position: %q", s)
				continue
			}
			if !d.Warning && !bad[match[1]] {
				bad[match[1]], newBad = true, true
			}
		}
		var good []string
		for _, dir := range sortedKeys(sources) {
			if !bad[dir] {
				good = append(good, dir)
			}
		}
		if !newBad {
			if model.HasErrors(res.Diagnostics) {
				t.Fatalf("errors without a package: %v", res.Diagnostics)
			}
			writeGenerated(t, m, res)
			return good
		}
		patterns = nil
		for _, dir := range good {
			patterns = append(patterns, "./"+dir)
		}
		if len(patterns) == 0 {
			return nil
		}
	}
	t.Fatal("no stable set of generating packages after 8 rounds")
	return nil
}

func writeGenerated(t *testing.T, m *testmod.Module, res *gen.Result) {
	for path, content := range res.Files() {
		if !filepath.IsAbs(path) {
			path = filepath.Join(m.Dir, path)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// buildGood type-checks and vets the packages that generated.
func buildGood(t *testing.T, m *testmod.Module, sources map[string]string, good []string) {
	if len(good) == 0 {
		return
	}
	var pkgs []string
	for _, dir := range good {
		pkgs = append(pkgs, "./"+dir)
	}
	// go vet type-checks every package fully (a generated file that does
	// not compile fails it) and runs the vet checks, in one pass.
	for _, cmd := range [][]string{{"vet"}} {
		res := m.Go(".", append(cmd, pkgs...)...)
		if res.Err != nil || res.ExitCode != 0 {
			t.Errorf("go %s of the generated packages failed (exit %d, %v):\n%s", cmd[0], res.ExitCode, res.Err, res.Stderr)
			failing := map[string]bool{}
			for _, dir := range good {
				if strings.Contains(string(res.Stderr), dir+"/") {
					failing[dir] = true
				}
			}
			var failPkgs []string
			for dir := range failing {
				failPkgs = append(failPkgs, "./"+dir)
			}
			sort.Strings(failPkgs)
			t.Logf("sources of the failing packages:\n%s", dump(sources, failPkgs))
			return
		}
	}
}
