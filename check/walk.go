package check

import (
	"strconv"

	"github.com/stitchgen/stitchgen/model"
)

// A checker walks one document and collects its findings.
type checker struct {
	tool      *model.Tool
	opt       Options
	subject   string // "tool" or "tool output": the prefix of property subjects
	fields    map[string][]*model.Field
	positions map[string]model.Pos
	defPaths  map[string]string
	diags     []model.Diagnostic
}

// document checks the root and then every $defs entry, whose properties
// are named after the entry's first reference (schema.Doc.DefPaths).
func (c *checker) document(root *model.Object, typed bool) {
	c.node(root, "", typed)
	defs, _ := root.Get("$defs")
	if d, ok := defs.(*model.Object); ok {
		for _, m := range d.Members {
			c.node(m.Value, c.defPaths[m.Key], typed)
		}
	}
}

// Keywords whose values are subschemas at the same dotted path (model's
// lists).
var (
	oneSchema  = model.OneSchemaKeywords
	listSchema = model.ListSchemaKeywords
)

// node checks one schema node at dotted path and walks into its
// subschemas; typed asks for the typed-properties check.
func (c *checker) node(v any, path string, typed bool) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return
	}
	c.format(o, path)
	c.pattern(o, path)
	for _, m := range o.Members {
		switch {
		case m.Key == "properties":
			c.properties(m.Value, path, typed)
		case contains(oneSchema, m.Key):
			c.node(m.Value, path, typed)
		case contains(listSchema, m.Key):
			if bs, ok := m.Value.([]any); ok {
				for _, b := range bs {
					c.node(b, path, typed)
				}
			}
		}
	}
}

func (c *checker) properties(v any, path string, typed bool) {
	props, ok := v.(*model.Object)
	if !ok || props == nil {
		return
	}
	for _, m := range props.Members {
		p := join(path, m.Key)
		if typed && !c.opt.AllowUntyped {
			c.typed(m.Value, p)
		}
		c.node(m.Value, p, typed)
	}
}

// typeKeywords are the keywords that give a property a shape (docs/contracts.md).
var typeKeywords = []string{"type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "not"}

// typed reports a property that carries none of typeKeywords, unless a
// field declaring it is tagged stitch:"untyped".
func (c *checker) typed(v any, path string) {
	if o, ok := v.(*model.Object); ok {
		for _, k := range typeKeywords {
			if o.Has(k) {
				return
			}
		}
	}
	freeForm := false
	for _, f := range c.fields[path] {
		if f.Untyped {
			return
		}
		k := f.Type.Deref().Kind
		freeForm = freeForm || k == model.KindAny || k == model.KindOpaque
	}
	msg := `free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`
	if !freeForm && len(c.fields[path]) > 1 {
		msg = `property has no type in the advertised schema because its union variants declare it with shapes that cannot be joined (a reference or a free-form schema): ` +
			`give it one type in every variant, or rename it in one variant`
	}
	c.report(path, msg)
}

func (c *checker) report(path, msg string) {
	c.diags = append(c.diags, model.Diagnostic{Pos: c.pos(path), Subject: join(c.subject, path), Msg: msg})
}

// pos returns the position of the field that declares path, or of its
// nearest declared ancestor, or the tool's.
func (c *checker) pos(path string) model.Pos {
	for p := path; p != ""; p = parent(p) {
		if pos, ok := c.positions[p]; ok {
			return pos
		}
		if fs := c.fields[p]; len(fs) > 0 {
			return fs[0].Pos
		}
	}
	return c.tool.Pos
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func parent(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '.' {
			return path[:i]
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// quote quotes a pattern or format for a message, as Go would write it.
func quote(s string) string { return strconv.Quote(s) }
