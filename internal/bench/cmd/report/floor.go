package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strconv"
	"strings"
)

// floorSource returns a generated file with the body of every per-type
// decoder (stitchDecode…) and encoder (stitchEncode…) cut to one statement
// that keeps the function's contract (the decoder skips the value, the
// encoder returns its buffer), and every import that is then unused
// renamed to _. What is left is the part of the generated code that no
// change of how values are decoded or encoded can remove: the exported
// methods of every type (UnmarshalJSON, MarshalJSON, DecodeToolCall,
// DecodeToolCallReport), the tool table and its closures, the handler
// interface and the schema constants. Its build time is therefore the
// least a table-driven decoder and encoder (a per-type table that one
// runtime loop interprets) could reach with the generated API as it is.
// The file does not decode anything: it is only compiled.
func floorSource(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "stitch_gen.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	cut := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Body == nil {
			continue
		}
		var stmt string
		switch {
		case strings.HasPrefix(fn.Name.Name, "stitchDecode"):
			stmt = firstParam(fn) + ".Skip()"
		case strings.HasPrefix(fn.Name.Name, "stitchEncode"):
			stmt = "return " + firstParam(fn) + ", nil"
		default:
			continue
		}
		e, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+stmt+"\n}\n", 0)
		if err != nil {
			return nil, err
		}
		fn.Body.List = e.Decls[0].(*ast.FuncDecl).Body.List
		cut++
	}
	if cut == 0 {
		return nil, fmt.Errorf("no stitchDecode or stitchEncode function to cut")
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			return nil, err
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		if name != "_" && !used[name] {
			im.Name = ast.NewIdent("_")
		}
	}
	// The comments are dropped: the cut bodies' comments would otherwise
	// be printed at their old positions.
	f.Comments = nil
	var b bytes.Buffer
	if err := printer.Fprint(&b, token.NewFileSet(), f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func firstParam(fn *ast.FuncDecl) string {
	return fn.Type.Params.List[0].Names[0].Name
}
