package serve

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// typeRef spells a named type from inside pkg.
func typeRef(pkg *model.Package, t *model.Type) *jen.Statement {
	if t.PkgPath == "" || t.PkgPath == pkg.Path {
		return jen.Id(t.Name)
	}
	return jen.Qual(t.PkgPath, t.Name)
}

// outputRef is the first result type of a tool's handler method: the output
// type, or string (text content) for a tool without one.
func outputRef(pkg *model.Package, t *model.Tool) *jen.Statement {
	if t.Output == nil {
		return jen.String()
	}
	return typeRef(pkg, t.Output)
}

// emitHandler emits the StitchHandler interface.
func emitHandler(f *jen.File, pkg *model.Package) {
	f.Commentf("%s is implemented by the service: one method per tool of package %s.", nameHandler, pkg.Name)
	f.Comment("Each method receives the exactly decoded arguments of one call. A returned")
	f.Comment("error becomes an isError result (a *" + nameError + " keeps its issues); a")
	f.Comment("tool without an output type returns the text of its result.")
	f.Type().Id(nameHandler).InterfaceFunc(func(g *jen.Group) {
		for _, t := range pkg.Tools {
			g.Commentf("%s handles tool %s.", methodName(t), t.Name)
			g.Id(methodName(t)).Params(
				jen.Id("ctx").Qual(pathContext, "Context"),
				jen.Id("in").Add(typeRef(pkg, t.Input)),
			).Params(outputRef(pkg, t), jen.Error())
		}
	})
}

// emitTools emits StitchTool and StitchTools.
func emitTools(f *jen.File, pkg *model.Package) {
	f.Commentf("%s describes one tool as it is advertised.", nameTool)
	f.Type().Id(nameTool).Struct(
		jen.Id("Name").String(),
		jen.Id("Title").String().Comment(`"" when the directive sets none`),
		jen.Id("Description").String(),
		jen.Id("InputSchema").String().Comment("the advertised input schema"),
		jen.Id("OutputSchema").String().Comment(`"" when the tool has no output type`),
	)
	f.Commentf("%s returns the tools of package %s in source order.", nameTools, pkg.Name)
	f.Func().Id(nameTools).Params().Index().Id(nameTool).Block(
		jen.Return(jen.Index().Id(nameTool).ValuesFunc(func(g *jen.Group) {
			for _, t := range pkg.Tools {
				g.Add(toolLiteral(t))
			}
		})),
	)
}

// toolLiteral is the StitchTool value of t.
func toolLiteral(t *model.Tool) *jen.Statement {
	out := jen.Lit("")
	if t.Output != nil {
		out = jen.Id(outputConst(t))
	}
	return jen.Values(
		jen.Line().Id("Name").Op(":").Lit(t.Name),
		jen.Line().Id("Title").Op(":").Lit(t.Title),
		jen.Line().Id("Description").Op(":").Lit(t.Description),
		jen.Line().Id("InputSchema").Op(":").Id(inputConst(t)),
		jen.Line().Id("OutputSchema").Op(":").Add(out).Op(",").Line(),
	)
}

// toolList is the comma-separated list of tool names an unknown-tool error
// offers.
func toolList(pkg *model.Package) string {
	names := make([]string, len(pkg.Tools))
	for i, t := range pkg.Tools {
		names[i] = t.Name
	}
	return strings.Join(names, ", ")
}
