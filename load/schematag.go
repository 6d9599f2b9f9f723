package load

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// schemaKeys is the jsonschema:"..." vocabulary (invopop/jsonschema's, as
// pinned by docs/contracts.md), in the order diagnostics list it.
var schemaKeys = []string{"title", "description", "minimum", "maximum", "exclusiveMinimum",
	"exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format", "enum",
	"const", "default", "example", "minItems", "maxItems", "uniqueItems", "minProperties",
	"maxProperties", "nullable", "deprecated"}

// boolKeys may be written bare ("nullable") or with =true/=false.
var boolKeys = []string{"uniqueItems", "nullable", "deprecated"}

// splitOnUnescapedCommas splits a jsonschema tag like invopop/jsonschema
// does: on commas not preceded by a backslash (which is then dropped), so
// patterns can contain "\,".
func splitOnUnescapedCommas(tag string) []string {
	separated := strings.Split(tag, ",")
	ret := []string{separated[0]}
	i := 0
	for _, next := range separated[1:] {
		if len(ret[i]) == 0 {
			ret = append(ret, next)
			i++
			continue
		}
		if ret[i][len(ret[i])-1] == '\\' {
			ret[i] = ret[i][:len(ret[i])-1] + "," + next
		} else {
			ret = append(ret, next)
			i++
		}
	}
	return ret
}

// A tagState collects the keywords of one jsonschema tag.
type tagState struct {
	f        *model.Field
	s        site
	seen     []string
	items    model.Constraints
	defaults []string // element defaults of a slice or array field, as JSON

	defaultRaw []string // the default= values as written (one per item on a slice or array)
	badDefault bool     // a default= value did not parse: the field gets no default
}

// applySchemaTag reads a field's jsonschema:"k=v,..." tag into the field.
// It returns the tag's state for the default check, which runs once the
// stitch tag (whose rewrites the default must survive) is read too.
func (l *pkgLoader) applySchemaTag(f *model.Field, raw string, s site) *tagState {
	if raw == "" {
		return nil
	}
	ts := &tagState{f: f, s: s}
	arr := isArray(f.Type.Deref())
	for _, part := range splitOnUnescapedCommas(raw) {
		if part == "" {
			continue
		}
		k, v, hasEq := strings.Cut(part, "=")
		if !l.keyUsable(ts, k, hasEq, arr) {
			continue
		}
		ts.seen = append(ts.seen, k)
		l.applyKey(ts, k, v, hasEq)
	}
	if !ts.items.IsZero() {
		f.Items = &ts.items
	}
	l.arrayDefault(ts)
	return ts
}

// arrayDefault sets the default of a slice or array field from its items;
// a lone default=[] is the empty array (decision 0014).
func (l *pkgLoader) arrayDefault(ts *tagState) {
	t := ts.f.Type.Deref()
	switch {
	case ts.badDefault || !isArray(t) || len(ts.defaultRaw) == 0:
	case len(ts.defaultRaw) == 1 && ts.defaultRaw[0] == "[]":
		ts.f.Default = "[]"
		ts.defaults, ts.defaultRaw = nil, nil
	case !isArray(t.Elem.Deref()) && slices.Contains(ts.defaultRaw, "[]"):
		l.errorf(ts.s, "default=[] is the empty array and cannot be combined with default= items; keep one of them")
	default:
		ts.f.Default = "[" + strings.Join(ts.defaults, ",") + "]"
	}
}

// keyUsable reports unknown, valueless and repeated keys.
func (l *pkgLoader) keyUsable(ts *tagState, k string, hasEq, arr bool) bool {
	switch {
	case !slices.Contains(schemaKeys, k):
		l.errorf(ts.s, "unknown jsonschema key %q (known: %s)", k, strings.Join(schemaKeys, ", "))
	case !hasEq && !slices.Contains(boolKeys, k):
		l.errorf(ts.s, "jsonschema key %s needs a value (%s=...)", k, k)
	case slices.Contains(ts.seen, k) && k != "enum" && k != "example" && !(k == "default" && arr):
		l.errorf(ts.s, "jsonschema key %s is given twice; keep one", k)
	default:
		return true
	}
	return false
}

// applyKey applies one keyword.
func (l *pkgLoader) applyKey(ts *tagState, k, v string, hasEq bool) {
	f, t := ts.f, ts.f.Type.Deref()
	switch k {
	case "title":
		f.Title = v
	case "description":
		f.Description = v
	case "nullable":
		l.applyNullable(ts, v, hasEq)
	case "deprecated":
		f.Deprecated = l.boolValue(ts.s, k, v, hasEq)
	case "default":
		l.applyDefault(ts, v)
	case "example":
		if isArray(t) {
			l.errorf(ts.s, "example is not supported on a slice or array field; show examples in the description")
		} else if lit, ok := l.literal(ts.s, k, v, t); ok {
			f.Examples = append(f.Examples, lit)
		}
	case "minItems", "maxItems", "uniqueItems":
		l.arrayKey(ts, k, v, hasEq)
	case "minProperties", "maxProperties":
		l.mapKey(ts, k, v)
	default:
		if isArray(t) {
			l.constrain(ts.s, &ts.items, k, v, t.Elem, true)
		} else {
			l.constrain(ts.s, &f.Check, k, v, f.Type, false)
		}
	}
}

func (l *pkgLoader) applyNullable(ts *tagState, v string, hasEq bool) {
	if !l.boolValue(ts.s, "nullable", v, hasEq) {
		return
	}
	if !nilable(ts.f.Type) {
		l.errorf(ts.s, "nullable needs a type that can hold null (pointer, slice, map or interface), not %s; use *%s",
			l.describe(ts.f.Type), l.describe(ts.f.Type))
		return
	}
	ts.f.Nullable = true
}

// applyDefault sets the default; on a slice or array each default=v is one
// element, as in invopop, and default=[] is the empty array (decision 0014).
func (l *pkgLoader) applyDefault(ts *tagState, v string) {
	t := ts.f.Type.Deref()
	switch {
	case !defaultable(t):
		l.errorf(ts.s, "default applies to strings, numbers, bools, times, byte strings and slices or arrays of them, not to %s", l.describe(ts.f.Type))
	case isArray(t) && v == "[]" && !isArray(t.Elem.Deref()):
		// The empty array, not an item (arrayDefault decides).
		ts.defaults = append(ts.defaults, "[]")
		ts.defaultRaw = append(ts.defaultRaw, v)
	case isArray(t):
		if lit, ok := l.literal(ts.s, "default", v, t.Elem.Deref()); ok {
			ts.defaults = append(ts.defaults, lit)
			ts.defaultRaw = append(ts.defaultRaw, v)
		} else {
			ts.badDefault = true
		}
	default:
		if lit, ok := l.literal(ts.s, "default", v, t); ok {
			ts.f.Default = lit
			ts.defaultRaw = append(ts.defaultRaw, v)
		}
	}
}

func (l *pkgLoader) arrayKey(ts *tagState, k, v string, hasEq bool) {
	if !isArray(ts.f.Type.Deref()) {
		l.wrongType(ts.s, k, "slices and arrays", ts.f.Type, false)
		return
	}
	c := &ts.f.Check
	switch k {
	case "minItems":
		c.MinItems = l.count(ts.s, k, v)
	case "maxItems":
		c.MaxItems = l.count(ts.s, k, v)
	case "uniqueItems":
		c.UniqueItems = l.boolValue(ts.s, k, v, hasEq)
	}
}

func (l *pkgLoader) mapKey(ts *tagState, k, v string) {
	if ts.f.Type.Deref().Kind != model.KindMap {
		l.wrongType(ts.s, k, "maps", ts.f.Type, false)
		return
	}
	if k == "minProperties" {
		ts.f.Check.MinProperties = l.count(ts.s, k, v)
	} else {
		ts.f.Check.MaxProperties = l.count(ts.s, k, v)
	}
}

// wrongType reports a keyword on a type it does not apply to.
func (l *pkgLoader) wrongType(s site, k, applies string, t *model.Type, items bool) {
	if items {
		l.errorf(s, "%s applies to %s, not to items of type %s", k, applies, l.describe(t))
		return
	}
	l.errorf(s, "%s applies to %s, not to %s", k, applies, l.describe(t))
}
