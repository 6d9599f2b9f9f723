package decode

import (
	"slices"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// A shape is what the advertised schema says of one variant of an
// untagged union, for the decoder's issues (stitchrt.Variant). It is read
// from the model exactly as package schema writes the variant's anyOf
// branch (schema.unionNode: a struct's object, else the inline schema of
// the type); a test in package gen compares the two on every kind.
type shape struct {
	words string   // what the branch accepts, in words: "an object with keys path, line"
	kinds []string // the stitchrt Kind constants of the JSON kinds it takes at its top level
	keys  []string // the property names of an object branch, sorted
}

// Shape returns the words that describe the anyOf branch of the untagged
// union variant t in the issues of its decoder (the wording is pinned by
// tests; docs/decisions/0007-decoder-design.md):
//
//   - a struct: "an object with keys a, b" (its required properties, in
//     schema order), "... and optional c, d", "an object with optional
//     keys c, d", "an object with key a"; without properties "an empty
//     object" (strict) or "an object";
//   - a map: "an object"; a slice: "an array of <items>" ("an array of
//     strings", "an array of objects"), "an array" when the items have
//     no single kind; a [N]T array: "an array of N <items>" ("an array
//     of 2 integers", "an array of 1 item");
//   - scalars: "a string", "a base64 string" ([]byte), "a date-time
//     string" (time.Time), "an integer", "a number", "a boolean";
//   - a free-form value: "any value"; an opaque schema: its types
//     ("a string or null"), or "a value its own schema accepts".
func Shape(t *model.Type) string { return variantShape(t).words }

func variantShape(t *model.Type) shape {
	t = t.Deref()
	switch t.Kind {
	case model.KindStruct:
		return shape{objectWords(t.Struct), []string{"KindObject"}, propNames(t.Struct)}
	case model.KindSlice:
		w := "an array"
		if _, plural, ok := kindWords(t.Elem); ok {
			w += " of " + plural
		}
		return shape{words: w, kinds: []string{"KindArray"}}
	case model.KindArray:
		one, plural, ok := kindWords(t.Elem)
		if !ok {
			one, plural = "item", "items"
		} else {
			one = strings.TrimPrefix(strings.TrimPrefix(one, "a "), "an ")
		}
		if t.Len != 1 {
			one = plural
		}
		return shape{words: "an array of " + strconv.Itoa(t.Len) + " " + one, kinds: []string{"KindArray"}}
	case model.KindOpaque:
		return opaqueShape(t.Schema)
	case model.KindAny:
		return shape{words: "any value", kinds: []string{"KindAll"}}
	}
	w, _, _ := kindWords(t)
	return shape{words: w, kinds: []string{kindConst(t)}}
}

// kindWords names a value of t and a list of them ("a string",
// "strings"); ok is false for a type of no single kind (a free-form
// value, a union, an opaque schema).
func kindWords(t *model.Type) (one, plural string, ok bool) {
	t = t.Deref()
	switch t.Kind {
	case model.KindBool:
		return "a boolean", "booleans", true
	case model.KindInt, model.KindUint, model.KindBigInt:
		return "an integer", "integers", true
	case model.KindFloat, model.KindNumber:
		return "a number", "numbers", true
	case model.KindDuration:
		return "a duration string", "duration strings", true
	case model.KindString, model.KindText:
		return "a string", "strings", true
	case model.KindBytes:
		return "a base64 string", "base64 strings", true
	case model.KindTime:
		return "a date-time string", "date-time strings", true
	case model.KindStruct, model.KindMap:
		return "an object", "objects", true
	case model.KindSlice, model.KindArray:
		return "an array", "arrays", true
	}
	return "", "", false
}

// kindConst returns the stitchrt Kind constant of a type of one kind.
func kindConst(t *model.Type) string {
	switch t.Deref().Kind {
	case model.KindBool:
		return "KindBool"
	case model.KindInt, model.KindUint, model.KindFloat, model.KindNumber, model.KindBigInt:
		return "KindNumber"
	case model.KindString, model.KindText, model.KindBytes, model.KindTime, model.KindDuration:
		return "KindString"
	case model.KindStruct, model.KindMap:
		return "KindObject"
	case model.KindSlice, model.KindArray:
		return "KindArray"
	}
	return "KindAll"
}

// objectWords describes a struct's object by its required and optional
// properties.
func objectWords(s *model.Struct) string {
	var req, opt []string
	if s != nil {
		for _, f := range s.Fields {
			if f.Required {
				req = append(req, f.JSONName)
			} else {
				opt = append(opt, f.JSONName)
			}
		}
	}
	keys := func(ks []string) string {
		if len(ks) == 1 {
			return "key " + ks[0]
		}
		return "keys " + strings.Join(ks, ", ")
	}
	switch {
	case len(req) > 0 && len(opt) > 0:
		return "an object with " + keys(req) + " and optional " + strings.Join(opt, ", ")
	case len(req) > 0:
		return "an object with " + keys(req)
	case len(opt) > 0:
		return "an object with optional " + keys(opt)
	case s == nil || s.Policy == model.Strict:
		return "an empty object"
	}
	return "an object"
}

// propNames returns a struct's property names, sorted.
func propNames(s *model.Struct) []string {
	if s == nil {
		return nil
	}
	var ks []string
	for _, f := range s.Fields {
		ks = append(ks, f.JSONName)
	}
	slices.Sort(ks)
	return ks
}

// jsonTypes names the JSON Schema types: a value of the type, and its
// stitchrt Kind constant.
var jsonTypes = map[string][2]string{
	"string": {"a string", "KindString"}, "integer": {"an integer", "KindNumber"},
	"number": {"a number", "KindNumber"}, "boolean": {"a boolean", "KindBool"},
	"object": {"an object", "KindObject"}, "array": {"an array", "KindArray"},
	"null": {"null", "KindNull"},
}

// opaqueShape describes a //stitch:schema literal by its "type" (a name
// or a list of names).
func opaqueShape(src string) shape {
	unknown := shape{words: "a value its own schema accepts", kinds: []string{"KindAll"}}
	v, err := model.Parse([]byte(src))
	if err != nil {
		return unknown
	}
	o, ok := v.(*model.Object)
	if !ok {
		return unknown
	}
	tv, _ := o.Get("type")
	var types []string
	switch tv := tv.(type) {
	case string:
		types = []string{tv}
	case []any:
		for _, x := range tv {
			s, ok := x.(string)
			if !ok {
				return unknown
			}
			types = append(types, s)
		}
	}
	var sh shape
	var words []string
	for _, ty := range types {
		w, ok := jsonTypes[ty]
		if !ok {
			return unknown
		}
		words = append(words, w[0])
		if !slices.Contains(sh.kinds, w[1]) {
			sh.kinds = append(sh.kinds, w[1])
		}
	}
	if len(words) == 0 {
		return unknown
	}
	sh.words = strings.Join(words, " or ")
	return sh
}
