package decode

import (
	"bytes"
	"embed"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:embed rt/*.go
var rtFiles embed.FS

// Runtime returns the Go source of the support code (scanner, issues,
// formats) copied into generated files: a complete Go file, of which the
// assembler keeps the declarations a file reaches and their imports.
//
// It is the non-test files of gen/decode/rt joined into one file: one
// package clause ("package rt"), one import block with the union of their
// imports (standard library only), then every file's declarations in file
// name order. Package documentation is dropped.
func Runtime() []byte {
	src, err := runtimeOnce()
	if err != nil {
		panic("decode: embedded runtime does not parse: " + err.Error()) // a build defect, caught by tests
	}
	return slices.Clone(src)
}

// runtimeOnce joins the embedded runtime once per process: it is the same
// for every package of a run.
var runtimeOnce = sync.OnceValues(joinRuntime)

func joinRuntime() ([]byte, error) {
	names, err := fs.Glob(rtFiles, "rt/*.go")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var imports []string
	var body bytes.Buffer
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := rtFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			imports = append(imports, p)
		}
		start := declStart(fset, f)
		body.WriteString("\n")
		body.Write(src[start:])
	}
	slices.Sort(imports)
	imports = slices.Compact(imports)
	var out bytes.Buffer
	out.WriteString("package rt\n\nimport (\n")
	for _, p := range imports {
		out.WriteString("\t" + strconv.Quote(p) + "\n")
	}
	out.WriteString(")\n")
	out.Write(body.Bytes())
	return format.Source(out.Bytes())
}

// declStart returns the offset after the package clause and imports, keeping
// a comment that precedes the first declaration.
func declStart(fset *token.FileSet, f *ast.File) int {
	end := f.Name.End()
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			end = g.End()
		}
	}
	return fset.Position(end).Offset
}
