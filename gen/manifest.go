package gen

import (
	"cmp"
	"slices"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// Manifest returns the tools of a run in the shape of an MCP tools/list
// result, {"tools":[{"name","title"?,"description","inputSchema","outputSchema"?,"annotations"?}]},
// with the exact schema bytes the adapter serves. It is compact, so every
// schema appears byte for byte as served; pipe it to a formatter to read it.
// Tools are sorted by name, the order in which the MCP Go SDK lists them, so
// the manifest equals the served tools/list result.
func (r *Result) Manifest() []byte {
	b, _ := r.ManifestProfile(profile.MCP)
	return b
}

// ManifestProfile is Manifest as profile p advertises the tools (docs/profiles.md):
// each tool's inputSchema is its schema under p; a strict profile adds
// "strict" (false for a tool it serves in its fallback form), gemini adds
// "dialect" ("openapi": the typed Schema for FunctionDeclaration.parameters;
// "json-schema": for parametersJsonSchema) and leaves inputSchema out for a
// tool without arguments. Output schemas and annotations are MCP's: a
// provider profile lists neither.
func (r *Result) ManifestProfile(p profile.Name) ([]byte, error) {
	if !slices.Contains(profile.Names(), p) {
		_, err := profile.Project(p, "", &model.Object{})
		return nil, err
	}
	var all []*Tool
	for _, p := range r.Packages {
		all = append(all, p.Tools...)
	}
	slices.SortStableFunc(all, func(a, b *Tool) int { return cmp.Compare(a.Model.Name, b.Model.Name) })
	tools := []any{}
	for _, t := range all {
		o := model.NewObject("name", t.Model.Name)
		if t.Model.Title != "" {
			o.Set("title", t.Model.Title)
		}
		o.Set("description", t.Model.Description)
		pr := t.Profile(p)
		if pr.Schema != nil {
			o.Set("inputSchema", model.Raw(pr.Schema))
		}
		switch p {
		case profile.MCP:
			if t.Output != nil {
				o.Set("outputSchema", model.Raw(t.Output))
			}
			if a := annotations(t.Model.Annotations); a != nil {
				o.Set("annotations", a)
			}
		case profile.Gemini:
			o.Set("dialect", string(map[bool]profile.Dialect{true: profile.OpenAPI, false: profile.JSONSchema}[pr.OpenAPI]))
		default:
			o.Set("strict", pr.Strict)
		}
		tools = append(tools, o)
	}
	b, err := model.Marshal(model.NewObject("tools", tools))
	if err != nil {
		panic(err) // the schemas were produced by model.Marshal and are valid
	}
	return append(b, '\n'), nil
}

// annotations is the "annotations" member of a tool: the hints the
// directive wrote, in MCP's order; nil when it wrote none.
func annotations(a model.Annotations) *model.Object {
	if a.Empty() {
		return nil
	}
	o := &model.Object{}
	for _, h := range []struct {
		key string
		v   *bool
	}{{"readOnlyHint", a.ReadOnly}, {"destructiveHint", a.Destructive}, {"idempotentHint", a.Idempotent}, {"openWorldHint", a.OpenWorld}} {
		if h.v != nil {
			o.Set(h.key, *h.v)
		}
	}
	return o
}
