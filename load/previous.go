package load

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// The previous output of stitchgen (a file of a matched package that starts
// with stitchgen's header) is about to be regenerated: the model never
// reads it, and the contract is type-checked without it, exactly as on a
// first generation. But the user's code may use what it declares (a
// StitchHandler implementation, var _ json.Unmarshaler = (*T)(nil), a
// schema constant), so a type error in the user's files is reported only if
// it persists when the previous output is there too (typecheck.go, decision
// 0006). For that second check the previous output is overlaid with its own
// declarations, function bodies removed: every generated name, method and
// interface satisfaction still type-checks, at a fraction of the cost, and
// nothing depends on what the generated code contains. The imports the
// declarations no longer use are dropped; the others are resolved like any
// import, and one that cannot be is an error in the previous output, which
// is never reported.

// previousOutput returns the overlay of every stitchgen-generated file of
// the matched packages. Finding them costs one go list without
// dependencies.
func previousOutput(pcfg *packages.Config, patterns []string) (map[string][]byte, error) {
	list := *pcfg
	list.Mode = packages.NeedName | packages.NeedFiles
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	var overlay map[string][]byte
	for _, p := range pkgs {
		for _, file := range p.GoFiles {
			src, err := os.ReadFile(file)
			if err != nil || !bytes.HasPrefix(src, []byte(generatedHeader+"\n")) {
				continue
			}
			stripped, ok := stripBodies(file, src)
			if !ok {
				continue // let the load report it (in a generated file: never)
			}
			if overlay == nil {
				overlay = map[string][]byte{}
			}
			overlay[file] = stripped
		}
	}
	return overlay, nil
}

// stripBodies returns a generated file's source with every function body
// removed (a function literal keeps an empty one) and the imports the rest
// does not name dropped. A file that does not parse is reduced to its
// header and package clause; one without a package clause is not changed.
func stripBodies(file string, src []byte) ([]byte, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		if f == nil || f.Name == nil || f.Name.Name == "_" || !f.Name.Pos().IsValid() {
			return nil, false
		}
		return []byte(generatedHeader + "\n\npackage " + f.Name.Name + "\n"), true
	}
	tf := fset.File(f.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	type cut struct{ from, to int }
	var cuts []cut
	used := map[string]bool{} // identifiers that qualify a selector outside the bodies
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				ast.Inspect(n.Type, markQualifiers(used))
				if n.Recv != nil {
					ast.Inspect(n.Recv, markQualifiers(used))
				}
				cuts = append(cuts, cut{off(n.Body.Pos()), off(n.Body.End())})
				return false
			}
		case *ast.FuncLit:
			ast.Inspect(n.Type, markQualifiers(used))
			cuts = append(cuts, cut{off(n.Body.Lbrace) + 1, off(n.Body.Rbrace)})
			return false
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		var unused []ast.Spec
		for _, s := range gd.Specs {
			if is := s.(*ast.ImportSpec); !importUsed(is, used) {
				unused = append(unused, is)
			}
		}
		switch {
		case len(unused) == 0:
		case !gd.Lparen.IsValid(): // import "x": the whole declaration goes
			cuts = append(cuts, cut{off(gd.Pos()), off(gd.End())})
		default:
			for _, s := range unused {
				cuts = append(cuts, cut{off(s.Pos()), off(s.End())})
			}
		}
	}
	slices.SortFunc(cuts, func(a, b cut) int { return a.from - b.from })
	var out bytes.Buffer
	at := 0
	for _, c := range cuts {
		out.Write(src[at:c.from])
		at = c.to
	}
	out.Write(src[at:])
	return out.Bytes(), true
}

// markQualifiers records the package qualifiers a signature names.
func markQualifiers(used map[string]bool) func(ast.Node) bool {
	return func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	}
}

// importUsed reports whether the stripped file may still name an import:
// blank and dot imports are kept, like every import whose name (given, or
// assumed from its path as goimports assumes it) qualifies a selector.
func importUsed(is *ast.ImportSpec, used map[string]bool) bool {
	p, err := strconv.Unquote(is.Path.Value)
	if err != nil {
		return true
	}
	if is.Name != nil {
		return is.Name.Name == "_" || is.Name.Name == "." || used[is.Name.Name]
	}
	return used[assumedName(p)]
}

// assumedName is the package name an import path suggests: its last
// element without a major version suffix, a "go-" prefix or a "-go" or
// ".go" suffix, cut at the first character that cannot be in a name.
func assumedName(importPath string) string {
	base := path.Base(importPath)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(importPath))
	}
	base = strings.TrimPrefix(base, "go-")
	base = strings.TrimSuffix(strings.TrimSuffix(base, "-go"), ".go")
	if i := strings.IndexFunc(base, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r >= 0x80)
	}); i >= 0 {
		base = base[:i]
	}
	return base
}
