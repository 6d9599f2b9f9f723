package tools

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

const pathContext = "context"

// A Profile is how one provider profile serves a tool: the schema
// constant (package gen emits it; "" for no schema) and the flags of
// stitch.ProfileSchema.
type Profile struct {
	Name                          string // the profile's name: openai-strict
	Const                         string
	Strict, OpenAPI, NullAsAbsent bool
	Forms                         []Form
}

// A Form is a reversible form of the profile: stitch.Form.
type Form struct {
	Pointer string
	Kind    string // entries, extra or json: the suffix of a stitch.Form constant
	Keys    []string
}

// formConsts names the stitch constant of each form kind.
var formConsts = map[string]string{"entries": "FormEntries", "extra": "FormExtra", "json": "FormJSON"}

// Emit adds StitchHandler and StitchTools for pkg's tools to f. A package
// without tools gets nothing. The schema constants it refers to are
// emitted by package gen (names.InputSchema and friends); profiles says
// how each profile serves each tool.
func Emit(f *jen.File, pkg *model.Package, profiles map[*model.Tool][]Profile) error {
	if err := checkTools(pkg); err != nil {
		return err
	}
	if len(pkg.Tools) == 0 {
		return nil
	}
	f.ImportName(pathContext, "context")
	f.ImportName(names.API, "stitch")
	emitHandler(f, pkg)
	emitTools(f, pkg, profiles)
	return nil
}

// checkTools reports a tool the emitter cannot serve: every tool needs a
// named struct input type and, when it has one, a named output type.
func checkTools(pkg *model.Package) error {
	for _, t := range pkg.Tools {
		if t.Input == nil || t.Input.Kind != model.KindStruct || t.Input.Name == "" {
			return fmt.Errorf("tools: tool %q: input is not a named struct type", t.Name)
		}
		if t.Output != nil && t.Output.Name == "" {
			return fmt.Errorf("tools: tool %q: output type has no name", t.Name)
		}
	}
	return nil
}

// typeRef spells a named type from inside pkg.
func typeRef(pkg *model.Package, t *model.Type) *jen.Statement {
	if t.PkgPath == "" || t.PkgPath == pkg.Path {
		return jen.Id(t.Name)
	}
	return jen.Qual(t.PkgPath, t.Name)
}

// outputRef is the first result type of a tool's handler method: the
// output type, or string (the text) for a tool without one.
func outputRef(pkg *model.Package, t *model.Tool) *jen.Statement {
	if t.Output == nil {
		return jen.String()
	}
	return typeRef(pkg, t.Output)
}

// emitHandler emits the StitchHandler interface.
func emitHandler(f *jen.File, pkg *model.Package) {
	f.Commentf("%s is implemented by the service: one method per tool of package %s.", names.Handler, pkg.Name)
	f.Comment("Each method receives the exactly decoded arguments of one call. A returned")
	f.Comment("error becomes an isError result (a *stitch.Error keeps its issues); a tool")
	f.Comment("without an output type returns the text of its result. Through ctx a method")
	f.Comment("reaches the client: stitch.Progress, stitch.Log, stitch.AddContent.")
	f.Type().Id(names.Handler).InterfaceFunc(func(g *jen.Group) {
		for _, t := range pkg.Tools {
			g.Commentf("%s handles tool %s.", names.HandlerMethod(t), t.Name)
			g.Id(names.HandlerMethod(t)).Params(
				jen.Id("ctx").Qual(pathContext, "Context"),
				jen.Id("in").Add(typeRef(pkg, t.Input)),
			).Params(outputRef(pkg, t), jen.Error())
		}
	})
	f.Line()
}

// emitTools emits StitchTools.
func emitTools(f *jen.File, pkg *model.Package, profiles map[*model.Tool][]Profile) {
	f.Commentf("%s returns the tools of package %s in source order, served by h.", names.Tools, pkg.Name)
	f.Func().Id(names.Tools).Params(jen.Id("h").Id(names.Handler)).Index().Qual(names.API, "Tool").Block(
		jen.Return(jen.Index().Qual(names.API, "Tool").ValuesFunc(func(g *jen.Group) {
			for _, t := range pkg.Tools {
				g.Add(toolLiteral(pkg, t, profiles[t]))
			}
		})),
	)
}

// toolLiteral is the stitch.Tool value of t.
func toolLiteral(pkg *model.Package, t *model.Tool, profiles []Profile) *jen.Statement {
	in := t.Input.Name
	fields := []jen.Code{jen.Line().Id("Name").Op(":").Lit(t.Name)}
	if t.Title != "" {
		fields = append(fields, jen.Line().Id("Title").Op(":").Lit(t.Title))
	}
	fields = append(fields,
		jen.Line().Id("Description").Op(":").Lit(t.Description),
		jen.Line().Id("InputSchema").Op(":").Id(names.InputSchema(in)),
		jen.Line().Id("LosslessSchema").Op(":").Id(names.LosslessSchema(in)))
	if t.Output != nil {
		fields = append(fields, jen.Line().Id("OutputSchema").Op(":").Id(names.OutputSchema(in)))
	}
	if a := annotations(t.Annotations); a != nil {
		fields = append(fields, jen.Line().Id("Annotations").Op(":").Add(a))
	}
	if v := profileValues(profiles); v != nil {
		fields = append(fields, jen.Line().Id("Profiles").Op(":").Add(v))
	}
	fields = append(fields,
		jen.Line().Id("Decode").Op(":").Func().Params(jen.Id("args").Index().Byte(), jen.Id("opt").Qual(names.API, "DecodeOptions")).
			Params(jen.Any(), jen.Index().String(), jen.Index().String(), jen.Error()).Block(
			jen.Var().Id("in").Add(typeRef(pkg, t.Input)),
			jen.List(jen.Id("r"), jen.Err()).Op(":=").Id(names.ToolCallFunc(t.Input)).Call(
				jen.Op("&").Id("in"), jen.Id("args"), jen.Id("opt").Dot("NullAsAbsent")),
			jen.If(jen.Id("opt").Dot("Report").Op("!=").Nil()).Block(jen.Op("*").Id("opt").Dot("Report").Op("=").Id("r")),
			jen.Return(jen.Id("in"), jen.Id("r").Dot("Dropped"), jen.Id("r").Dot("Repaired"), jen.Err()),
		),
		jen.Line().Id("Run").Op(":").Func().Params(jen.Id("ctx").Qual(pathContext, "Context"), jen.Id("in").Any()).
			Params(jen.Qual(names.API, "Output"), jen.Error()).Block(
			jen.List(jen.Id("out"), jen.Err()).Op(":=").Id("h").Dot(names.HandlerMethod(t)).Call(
				jen.Id("ctx"), jen.Id("in").Assert(typeRef(pkg, t.Input))),
			jen.Return(jen.Qual(names.API, "Output").Values(outputField(t).Op(":").Id("out")), jen.Err()),
		).Op(",").Line(),
	)
	return jen.Values(fields...)
}

// outputField is the stitch.Output field a handler's first result goes in.
func outputField(t *model.Tool) *jen.Statement {
	if t.Output == nil {
		return jen.Id("Text")
	}
	return jen.Id("Value")
}

// annotations is the &stitch.Annotations{...} literal of the hints the
// directive wrote, or nil when it wrote none.
func annotations(a model.Annotations) jen.Code {
	if a.Empty() {
		return nil
	}
	var fields []jen.Code
	for _, h := range []struct {
		field string
		v     *bool
	}{{"ReadOnlyHint", a.ReadOnly}, {"DestructiveHint", a.Destructive}, {"IdempotentHint", a.Idempotent}, {"OpenWorldHint", a.OpenWorld}} {
		if h.v != nil {
			fields = append(fields, jen.Id(h.field).Op(":").New(jen.Lit(*h.v)))
		}
	}
	return jen.Op("&").Qual(names.API, "Annotations").Values(fields...)
}

// profileValues is the []stitch.ProfileSchema literal of the profiles that
// serve the tool in some form, in the registry's order, or nil when none
// does.
func profileValues(ps []Profile) jen.Code {
	var entries []jen.Code
	for _, p := range ps {
		if v := profileValue(p); v != nil {
			entries = append(entries, jen.Line().Add(v))
		}
	}
	if entries == nil {
		return nil
	}
	return jen.Index().Qual(names.API, "ProfileSchema").Values(append(entries, jen.Line())...)
}

// profileValue is the stitch.ProfileSchema literal of p (its type elided
// in the slice literal), or nil when p serves no schema and no flag (the
// tool's entry would be the zero value stitch.Tool.Schema returns).
func profileValue(p Profile) jen.Code {
	var fields []jen.Code
	if p.Const != "" {
		fields = append(fields, jen.Id("Schema").Op(":").Id(p.Const))
	}
	for _, b := range []struct {
		name string
		v    bool
	}{{"Strict", p.Strict}, {"OpenAPI", p.OpenAPI}, {"NullAsAbsent", p.NullAsAbsent}} {
		if b.v {
			fields = append(fields, jen.Id(b.name).Op(":").True())
		}
	}
	if len(p.Forms) > 0 {
		var forms []jen.Code
		for _, f := range p.Forms {
			fields := []jen.Code{jen.Id("Pointer").Op(":").Lit(f.Pointer), jen.Id("Kind").Op(":").Qual(names.API, formConsts[f.Kind])}
			if len(f.Keys) > 0 {
				var keys []jen.Code
				for _, k := range f.Keys {
					keys = append(keys, jen.Lit(k))
				}
				fields = append(fields, jen.Id("Keys").Op(":").Index().String().Values(keys...))
			}
			forms = append(forms, jen.Line().Values(fields...))
		}
		fields = append(fields, jen.Id("Forms").Op(":").Index().Qual(names.API, "Form").Values(append(forms, jen.Line())...))
	}
	if len(fields) == 0 {
		return nil
	}
	return jen.Values(append([]jen.Code{jen.Id("Profile").Op(":").Lit(p.Name)}, fields...)...)
}
