package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// BenchmarkTypeCheck compares, on the module STITCH_LOADER_MODULE names,
// the loader's own type check (go list without types, then typeCheck:
// parse, go/types, export data of the non-matched imports only) with a
// plain packages.Load of the types and syntax, both through the same
// overlay of the previous output (previousOutput). internal/bench writes
// the 1,000-tool module: `go run ./cmd/report -gen-only -keep` there, then
// STITCH_LOADER_MODULE=<kept dir>/gen. Each sub-benchmark runs "warm"
// (nothing changed since the last load) and "changed" (a comment appended
// to a file of every package first, so no cached compile is reused).
// Decision 0006 records the numbers.
func BenchmarkTypeCheck(b *testing.B) {
	dir := os.Getenv("STITCH_LOADER_MODULE")
	if dir == "" {
		b.Skip("STITCH_LOADER_MODULE is not set")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "contract.go"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no contract.go under %s: %v", dir, err)
	}
	orig := map[string][]byte{}
	for _, f := range files {
		if orig[f], err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	}
	b.Cleanup(func() {
		for f, src := range orig {
			_ = os.WriteFile(f, src, 0o644)
		}
	})
	round := 0
	change := func(b *testing.B) {
		round++
		for f, src := range orig {
			if err := os.WriteFile(f, fmt.Appendf(append([]byte(nil), src...), "\n// round %d\n", round), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	own := func(b *testing.B) int {
		pcfg := &packages.Config{Mode: listMode, Dir: dir}
		var err error
		if pcfg.Overlay, err = previousOutput(pcfg, []string{"./..."}); err != nil {
			b.Fatal(err)
		}
		pkgs, err := packages.Load(pcfg, "./...")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := typeCheck(pcfg, pkgs); err != nil {
			b.Fatal(err)
		}
		return errorCount(pkgs)
	}
	plain := func(b *testing.B) int {
		pcfg := &packages.Config{Mode: listMode | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: dir}
		var err error
		if pcfg.Overlay, err = previousOutput(&packages.Config{Mode: listMode, Dir: dir}, []string{"./..."}); err != nil {
			b.Fatal(err)
		}
		pkgs, err := packages.Load(pcfg, "./...")
		if err != nil {
			b.Fatal(err)
		}
		return errorCount(pkgs)
	}
	for _, c := range []struct {
		name string
		load func(*testing.B) int
	}{{"typecheck", own}, {"packages.Load", plain}} {
		for _, changed := range []bool{false, true} {
			name := c.name + "/warm"
			if changed {
				name = c.name + "/changed"
			}
			b.Run(name, func(b *testing.B) {
				c.load(b) // the first load fills the caches either way
				for b.Loop() {
					if changed {
						b.StopTimer()
						change(b)
						b.StartTimer()
					}
					if n := c.load(b); n > 0 {
						b.Fatalf("%d package errors", n)
					}
				}
			})
		}
	}
}

func errorCount(pkgs []*packages.Package) int {
	n := 0
	for _, p := range pkgs {
		for _, e := range p.Errors {
			// go list -export compiles a matched package with the
			// overlay, whose functions have no bodies: "missing function
			// body" in the previous output, for the plain load.
			if !strings.Contains(e.Pos, "stitch_gen.go") && !strings.Contains(e.Msg, "stitch_gen.go") {
				n++
			}
		}
	}
	return n
}
