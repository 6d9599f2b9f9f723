package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The 10-tool bench package is the first package of the generation module
// (pkgName(0) with gen10Tools tools). baseline/gen10 keeps its contract and
// the file the generator wrote for it before issue 11 (commit cec3d60):
// the runtime copied in, the dispatcher and the go-sdk adapter generated.
const (
	gen10Dir   = "baseline/gen10" // relative to internal/bench
	gen10Tools = 10
)

// The two variants of the 10-tool package, by directory of the
// measurement module.
const (
	gen10Now    = "now"    // the contract with the file the current generator writes
	gen10Before = "before" // the same contract with the baseline file
)

// gen10Results compare the compile of the 10-tool bench package with the
// current generator's file and with the baseline file, measured in the
// same rounds.
type gen10Results struct {
	rounds                int
	now, before           []timing // go build of the package, less a no-op build
	nowGross, beforeGross []timing // the same builds, the go command's overhead included
	nowFuncs, beforeFuncs int      // text symbols (compiled functions) of the package archive
	nowLines, beforeLines int      // lines of the generated file
}

// gen10Contract returns the contract the report writes for the 10-tool
// package and checks that it is the one the baseline was generated from.
func gen10Contract() ([]byte, error) {
	want, err := renderContract(0, gen10Tools)
	if err != nil {
		return nil, err
	}
	have, err := os.ReadFile(filepath.Join(gen10Dir, "contract.go"))
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(want, have) {
		return nil, fmt.Errorf("%s/contract.go differs from the contract the report writes for the 10-tool package: "+
			"the baseline no longer measures the same contracts (see baseline/README.md)", gen10Dir)
	}
	return want, nil
}

// measureGen10 writes a module in dir holding the 10-tool package twice,
// with the current generator's file (stitchgen is its binary) and with the
// baseline file, builds everything once (the dependencies, among them the
// go-sdk the baseline imports, stay in the build cache), then, o.gen10
// times, builds each variant after changing a file of it, the two in
// alternating order, and counts the compiled functions of both.
func measureGen10(dir, stitchgen, root string, o options) (*gen10Results, error) {
	g := &gen10Results{rounds: o.gen10}
	progress("10-tool package: writing the module")
	contract, err := gen10Contract()
	if err != nil {
		return nil, err
	}
	baseline, err := os.ReadFile(filepath.Join(gen10Dir, genFile))
	if err != nil {
		return nil, err
	}
	// The module requires what internal/bench requires (the baseline
	// imports the go-sdk; internal/bench vets it with these versions).
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := writeFile(filepath.Join(dir, f), b); err != nil {
			return nil, err
		}
	}
	if err := goCmd(dir, "mod", "edit", "-module", "example.com/gen10",
		"-replace", "github.com/stitchgen/stitchgen="+root).run(); err != nil {
		return nil, err
	}
	files := map[string][]byte{
		gen10Now + "/" + pkgName(0) + "/contract.go":    contract,
		gen10Before + "/" + pkgName(0) + "/contract.go": contract,
		gen10Before + "/" + pkgName(0) + "/" + genFile:  baseline,
	}
	for name, b := range files {
		if err := writeFile(filepath.Join(dir, name), b); err != nil {
			return nil, err
		}
	}
	if err := newCmd(dir, stitchgen, "./"+gen10Now+"/...").run(); err != nil {
		return nil, err
	}
	if err := goCmd(dir, "build", "./...").run(); err != nil { // the dependencies into the build cache
		return nil, err
	}
	for r := range o.gen10 {
		progress("10-tool package: round %d of %d", r+1, o.gen10)
		order := []string{gen10Now, gen10Before}
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, v := range order {
			net, gross, err := buildPkg(dir, v, fmt.Sprintf("round %d", r))
			if err != nil {
				return nil, err
			}
			if v == gen10Now {
				g.now, g.nowGross = append(g.now, net), append(g.nowGross, gross)
			} else {
				g.before, g.beforeGross = append(g.before, net), append(g.beforeGross, gross)
			}
		}
	}
	for _, v := range []struct {
		name         string
		funcs, lines *int
	}{{gen10Now, &g.nowFuncs, &g.nowLines}, {gen10Before, &g.beforeFuncs, &g.beforeLines}} {
		if *v.funcs, err = compiledFuncs(dir, "./"+v.name+"/"+pkgName(0)); err != nil {
			return nil, err
		}
		b, err := os.ReadFile(filepath.Join(dir, v.name, pkgName(0), genFile))
		if err != nil {
			return nil, err
		}
		*v.lines = bytes.Count(b, []byte("\n"))
	}
	return g, nil
}

// buildPkg changes a file of the variant's package and times go build of
// it, then a no-op build of it; net is the difference.
func buildPkg(dir, variant, tag string) (net, gross timing, err error) {
	pkg := filepath.Join(dir, variant, pkgName(0))
	src := fmt.Sprintf("package %s\n\n// %s\n", pkgName(0), tag)
	if err := os.WriteFile(filepath.Join(pkg, "bust.go"), []byte(src), 0o644); err != nil {
		return net, gross, err
	}
	target := "./" + variant + "/" + pkgName(0)
	gross, err = goCmd(dir, "build", target).timed()
	if err != nil {
		return net, gross, err
	}
	noop, err := goCmd(dir, "build", target).timed()
	net = timing{wall: max(gross.wall-noop.wall, 0), cpu: max(gross.cpu-noop.cpu, 0)}
	return net, gross, err
}

// compiledFuncs counts the text symbols (T) in the compiled archive of a
// package: every function the compiler's back end compiled for it, generic
// instantiations and wrappers included.
func compiledFuncs(dir, pkg string) (int, error) {
	c := goCmd(dir, "list", "-export", "-f", "{{.Export}}", pkg)
	if err := c.run(); err != nil {
		return 0, err
	}
	archive := strings.TrimSpace(c.out.String())
	nm := goCmd(dir, "tool", "nm", archive)
	if err := nm.run(); err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(nm.out.String(), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[1] == "T" {
			n++
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("go tool nm %s: no text symbols", archive)
	}
	return n, nil
}

// ratios returns now[i] ÷ before[i] of each round's CPU time (rounds with
// no before time left out).
func (g *gen10Results) ratios() []float64 {
	var rs []float64
	for i := range min(len(g.now), len(g.before)) {
		if b := g.before[i].cpu; b > 0 {
			rs = append(rs, float64(g.now[i].cpu)/float64(b))
		}
	}
	return rs
}

func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
