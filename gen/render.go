package gen

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/printer"
	"go/token"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/gen/decode"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/gen/tools"
	"github.com/stitchgen/stitchgen/model"
)

// render produces the generated file of one package: the version guard,
// the schema constants, the staleness guard, the decoders and encoders
// (gen/decode) and the handler interface and tool table (gen/tools). It
// also returns every package-level name the file declares or imports, for
// clashes.
func render(gp *Package, cfg Config) ([]byte, map[string]string, error) {
	f := jen.NewFilePathName(gp.Model.Path, gp.Model.Name)
	// format parses and prints the file once; jennifer's own formatting
	// pass would do it a second time.
	f.NoFormat = true
	f.HeaderComment(names.Header)
	f.ImportName(names.Runtime, "stitchrt")
	f.ImportName(names.API, "stitch")
	emitVersionGuard(f)
	emitSchemas(f, gp, cfg)
	emitGuards(f, gp.Model)
	if err := decode.Emit(f, gp.Model, decode.Options{Flatten: cfg.Flatten}); err != nil {
		return nil, nil, err
	}
	if err := tools.Emit(f, gp.Model, toolProfiles(gp)); err != nil {
		return nil, nil, err
	}
	var src bytes.Buffer
	if err := f.Render(&src); err != nil {
		return nil, nil, err
	}
	return format(src.Bytes())
}

// gofmt is go/format's printer configuration. 1<<30 is go/printer's
// unexported normalizeNumbers mode, which go/format sets too (so 0X1p-2
// prints as 0x1p-2); TestDeterminism checks the result is gofmt-clean.
var gofmt = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | printer.Mode(1<<30), Tabwidth: 8}

// format formats the emitted code with one parse and one print, and lists
// the file's package-level names.
func format(src []byte) ([]byte, map[string]string, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "generated code", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, fmt.Errorf("generated code does not parse: %w", err)
	}
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/8)
	if err := gofmt.Fprint(&out, fset, file); err != nil {
		return nil, nil, fmt.Errorf("formatting the generated file: %w", err)
	}
	return out.Bytes(), fileNames(file), nil
}

// emitVersionGuard writes the two constants that fail to build when this
// file and the stitchrt package it imports are of incompatible versions
// (stitchrt.RegenerateWithStitchgen says how).
func emitVersionGuard(f *jen.File) {
	guard := jen.Qual(names.Runtime, "RegenerateWithStitchgen")
	f.Comment("This file needs a stitchgen runtime that supports generated-code version " + fmt.Sprint(names.Version) + ": if a")
	f.Comment("line below does not build, regenerate the file with the stitchgen of the module")
	f.Comment("version your build uses (go generate).")
	f.Const().Defs(
		jen.Id("_").Op("=").Add(guard.Clone()).Call(jen.Lit(names.Version).Op("-").Qual(names.Runtime, "MinVersion")),
		jen.Id("_").Op("=").Add(guard.Clone()).Call(jen.Qual(names.Runtime, "MaxVersion").Op("-").Lit(names.Version)),
	)
	f.Line()
}

// emitSchemas writes the schema constants of every tool.
func emitSchemas(f *jen.File, gp *Package, cfg Config) {
	for _, t := range gp.Tools {
		name := t.Model.Input.Name
		served := "the lossless schema (-flatten=false)"
		if cfg.Flatten {
			served = "flattened"
		}
		defs := []jen.Code{
			jen.Comment(fmt.Sprintf("%s is the input schema served for tool %s: %s.", names.InputSchema(name), t.Model.Name, served)),
			jen.Id(names.InputSchema(name)).Op("=").Add(stringLit(t.Advertised)),
			jen.Comment(fmt.Sprintf("%s is the lossless input schema of tool %s (unions as oneOf/anyOf).", names.LosslessSchema(name), t.Model.Name)),
			jen.Id(names.LosslessSchema(name)).Op("=").Add(stringLit(t.Lossless)),
		}
		if t.Output != nil {
			defs = append(defs,
				jen.Comment(fmt.Sprintf("%s is the output schema of tool %s.", names.OutputSchema(name), t.Model.Name)),
				jen.Id(names.OutputSchema(name)).Op("=").Add(stringLit(t.Output)))
		}
		for _, p := range t.Profiles {
			if c := profileConst(t, p); c != "" {
				defs = append(defs,
					jen.Comment(fmt.Sprintf("%s is the input schema of tool %s under profile %s.", c, t.Model.Name, p.Name)),
					jen.Id(c).Op("=").Add(stringLit(p.Schema)))
			}
		}
		f.Const().Defs(defs...)
		f.Line()
	}
}

// stringLit is a Go string literal of b: a raw literal, so that a schema
// reads as JSON and a changed description is a readable diff, unless b
// holds a backquote or a carriage return (a raw literal cannot hold the
// one and drops the other), then an interpreted one.
func stringLit(b []byte) jen.Code {
	s := string(b)
	if strings.ContainsAny(s, "`\r") {
		return jen.Lit(s)
	}
	return jen.Op("`" + s + "`")
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
		tt, _ := decode.GoType(p.Path, t)
		body = append(body, jen.Var().Id(x).Add(tt))
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

// profileConst is the name of the schema constant of tool t under profile
// p, or "" when p serves the advertised schema (its fallback form) or no
// schema at all (gemini, a tool without arguments).
func profileConst(t *Tool, p *Profiled) string {
	if p.Schema == nil || bytes.Equal(p.Schema, t.Advertised) {
		return ""
	}
	return names.ProfileSchema(t.Model.Input.Name, facts.ProfileIdent(string(p.Name)))
}

// toolProfiles tells gen/tools, per tool, how each profile serves it: the
// constant to use (the advertised schema's in a fallback form) and its
// flags.
func toolProfiles(gp *Package) map[*model.Tool][]tools.Profile {
	out := map[*model.Tool][]tools.Profile{}
	for _, t := range gp.Tools {
		for _, p := range t.Profiles {
			tp := tools.Profile{Name: string(p.Name), Strict: p.Strict, OpenAPI: p.OpenAPI, NullAsAbsent: p.NullAsAbsent}
			for _, f := range p.Forms {
				tp.Forms = append(tp.Forms, tools.Form{Pointer: f.Pointer, Kind: string(f.Kind), Keys: f.Keys})
			}
			switch c := profileConst(t, p); {
			case c != "":
				tp.Const = c
			case p.Schema != nil:
				tp.Const = names.InputSchema(t.Model.Input.Name)
			}
			out[t.Model] = append(out[t.Model], tp)
		}
	}
	return out
}
