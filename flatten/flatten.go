package flatten

import (
	"strconv"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// Options control flattening.
type Options struct {
	// Declared maps the JSON Pointer of a union node in the input document
	// to its declared discriminator key. The pointer may name the schema
	// object that holds "oneOf" ("/properties/delivery") or the "oneOf"
	// array itself ("/properties/delivery/oneOf"). Unions not listed use the
	// first qualifying key in lexicographic order.
	Declared map[string]string
}

// Flatten returns the advertised projection of doc (a document of package
// model: *model.Object, []any, ...). doc is not modified; the result shares
// no mutable value with it.
func Flatten(doc any, opt Options) any {
	return walker{declared: opt.Declared}.schema(doc, "")
}

type walker struct {
	declared map[string]string
}

// Keywords whose value is one subschema, a list of subschemas, or a map
// from names to subschemas, which the walk flattens (docs/flattening.md):
// model's lists but for "not", copied verbatim like every other keyword
// (data such as enum, const, default, examples, or annotations).
// Flattening widens a union, and under "not" a wider schema accepts less:
// the advertised schema would reject values the lossless one accepts.
var (
	oneSchema  = []string{"items", "additionalProperties"}
	listSchema = model.ListSchemaKeywords
	mapSchema  = model.MapSchemaKeywords
)

func isIn(k string, set []string) bool {
	for _, s := range set {
		if s == k {
			return true
		}
	}
	return false
}

// schema walks one schema node bottom-up: its subschemas first, then the node
// itself is flattened if it is a flattenable union.
func (w walker) schema(v any, ptr string) any {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return model.Clone(v) // true, false, or a malformed node: copied as is
	}
	out := &model.Object{Members: make([]model.Member, 0, len(o.Members))}
	for _, m := range o.Members {
		out.Members = append(out.Members, model.Member{Key: m.Key, Value: eachSub(m.Key, m.Value, ptr+"/"+facts.PointerToken(m.Key), w.schema)})
	}
	if flat, ok := w.union(out, ptr); ok {
		return flat
	}
	return out
}

// eachSub applies f to every subschema held by keyword k of a schema node
// (ptr is the pointer of that keyword's value) and returns the new value;
// data keywords are deep-copied.
func eachSub(k string, v any, ptr string, f func(s any, ptr string) any) any {
	switch {
	case isIn(k, oneSchema):
		if a, ok := v.([]any); ok && k == "items" { // pre-2020 tuple form
			return eachItem(a, ptr, f)
		}
		return f(v, ptr)
	case isIn(k, listSchema):
		if a, ok := v.([]any); ok {
			return eachItem(a, ptr, f)
		}
	case isIn(k, mapSchema):
		if m, ok := v.(*model.Object); ok && m != nil {
			out := &model.Object{Members: make([]model.Member, len(m.Members))}
			for i, e := range m.Members {
				out.Members[i] = model.Member{Key: e.Key, Value: f(e.Value, ptr+"/"+facts.PointerToken(e.Key))}
			}
			return out
		}
	}
	return model.Clone(v)
}

func eachItem(a []any, ptr string, f func(s any, ptr string) any) []any {
	out := make([]any, len(a))
	for i, e := range a {
		out[i] = f(e, ptr+"/"+strconv.Itoa(i))
	}
	return out
}
