package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"sync"

	"github.com/stitchgen/stitchgen/gen/decode"
)

// The runtime support code (package gen/decode/rt, joined by
// decode.Runtime) is copied into every generated file (decision 0002), but
// only the declarations the file reaches: the compiler's back end compiles
// every function of a package whether it is called or not, so an unpruned
// copy costs every contract package the whole runtime's compile time.
//
// A runtimeGraph is the runtime's top-level declarations with their
// pre-formatted text and the names each refers to, computed once per run;
// pruning a file is then a walk over names.
type runtimeGraph struct {
	decls   []rtDecl
	imports map[string]string // path → explicit name ("" for the default)
}

// An rtDecl is one top-level declaration of the runtime.
type rtDecl struct {
	text    []byte   // its formatted text with doc and floating comments before it, after one blank line
	defines []string // the names it declares; none for a method
	what    []string // for each of defines, how a clash message names it ("func stitchScan")
	recv    string   // a method's receiver type name
	method  string   // a method's name
	uses    []string // every identifier in it, deduplicated (names of locals and fields included: an over-approximation)
	imports []string // the import paths it uses
}

// runtimeDecls parses the runtime once per process.
var runtimeDecls = sync.OnceValues(func() (*runtimeGraph, error) {
	return newRuntimeGraph(decode.Runtime())
})

func newRuntimeGraph(src []byte) (*runtimeGraph, error) {
	fset := token.NewFileSet()
	// Object resolution is on: a selector x.Y whose x resolves to no
	// declaration of the file is a use of the import named x.
	file, err := parser.ParseFile(fset, "runtime", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("runtime does not parse: %w", err)
	}
	g := &runtimeGraph{imports: importMap(file)}
	byName := map[string]string{} // import name → path
	for _, spec := range file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		byName[importName(spec, p)] = p
	}
	// Each declaration's text starts on the line after the previous one
	// ends (so floating comments go with the declaration that follows
	// them) and ends with the line its last token is on (a trailing
	// comment included).
	tf := fset.File(file.Pos())
	prevEnd := file.Name.End()
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			prevEnd = gd.End()
			continue
		}
		start := lineStartAfter(tf, prevEnd, len(src))
		end := lineEnd(src, tf.Offset(d.End()))
		prevEnd = d.End()
		text := bytes.TrimLeft(src[start:end], "\n")
		rd := rtDecl{text: append([]byte("\n"), text...)}
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				rd.recv, rd.method = recvName(d.Recv.List[0].Type), d.Name.Name
			} else {
				rd.defines, rd.what = []string{d.Name.Name}, []string{"func " + d.Name.Name}
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					rd.defines = append(rd.defines, s.Name.Name)
					rd.what = append(rd.what, "type "+s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						rd.defines = append(rd.defines, n.Name)
						rd.what = append(rd.what, d.Tok.String()+" "+n.Name)
					}
				}
			}
		}
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
			return nil, fmt.Errorf("runtime: an init function would run in every package whether reached or not; there is none by design")
		}
		uses, imps := map[string]bool{}, map[string]bool{}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				uses[n.Name] = true
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Obj == nil {
					if p, ok := byName[x.Name]; ok {
						imps[p] = true
					}
				}
			}
			return true
		})
		rd.uses, rd.imports = sortedKeys(uses), sortedKeys(imps)
		g.decls = append(g.decls, rd)
	}
	return g, nil
}

// lineStartAfter is the offset of the line after the one pos is on.
func lineStartAfter(tf *token.File, pos token.Pos, size int) int {
	line := tf.Line(pos)
	if line >= tf.LineCount() {
		return size
	}
	return tf.Offset(tf.LineStart(line + 1))
}

// lineEnd is the offset after the newline that ends the line of off.
func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// recvName is the type name of a receiver: T, *T, T[X] or *T[X].
func recvName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// reach returns which declarations a file whose own code uses the
// identifiers in used needs, transitively. A declaration is reached when a
// name it declares is used; a method when its receiver type is reached and
// its name is used, or it is exported (it may satisfy an interface: error,
// fmt.Stringer, json.Marshaler, sort.Interface...), or its receiver type is
// exported (StitchError, StitchIssue: the service sees all their methods).
func (g *runtimeGraph) reach(used map[string]bool) []bool {
	reached := make([]bool, len(g.decls))
	mark := func(i int) {
		reached[i] = true
		for _, u := range g.decls[i].uses {
			used[u] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for i, d := range g.decls {
			if reached[i] {
				continue
			}
			ok := false
			if d.recv != "" {
				ok = used[d.recv] && (used[d.method] || token.IsExported(d.method) || token.IsExported(d.recv))
			} else {
				for _, n := range d.defines {
					if used[n] {
						ok = true
						break
					}
				}
			}
			if ok {
				mark(i)
				changed = true
			}
		}
	}
	return reached
}

// pruned returns the text of the reached declarations in their runtime
// order, the imports they use and the names they declare (for clashes). It
// adds to used.
func (g *runtimeGraph) pruned(used map[string]bool) (text []byte, imports, names map[string]string) {
	reached := g.reach(used)
	imports, names = map[string]string{}, map[string]string{}
	var b bytes.Buffer
	for i, d := range g.decls {
		if !reached[i] {
			continue
		}
		b.Write(d.text)
		for _, p := range d.imports {
			imports[p] = g.imports[p]
		}
		for k, n := range d.defines {
			if n != "_" {
				names[n] = d.what[k]
			}
		}
	}
	return b.Bytes(), imports, names
}

// PruneRuntime returns the runtime part of a generated file whose
// per-package code is src (a Go file): the runtime declarations it reaches,
// in the runtime's order, each after one blank line. The golden tests
// recompute it to check every generated file's runtime part.
func PruneRuntime(src []byte) ([]byte, error) {
	g, err := runtimeDecls()
	if err != nil {
		return nil, err
	}
	m, err := splitGoFile("generated code", src)
	if err != nil {
		return nil, err
	}
	text, _, _ := g.pruned(m.idents)
	return text, nil
}
