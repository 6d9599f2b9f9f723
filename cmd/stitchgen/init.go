package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/templates"
)

// generatorCommand runs the stitchgen of the module's go.mod, added as a
// tool (go get -tool github.com/stitchgen/stitchgen/cmd/stitchgen): the
// generator and the runtime it generates for are then the same version.
const generatorCommand = "go tool stitchgen"

// runInit writes stitch_generate.go (a //go:generate line) into the package
// directory and appends the stitchgen targets to the Makefile in the working
// directory; when the Makefile has them, it adds the package to their
// package lists, so the targets cover every package init was run on. An
// existing stitch_generate.go is never overwritten.
func runInit(args []string, wd string, stdout io.Writer) error {
	if len(args) > 1 {
		return fmt.Errorf("%w: init takes at most one directory", errUsage)
	}
	dir := "."
	if len(args) == 1 {
		dir = args[0]
	}
	abs := filepath.Join(wd, dir)
	pkg, err := packageName(abs)
	if err != nil {
		return err
	}
	if pkg == "" {
		return fmt.Errorf("no Go package in %s: init needs the package that declares the tools", dir)
	}
	data := templates.Data{Package: pkg, Command: generatorCommand, Dir: "./" + filepath.ToSlash(filepath.Clean(dir))}
	if data.Dir == "./." {
		data.Dir = "./..."
	}
	genFile := filepath.Join(abs, "stitch_generate.go")
	if _, err := os.Stat(genFile); err == nil {
		fmt.Fprintf(stdout, "%s exists; left alone\n", relPath(wd, genFile))
	} else if err := writeTemplate(genFile, "generate.go.tmpl", data, false); err != nil {
		return err
	} else {
		fmt.Fprintf(stdout, "wrote %s\n", relPath(wd, genFile))
	}
	mk := filepath.Join(wd, "Makefile")
	have, err := os.ReadFile(mk)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if bytes.Contains(have, []byte("stitchgen:")) {
		return addToMakefile(mk, have, data.Dir, stdout)
	}
	if err := writeTemplate(mk, "Makefile.tmpl", data, true); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "added the stitchgen and stitchgen-check targets to Makefile")
	return nil
}

// recipeLine matches the recipes init writes into the Makefile: the
// generator command, -check or not, then the package directories.
var recipeLine = regexp.MustCompile(`(?m)^\t` + regexp.QuoteMeta(generatorCommand) + `( -check)?((?: [^ \n]+)+) *$`)

// addToMakefile makes the stitchgen targets of a Makefile that has them
// cover dir too: it appends dir to the package list of each recipe init
// wrote, unless the list has dir or ./... already. A Makefile whose
// stitchgen target init did not write is left alone, with an error saying
// what to add.
func addToMakefile(mk string, have []byte, dir string, stdout io.Writer) error {
	locs := recipeLine.FindAllSubmatchIndex(have, -1)
	if len(locs) == 0 {
		return fmt.Errorf("the Makefile has a stitchgen target init did not write: add %s to the packages its recipes pass to stitchgen", dir)
	}
	var out []byte
	last, added := 0, false
	for _, l := range locs {
		pkgs := strings.Fields(string(have[l[4]:l[5]]))
		if slices.Contains(pkgs, dir) || slices.Contains(pkgs, "./...") {
			continue
		}
		out = append(out, have[last:l[5]]...)
		out = append(out, " "+dir...)
		last, added = l[5], true
	}
	if !added {
		fmt.Fprintf(stdout, "the Makefile's stitchgen targets cover %s already; left alone\n", dir)
		return nil
	}
	out = append(out, have[last:]...)
	if err := os.WriteFile(mk, out, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "added %s to the Makefile's stitchgen targets\n", dir)
	return nil
}

func writeTemplate(path, name string, data templates.Data, appendTo bool) error {
	b, err := templates.Render(name, data)
	if err != nil {
		return err
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_EXCL
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// packageName reads the package clause of the first non-test Go file in
// dir; "" when there is none.
func packageName(dir string) (string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	for _, m := range matches {
		if filepath.Ext(m) != ".go" || len(m) > 8 && m[len(m)-8:] == "_test.go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), m, nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name, nil
		}
	}
	return "", nil
}
