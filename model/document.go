package model

// Helpers that read a schema document (an *Object tree as Parse returns
// it), shared by the stages that walk one (flatten, profile, check).

// Value returns the value of key, or nil when o has no such member or is
// nil.
func (o *Object) Value(key string) any {
	v, _ := o.Get(key)
	return v
}

// List returns an array value: a document holds arrays as []any only.
func List(v any) ([]any, bool) {
	a, ok := v.([]any)
	return a, ok
}

// Strings returns an array of strings; false when v is not one.
func Strings(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(a))
	for _, e := range a {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// The JSON Schema keywords whose values are subschemas, by shape: one
// subschema, a list of them, or a map from names to them. Every other
// keyword a stitchgen document uses holds data (enum, const, default,
// examples) or annotations.
var (
	OneSchemaKeywords  = []string{"items", "additionalProperties", "not"}
	ListSchemaKeywords = []string{"prefixItems", "anyOf", "oneOf", "allOf"}
	MapSchemaKeywords  = []string{"properties", "$defs"}
)
