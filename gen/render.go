package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"slices"
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/decode"
	"github.com/stitchgen/stitchgen/gen/serve"
	"github.com/stitchgen/stitchgen/model"
)

// render produces the generated file of one package: the jennifer-emitted
// code (schema constants, staleness guards, decoders, handlers) followed by
// the runtime support code it reaches, with one merged import block. It also
// returns every package-level name the file declares or imports, for
// clashes.
func render(gp *Package, cfg Config) ([]byte, map[string]string, error) {
	f := jen.NewFilePathName(gp.Model.Path, gp.Model.Name)
	// assemble formats the file once; jennifer's own formatting pass would
	// parse and print it a second time.
	f.NoFormat = true
	emitSchemas(f, gp, cfg)
	emitGuards(f, gp.Model)
	if err := decode.Emit(f, gp.Model); err != nil {
		return nil, nil, err
	}
	mcp := cfg.MCP
	if mcp == "" {
		mcp = "gosdk"
	}
	if err := serve.Emit(f, gp.Model, serve.Options{MCP: mcp}); err != nil {
		return nil, nil, err
	}
	var main bytes.Buffer
	if err := f.Render(&main); err != nil {
		return nil, nil, err
	}
	return assemble(gp.Model.Name, main.Bytes())
}

// RuntimeMarker is the comment line that separates the per-package code of
// a generated file from the runtime support code after it: the declarations
// of package gen/decode/rt that this package's code reaches, copied in the
// runtime's order (see PruneRuntime).
const RuntimeMarker = "// stitchgen runtime support: the part of gen/decode/rt this package uses, copied."

// A goFile is Go source split at its imports: the imports, the declarations
// after them as text, and every identifier of those declarations.
type goFile struct {
	imports map[string]string // path → explicit name ("" for the default)
	decls   []byte
	idents  map[string]bool
}

// splitGoFile reads the imports of src (an imports-only parse) and the
// identifiers of the rest (a token scan): both much cheaper than a parse of
// the whole file, which only the formatter needs.
func splitGoFile(name string, src []byte) (*goFile, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s does not parse: %w", name, err)
	}
	g := &goFile{idents: map[string]bool{}}
	end := file.Name.End()
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			end = gd.End()
		}
	}
	g.imports = importMap(file)
	g.decls = src[fset.Position(end).Offset:]
	var sc scanner.Scanner
	var errs scanner.ErrorList
	sc.Init(token.NewFileSet().AddFile(name, -1, len(g.decls)), g.decls, errs.Add, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.IDENT {
			g.idents[lit] = true
		}
	}
	if err := errs.Err(); err != nil {
		return nil, fmt.Errorf("%s does not scan: %w", name, err)
	}
	return g, nil
}

// importMap returns the imports of file: path → explicit name ("" for
// the default).
func importMap(file *ast.File) map[string]string {
	m := make(map[string]string, len(file.Imports))
	for _, spec := range file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		name := ""
		if spec.Name != nil {
			name = spec.Name.Name
		}
		m[path] = name
	}
	return m
}

// gofmt is go/format's printer configuration. 1<<30 is go/printer's
// unexported normalizeNumbers mode, which go/format sets too (so 0X1p-2
// prints as 0x1p-2); TestDeterminism checks the result is gofmt-clean.
var gofmt = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | printer.Mode(1<<30), Tabwidth: 8}

// assemble joins the emitted code and the runtime declarations it reaches
// into one formatted file, and lists the file's package-level names.
func assemble(pkgName string, main []byte) ([]byte, map[string]string, error) {
	rt, err := runtimeDecls()
	if err != nil {
		return nil, nil, err
	}
	// One parse of the emitted code (with the marker comment appended)
	// serves the pruning walk, the import merge and the printer: the
	// import declarations are taken out of the tree, the rest is printed
	// after its package clause, and the merged import block, which is
	// sorted and has gofmt's form already, is put in front as text. Only
	// the seam between the package clause and the first declaration is
	// then printed from different source than gofmt would see: one blank
	// line either way (the emitted code has its import block there).
	src := make([]byte, 0, len(main)+len(RuntimeMarker)+2)
	src = append(append(append(src, main...), '\n'), RuntimeMarker+"\n"...)
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "generated code", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, fmt.Errorf("generated code does not parse: %w", err)
	}
	imports := importMap(file)
	idents := map[string]bool{}
	decls := file.Decls[:0:0]
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		decls = append(decls, d)
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				idents[id.Name] = true
			}
			return true
		})
	}
	if len(decls) == 0 || len(imports) == 0 && len(file.Imports) > 0 {
		return nil, nil, fmt.Errorf("generated code has no declarations or a malformed import")
	}
	file.Decls, file.Imports = decls, nil
	rtText, rtImports, rtNames := rt.pruned(idents)
	for path, name := range rtImports {
		if have, ok := imports[path]; ok && have != name {
			return nil, nil, fmt.Errorf("import %q is named %q by the emitted code and %q by the runtime", path, have, name)
		}
		imports[path] = name
	}
	paths := make([]string, 0, len(imports))
	for p := range imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	names := fileNames(file)
	var out bytes.Buffer
	out.Grow(len(src) + len(rtText) + len(src)/8)
	fmt.Fprintf(&out, "%s\n\npackage %s\n", Header, pkgName)
	if len(paths) > 0 {
		out.WriteString("\nimport (\n")
		for _, p := range paths {
			spec := &ast.ImportSpec{Path: &ast.BasicLit{Value: strconv.Quote(p)}}
			if n := imports[p]; n != "" {
				fmt.Fprintf(&out, "\t%s %q\n", n, p)
				spec.Name = ast.NewIdent(n)
			} else {
				fmt.Fprintf(&out, "\t%q\n", p)
			}
			names[importName(spec, p)] = fmt.Sprintf("the import of package %q", p)
		}
		out.WriteString(")\n")
	}
	clause := out.Len()
	if err := gofmt.Fprint(&out, fset, file); err != nil {
		return nil, nil, fmt.Errorf("formatting the generated file: %w", err)
	}
	// Drop the printed package clause ("package x\n"); what follows starts
	// with the blank line before the first declaration.
	printed := out.Bytes()[clause:]
	nl := bytes.IndexByte(printed, '\n')
	if nl < 0 || string(printed[:nl]) != "package "+file.Name.Name {
		return nil, nil, fmt.Errorf("formatting the generated file: unexpected package clause")
	}
	res := append(out.Bytes()[:clause:clause], printed[nl+1:]...)
	res = append(res, rtText...)
	for n, what := range rtNames {
		names[n] = what
	}
	return res, names, nil
}

// emitSchemas writes the schema constants of every tool.
func emitSchemas(f *jen.File, gp *Package, cfg Config) {
	for _, t := range gp.Tools {
		name := t.Model.Input.Name
		served := "the lossless schema (-flatten=false)"
		if cfg.Flatten {
			served = "flattened (SPEC §5)"
		}
		defs := []jen.Code{
			jen.Comment(fmt.Sprintf("%sInputSchema is the input schema served for tool %s: %s.", name, t.Model.Name, served)),
			jen.Id(name + "InputSchema").Op("=").Lit(string(t.Advertised)),
			jen.Comment(fmt.Sprintf("%sLosslessSchema is the lossless input schema of tool %s (unions as oneOf/anyOf).", name, t.Model.Name)),
			jen.Id(name + "LosslessSchema").Op("=").Lit(string(t.Lossless)),
		}
		if t.Output != nil {
			defs = append(defs,
				jen.Comment(fmt.Sprintf("%sOutputSchema is the output schema of tool %s.", name, t.Model.Name)),
				jen.Id(name+"OutputSchema").Op("=").Lit(string(t.Output)))
		}
		f.Const().Defs(defs...)
		f.Line()
	}
}

// emitGuards writes a function that stops compiling when a contract field
// the generated code relies on is renamed, removed or changes type, so a
// stale file fails the build (as stringer's guards do). Added fields and
// changed tags are caught by `stitchgen -check`.
func emitGuards(f *jen.File, p *model.Package) {
	var body []jen.Code
	for i, t := range p.Types {
		if t.Kind != model.KindStruct || len(t.Struct.Fields) == 0 && t.Struct.Catchall == nil {
			continue
		}
		x := fmt.Sprintf("x%d", i)
		body = append(body, jen.Var().Id(x).Id(t.Name))
		fields := t.Struct.Fields
		if c := t.Struct.Catchall; c != nil {
			fields = append(slices.Clip(fields), c)
		}
		for _, fd := range fields {
			ft, _ := decode.GoType(p.Path, fd.Type) // decode.Emit reports a type it cannot spell
			body = append(body, jen.Var().Id("_").Add(ft).Op("=").Id(x).Add(selectors(fd.Path)...))
		}
	}
	if len(body) == 0 {
		return
	}
	f.Comment("Staleness guard: this stops compiling when a contract field changes; rerun stitchgen.")
	f.Func().Id("_").Params().Block(body...)
	f.Line()
}

func selectors(path []model.Step) []jen.Code {
	out := make([]jen.Code, len(path))
	for i, s := range path {
		out[i] = jen.Dot(s.Name)
	}
	return out
}
