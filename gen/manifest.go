package gen

import "github.com/stitchgen/stitchgen/model"

// Manifest returns the tools of a run in the shape of an MCP tools/list
// result, {"tools":[{"name","title"?,"description","inputSchema","outputSchema"?}]},
// with the exact schema bytes the adapter serves. It is compact, so every
// schema appears byte for byte as served; pipe it to a formatter to read it.
func (r *Result) Manifest() []byte {
	tools := []any{}
	for _, p := range r.Packages {
		for _, t := range p.Tools {
			o := model.NewObject("name", t.Model.Name)
			if t.Model.Title != "" {
				o.Set("title", t.Model.Title)
			}
			o.Set("description", t.Model.Description)
			o.Set("inputSchema", model.Raw(t.Advertised))
			if t.Output != nil {
				o.Set("outputSchema", model.Raw(t.Output))
			}
			tools = append(tools, o)
		}
	}
	b, err := model.Marshal(model.NewObject("tools", tools))
	if err != nil {
		panic(err) // the schemas were produced by model.Marshal and are valid
	}
	return append(b, '\n')
}
