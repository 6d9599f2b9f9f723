package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"unicode"

	"golang.org/x/tools/txtar"
)

// A Case is one conformance archive.
type Case struct {
	Name     string
	Comment  string
	Contract []byte
	// Schemas maps tool name to the raw expected inputSchema; nil when the
	// archive has no schema.json.
	Schemas map[string]json.RawMessage
	// SchemaOrder lists the tools of schema.json in file order.
	SchemaOrder []string
	Vectors     []Vector
	// StderrContains are the non-empty lines of stderr.contains; nil when
	// the contract must generate.
	StderrContains []string
	// Tools are the //stitch:tool declarations of contract.go.
	Tools []ToolDecl
}

// A ToolDecl is one //stitch:tool directive and the type it sits on.
type ToolDecl struct {
	Name      string // tool name (explicit, or snake_case of the type)
	Type      string // Go type name
	HasOutput bool   // output=Type given
	HasTitle  bool   // title="..." given
}

// ParseCase reads a conformance archive.
func ParseCase(name string, data []byte) (*Case, error) {
	a := txtar.Parse(data)
	c := &Case{Name: name, Comment: string(a.Comment)}
	for _, f := range a.Files {
		var err error
		switch f.Name {
		case "contract.go":
			c.Contract = f.Data
		case "schema.json":
			c.Schemas, c.SchemaOrder, err = parseSchemas(f.Data)
		case "vectors.jsonl":
			c.Vectors, err = ParseVectors(f.Data)
		case "stderr.contains":
			c.StderrContains = []string{}
			for _, l := range strings.Split(string(f.Data), "\n") {
				if strings.TrimSpace(l) != "" {
					c.StderrContains = append(c.StderrContains, l)
				}
			}
		default:
			err = fmt.Errorf("unknown section")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", name, f.Name, err)
		}
	}
	if c.Contract == nil {
		return nil, fmt.Errorf("%s: no contract.go section", name)
	}
	tools, err := ToolDecls(c.Contract)
	if err != nil {
		return nil, fmt.Errorf("%s: contract.go: %v", name, err)
	}
	c.Tools = tools
	return c, nil
}

func parseSchemas(data []byte) (map[string]json.RawMessage, []string, error) {
	ms, err := rawMembers(bytes.TrimSpace(data))
	if err != nil {
		return nil, nil, err
	}
	m := map[string]json.RawMessage{}
	var order []string
	for _, mem := range ms {
		m[mem.Key] = mem.Value
		order = append(order, mem.Key)
	}
	return m, order, nil
}

// ToolDecls finds the //stitch:tool directives in a Go file: on a type
// declaration's doc comment (of the GenDecl or the TypeSpec).
func ToolDecls(src []byte) ([]ToolDecl, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "contract.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var tools []ToolDecl
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			doc := ts.Doc
			if doc == nil && len(gd.Specs) == 1 {
				doc = gd.Doc
			}
			if t, ok := toolDirective(doc, ts.Name.Name); ok {
				tools = append(tools, t)
			}
		}
	}
	return tools, nil
}

func toolDirective(doc *ast.CommentGroup, typeName string) (ToolDecl, bool) {
	if doc == nil {
		return ToolDecl{}, false
	}
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//stitch:tool")
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		t := ToolDecl{Name: SnakeCase(typeName), Type: typeName}
		for i, f := range strings.Fields(rest) {
			switch {
			case strings.HasPrefix(f, "output="):
				t.HasOutput = true
			case strings.HasPrefix(f, "title="):
				t.HasTitle = true
			case i == 0:
				t.Name = f
			}
		}
		return t, true
	}
	return ToolDecl{}, false
}

// SnakeCase converts a Go type name to snake_case: PlaceOrder →
// place_order, HTTPServer → http_server.
func SnakeCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && !unicode.IsUpper(rs[i-1])
			nextLower := i > 0 && i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])
			if prevLower || nextLower {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
