package decode

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestRuntimeIsOneStdlibFile(t *testing.T) {
	src := Runtime()
	f, err := parser.ParseFile(token.NewFileSet(), "rt.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name.Name != "rt" || f.Doc != nil {
		t.Errorf("package clause: %s, doc %v", f.Name.Name, f.Doc)
	}
	for _, im := range f.Imports {
		if strings.Contains(im.Path.Value, ".") {
			t.Errorf("non-stdlib import %s", im.Path.Value)
		}
	}
	for _, d := range f.Decls {
		for _, name := range declNames(d) {
			if !strings.HasPrefix(name, "stitch") && name != "StitchError" && name != "StitchIssue" {
				t.Errorf("top-level identifier %s lacks the stitch prefix", name)
			}
		}
	}
}

func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil {
			return nil
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var out []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
		return out
	}
	return nil
}
