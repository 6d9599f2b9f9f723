package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
)

// genResults are the generation-speed and compile-time measurements.
type genResults struct {
	packages, tools, rounds int
	vet, generate           []timing // go vet ./... and stitchgen ./... on the contracts
	buildGen, buildAlone    []timing // go build ./... net of a no-op build, with and without the generated files
	buildFloor              []timing // the same with the generated files cut to their floor (floorSource)
	contractLines, genLines int
	contractBytes, genBytes int64
}

const genFile = "stitch_gen.go"

// measureGeneration writes a module of o.tools tools in o.packages
// packages, then, o.genRounds times each, times go vet and stitchgen on the
// contracts, and go build with and without the generated files.
func measureGeneration(dir, stitchgen, root string, o options) (*genResults, error) {
	g := &genResults{packages: o.packages, tools: o.tools, rounds: o.genRounds}
	progress("generation: writing %d tools in %d packages", o.tools, o.packages)
	if err := writeGenModule(dir, root, o.packages, o.tools/o.packages); err != nil {
		return nil, err
	}
	for i := range o.genRounds {
		progress("generation: round %d of %d", i+1, o.genRounds)
		if err := g.generationRound(dir, stitchgen, i); err != nil {
			return nil, err
		}
	}
	// The generated code's only dependencies are the stitchgen runtime
	// packages: build them once, so the timed builds find them in the
	// build cache (as every build after the first does).
	if err := goCmd(dir, append([]string{"build"}, runtimePkgs...)...).run(); err != nil {
		return nil, err
	}
	for i := range o.genRounds {
		progress("compile: round %d of %d", i+1, o.genRounds)
		if err := g.compileRound(dir, i); err != nil {
			return nil, err
		}
	}
	return g, g.measureSizes(dir)
}

// generationRound times go vet and stitchgen on the same contract packages,
// with the generated files removed and every package changed, so that
// neither reuses a cached result.
func (g *genResults) generationRound(dir, stitchgen string, round int) error {
	if err := forEachPkg(dir, g.packages, func(p string) error { return removeIfExists(filepath.Join(p, genFile)) }); err != nil {
		return err
	}
	if err := bust(dir, g.packages, fmt.Sprintf("vet %d", round)); err != nil {
		return err
	}
	d, err := goCmd(dir, "vet", "./...").timed()
	if err != nil {
		return err
	}
	g.vet = append(g.vet, d)
	if err := bust(dir, g.packages, fmt.Sprintf("generate %d", round)); err != nil {
		return err
	}
	d, err = newCmd(dir, stitchgen, "./...").timed()
	g.generate = append(g.generate, d)
	return err
}

// compileRound times go build ./... after changing every package, with the
// generated files, with them cut to their floor (floorSource) and without
// them; each time less the time of a no-op
// build (the go command's own overhead).
func (g *genResults) compileRound(dir string, round int) error {
	with, err := netBuild(dir, g.packages, fmt.Sprintf("with %d", round))
	if err != nil {
		return err
	}
	g.buildGen = append(g.buildGen, with)
	move := func(from, to string) func(string) error {
		return func(p string) error { return os.Rename(filepath.Join(p, from), filepath.Join(p, to)) }
	}
	if err := forEachPkg(dir, g.packages, move(genFile, genFile+".off")); err != nil {
		return err
	}
	if err := forEachPkg(dir, g.packages, writeFloor); err != nil {
		return err
	}
	floor, err := netBuild(dir, g.packages, fmt.Sprintf("floor %d", round))
	if err != nil {
		return err
	}
	g.buildFloor = append(g.buildFloor, floor)
	if err := forEachPkg(dir, g.packages, func(p string) error { return os.Remove(filepath.Join(p, floorFile)) }); err != nil {
		return err
	}
	alone, err := netBuild(dir, g.packages, fmt.Sprintf("alone %d", round))
	if err != nil {
		return err
	}
	g.buildAlone = append(g.buildAlone, alone)
	return forEachPkg(dir, g.packages, move(genFile+".off", genFile))
}

const floorFile = "stitch_floor.go"

// writeFloor writes package p's generated file (moved aside) cut to its
// floor.
func writeFloor(p string) error {
	src, err := os.ReadFile(filepath.Join(p, genFile+".off"))
	if err != nil {
		return err
	}
	floor, err := floorSource(src)
	if err != nil {
		return fmt.Errorf("%s: %v", p, err)
	}
	return os.WriteFile(filepath.Join(p, floorFile), floor, 0o644)
}

func netBuild(dir string, packages int, tag string) (timing, error) {
	if err := bust(dir, packages, tag); err != nil {
		return timing{}, err
	}
	full, err := goCmd(dir, "build", "./...").timed()
	if err != nil {
		return timing{}, err
	}
	noop, err := goCmd(dir, "build", "./...").timed()
	return timing{wall: max(full.wall-noop.wall, 0), cpu: max(full.cpu-noop.cpu, 0)}, err
}

// bust rewrites a file of every package so that the go command's caches
// (build and vet results) miss.
func bust(dir string, packages int, tag string) error {
	return forEachPkg(dir, packages, func(p string) error {
		src := fmt.Sprintf("package %s\n\n// %s\n", filepath.Base(p), tag)
		return os.WriteFile(filepath.Join(p, "bust.go"), []byte(src), 0o644)
	})
}

func forEachPkg(dir string, packages int, f func(string) error) error {
	for i := range packages {
		if err := f(filepath.Join(dir, pkgName(i))); err != nil {
			return err
		}
	}
	return nil
}

func pkgName(i int) string { return fmt.Sprintf("p%03d", i) }

func removeIfExists(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// measureSizes counts the lines and bytes of the contracts and of the
// generated files.
func (g *genResults) measureSizes(dir string) error {
	return forEachPkg(dir, g.packages, func(p string) error {
		c, err := os.ReadFile(filepath.Join(p, "contract.go"))
		if err != nil {
			return err
		}
		gen, err := os.ReadFile(filepath.Join(p, genFile))
		if err != nil {
			return err
		}
		g.contractLines += strings.Count(string(c), "\n")
		g.contractBytes += int64(len(c))
		g.genLines += strings.Count(string(gen), "\n")
		g.genBytes += int64(len(gen))
		return nil
	})
}

// medianOf returns the median wall-clock and the median CPU time.
func medianOf(ts []timing) timing {
	wall := make([]float64, len(ts))
	cpu := make([]float64, len(ts))
	for i, t := range ts {
		wall[i], cpu[i] = float64(t.wall), float64(t.cpu)
	}
	return timing{wall: time.Duration(median(wall)), cpu: time.Duration(median(cpu))}
}

func sortedWalls(ts []timing) []time.Duration {
	ds := make([]time.Duration, len(ts))
	for i, t := range ts {
		ds[i] = t.wall
	}
	slices.Sort(ds)
	return ds
}

// buildStitchgen builds the current generator into dir and returns the
// binary's path and the stitchgen module's directory.
func buildStitchgen(dir string) (bin, root string, err error) {
	bin = filepath.Join(dir, "stitchgen")
	progress("building stitchgen")
	if err := goCmd("", "build", "-o", bin, "github.com/stitchgen/stitchgen/cmd/stitchgen").run(); err != nil {
		return "", "", err
	}
	root, err = stitchgenRoot()
	return bin, root, err
}

// runtimePkgs are the packages of the stitchgen module that generated code
// imports.
var runtimePkgs = []string{"github.com/stitchgen/stitchgen/stitchrt", "github.com/stitchgen/stitchgen/stitch"}

// stitchgenRoot returns the directory of the stitchgen module this module
// uses (the replace target of go.mod).
func stitchgenRoot() (string, error) {
	c := goCmd("", "list", "-m", "-f", "{{.Dir}}", "github.com/stitchgen/stitchgen")
	if err := c.run(); err != nil {
		return "", err
	}
	return strings.TrimSpace(c.out.String()), nil
}

// writeGenModule writes the module: a go.mod that requires the stitchgen
// module in root (the generated code imports its runtime packages and no
// SDK) and the packages.
func writeGenModule(dir, root string, packages, perPkg int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mod := "module example.com/genbench\n\ngo 1.26.0\n\nrequire github.com/stitchgen/stitchgen v0.0.0\n\n" +
		"replace github.com/stitchgen/stitchgen => " + strconv.Quote(root) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	return forEachPkgIndexed(dir, packages, func(i int, p string) error {
		if err := os.MkdirAll(p, 0o755); err != nil {
			return err
		}
		src, err := renderContract(i, perPkg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(p, "contract.go"), src, 0o644)
	})
}

// renderContract returns the contract source of package i with perPkg tools.
func renderContract(i, perPkg int) ([]byte, error) {
	var b strings.Builder
	if err := contractTmpl.Execute(&b, contractData(i, perPkg)); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func forEachPkgIndexed(dir string, packages int, f func(int, string) error) error {
	for i := range packages {
		if err := f(i, filepath.Join(dir, pkgName(i))); err != nil {
			return err
		}
	}
	return nil
}

func contractData(i, perPkg int) map[string]any {
	tools := make([]int, perPkg)
	for k := range tools {
		tools[k] = k
	}
	return map[string]any{"Pkg": pkgName(i), "Tools": tools}
}

var contractTmpl = template.Must(template.New("contract").Parse(`// Package {{.Pkg}} is one of the generated contract packages of the
// generation-speed benchmark.
package {{.Pkg}}
{{range .Tools}}
// Tool{{.}} is tool {{.}} of package {{$.Pkg}}.
//
//stitch:tool {{$.Pkg}}_tool{{.}}
type Tool{{.}} struct {
	// Name of the thing.
	Name string ` + "`" + `json:"name" jsonschema:"minLength=1,maxLength=100"` + "`" + `
	// How many things.
	Count int ` + "`" + `json:"count" jsonschema:"minimum=0,maximum=1000"` + "`" + `
	// Mode of operation.
	Mode string ` + "`" + `json:"mode" jsonschema:"enum=fast,enum=safe"` + "`" + `
	// Note for people.
	Note *string ` + "`" + `json:"note,omitempty" jsonschema:"maxLength=500"` + "`" + `
	// Labels to attach.
	Labels []string ` + "`" + `json:"labels,omitempty" jsonschema:"maxItems=10"` + "`" + `
	// When it may run.
	Window Window ` + "`" + `json:"window"` + "`" + `
	// Where the result goes.
	Target Target ` + "`" + `json:"target"` + "`" + `
}
{{end}}
// Window is a time range.
type Window struct {
	// Start, in seconds.
	From int64 ` + "`" + `json:"from" jsonschema:"minimum=0"` + "`" + `
	// End, in seconds.
	To int64 ` + "`" + `json:"to" jsonschema:"minimum=0"` + "`" + `
}

// Target is where a result goes.
//
//stitch:union kind
type Target interface{ isTarget() }

// File writes the result to a file.
//
//stitch:variant file
type File struct {
	// Path of the file.
	Path string ` + "`" + `json:"path" jsonschema:"minLength=1"` + "`" + `
}

// Mail sends the result.
//
//stitch:variant mail
type Mail struct {
	// Recipients.
	To []string ` + "`" + `json:"to" jsonschema:"minItems=1"` + "`" + `
	// Subject line.
	Subject string ` + "`" + `json:"subject,omitempty"` + "`" + `
}

func (File) isTarget() {}
func (Mail) isTarget() {}
`))
