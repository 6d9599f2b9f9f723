package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// clashes reports the user's package-level declarations that collide with a
// name the generated file declares or imports: the file would not compile,
// and "StitchError redeclared in this block" inside generated code does not
// say which of the user's names to change.
//
// names maps every package-level name of the generated file (its
// declarations and the names of its imports) to a description.
func clashes(p *model.Package, file string, names map[string]string) []model.Diagnostic {
	var diags []model.Diagnostic
	for _, d := range p.Declared {
		what, ok := names[d.Name]
		if !ok {
			continue
		}
		diags = append(diags, model.Diagnostic{
			Pos:     d.Pos,
			Subject: "identifier " + d.Name,
			Msg:     fmt.Sprintf("clashes with %s in the generated %s; rename it (names starting with Stitch or stitch are reserved for generated code)", what, path.Base(file)),
		})
	}
	return diags
}

// fileNames maps every package-level name of a parsed file (its
// declarations and the names of its imports) to a description.
func fileNames(f *ast.File) map[string]string {
	names := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		names[importName(imp, p)] = fmt.Sprintf("the import of package %q", p)
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv == nil && decl.Name.Name != "_" {
				names[decl.Name.Name] = "func " + decl.Name.Name
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				addSpecNames(names, decl.Tok, spec)
			}
		}
	}
	return names
}

func addSpecNames(names map[string]string, tok token.Token, spec ast.Spec) {
	switch s := spec.(type) {
	case *ast.TypeSpec:
		names[s.Name.Name] = "type " + s.Name.Name
	case *ast.ValueSpec:
		for _, n := range s.Names {
			if n.Name != "_" {
				names[n.Name] = tok.String() + " " + n.Name
			}
		}
	}
}

// importName is the name an import binds: its explicit name, or the last
// path element without a major-version suffix.
func importName(imp *ast.ImportSpec, p string) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	base := path.Base(p)
	if strings.HasPrefix(base, "v") && len(base) > 1 && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(p))
	}
	return base
}
