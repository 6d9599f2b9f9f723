package profile

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// The keywords of a schema node, by what a projection does with them.
var (
	// constraints are the assertions the decoder enforces (docs/decoding.md) that
	// a provider may or may not take; one it cannot take is said in the
	// description, never dropped.
	constraints = []string{"format", "contentEncoding", "contentMediaType", "pattern", "minLength", "maxLength",
		"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf",
		"minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"}

	// unsupported are the keywords no profile can express or describe
	// soundly: applicators and references whose meaning a description
	// cannot carry. A node with one of them is served in the fallback form.
	unsupported = []string{"allOf", "not", "if", "then", "else", "dependentSchemas", "dependentRequired",
		"patternProperties", "propertyNames", "prefixItems", "additionalItems", "contains", "minContains",
		"maxContains", "unevaluatedProperties", "unevaluatedItems", "$id", "$anchor", "$dynamicRef",
		"$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "definitions"}
)

// kinds are the JSON Schema type names, in the order docs/flattening.md writes type
// arrays.
var kinds = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// constraintKind is the instance kind a constraint keyword applies to.
func constraintKind(k string) string {
	switch k {
	case "format", "contentEncoding", "contentMediaType", "pattern", "minLength", "maxLength":
		return "string"
	case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf":
		return "number"
	case "minItems", "maxItems", "uniqueItems":
		return "array"
	}
	return "object" // minProperties, maxProperties
}

// appliesTo reports whether a keyword of kind k constrains values of JSON
// Schema type t (number keywords constrain integers too).
func appliesTo(k, t string) bool {
	return k == t || k == "number" && t == "integer"
}

func isIn(k string, set []string) bool {
	for _, s := range set {
		if s == k {
			return true
		}
	}
	return false
}

// declaredTypes returns the type names of o's "type" keyword (nil when
// absent) and false when the keyword is malformed: not a known name or an
// array of distinct known names.
func declaredTypes(o *model.Object) ([]string, bool) {
	v, ok := o.Get("type")
	if !ok {
		return nil, true
	}
	if s, ok := v.(string); ok {
		return []string{s}, isIn(s, kinds)
	}
	list, ok := model.Strings(v)
	if !ok || len(list) == 0 {
		return nil, false
	}
	for i, s := range list {
		if !isIn(s, kinds) || isIn(s, list[:i]) {
			return nil, false
		}
	}
	return list, true
}

// valueKind is the JSON Schema type of a data value: integral numbers are
// "integer", objects and arrays "object" and "array".
func valueKind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case model.Number:
		if isIntegral(v) {
			return "integer"
		}
		return "number"
	case int:
		return "integer"
	case *model.Object:
		return "object"
	}
	return "array"
}

func isIntegral(n model.Number) bool {
	digits, point, ok := decimal(n)
	return ok && (digits == "" || point >= len(digits))
}

// decimal reads a number literal as 0.digits × 10^point, digits without
// leading or trailing zeros ("" for zero), without big arithmetic: a
// literal such as 1e999999999 must cost no more than its length.
func decimal(n model.Number) (digits string, point int, ok bool) {
	s := strings.TrimPrefix(string(n), "-")
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || strings.Trim(intPart+frac, "0123456789") != "" {
		return "", 0, false
	}
	e := 0
	if hasExp {
		v, err := strconv.Atoi(exp)
		if err != nil {
			if strings.Trim(strings.TrimLeft(exp, "+-"), "0123456789") != "" || strings.TrimLeft(exp, "+-") == "" {
				return "", 0, false
			}
			v = 1 << 30 // out of int range: far beyond any bound below
			if strings.HasPrefix(exp, "-") {
				v = -v
			}
		}
		e = max(min(v, 1<<30), -(1 << 30))
	}
	all := intPart + frac
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	digits = strings.TrimRight(all[lead:], "0")
	if digits == "" {
		return "", 0, true
	}
	return digits, len(intPart) - lead + e, true
}

// isCount reports a plain non-negative integer literal ("0", "12"): the
// only spelling of a length or item count a provider is sure to read.
func isCount(v any) bool {
	switch v := v.(type) {
	case int:
		return v >= 0
	case model.Number:
		s := string(v)
		return s != "" && len(s) <= 15 && strings.Trim(s, "0123456789") == "" && (s == "0" || s[0] != '0')
	}
	return false
}

// isFinite reports a number literal a double holds without overflow.
func isFinite(v any) bool {
	switch v := v.(type) {
	case int:
		return true
	case model.Number:
		_, err := strconv.ParseFloat(string(v), 64)
		return err == nil
	}
	return false
}

// isPrimitive reports a string, number, boolean or null value.
func isPrimitive(v any) bool {
	k := valueKind(v)
	return k != "object" && k != "array"
}

// literalKinds returns the types the values of an enum or const allow, in
// kinds order; integer folds into number when both occur.
func literalKinds(values []any) []string {
	var out []string
	for _, k := range kinds {
		for _, v := range values {
			if fits(v, k) {
				out = append(out, k)
				break
			}
		}
	}
	if isIn("number", out) && isIn("integer", out) {
		out = removeAll(out, "integer")
	}
	return out
}

// fits reports whether a data value is of JSON Schema type t exactly
// (integers fit "integer" but not "number": literalKinds folds them).
func fits(v any, t string) bool { return valueKind(v) == t }

// matches reports whether a data value is an instance of type t.
func matches(v any, t string) bool {
	k := valueKind(v)
	return k == t || k == "integer" && t == "number"
}

func removeAll(list []string, s string) []string {
	out := make([]string, 0, len(list))
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// typeBranches splits o, whose type is the array types, into one schema
// per type: the type, the keywords of o of that type's kind (properties,
// required and additionalProperties for an object, items for an array)
// and, when o has an enum or const, its values of that type as an enum.
// A type none of those values has gets no branch; kept are the types of
// the branches.
func typeBranches(o *model.Object, types []string) (branches []*model.Object, kept []string) {
	lits, hasLits := literals(o)
	for _, t := range types {
		b := model.NewObject("type", t)
		for _, m := range o.Members {
			switch k := m.Key; {
			case isIn(k, constraints) && appliesTo(constraintKind(k), t),
				t == "object" && (k == "properties" || k == "required" || k == "additionalProperties"),
				t == "array" && k == "items":
				b.Set(k, m.Value)
			}
		}
		if hasLits {
			vals := literalsOf(lits, t)
			if len(vals) == 0 {
				continue
			}
			b.Set("enum", vals)
		}
		branches, kept = append(branches, b), append(kept, t)
	}
	return branches, kept
}

// literals returns the values an enum or const of o allows and whether o
// has either.
func literals(o *model.Object) ([]any, bool) {
	if c, ok := o.Get("const"); ok {
		return []any{c}, true
	}
	if e, ok := model.List(o.Value("enum")); ok {
		return e, true
	}
	return nil, false
}

// defName returns the $defs entry a local reference names ("#/$defs/Name").
func defName(ref string) (string, bool) {
	tok, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || strings.Contains(tok, "/") {
		return "", false
	}
	return facts.UnescapePointerToken(tok), true
}

// float64Exact reports whether a number literal survives a float64 hop
// unchanged (Gemini's typed Schema holds bounds as doubles).
func float64Exact(n model.Number) bool {
	digits, point, ok := decimal(n)
	if !ok || digits == "" {
		return ok
	}
	if point > 400 || point < -400 {
		return false // beyond a double's range, or rounded to zero
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return false
	}
	want, ok := new(big.Rat).SetString("0." + digits + "e" + strconv.Itoa(point))
	if ok && f < 0 {
		want.Neg(want)
	}
	got := new(big.Rat)
	return ok && got.SetFloat64(f) != nil && got.Cmp(want) == 0
}

// insertAfter sets key to v right after member after (or at the end when
// after is absent); an existing key is replaced in place.
func insertAfter(o *model.Object, after, key string, v any) {
	if o.Has(key) {
		o.Set(key, v)
		return
	}
	for i, m := range o.Members {
		if m.Key == after {
			o.Members = append(o.Members[:i+1], append([]model.Member{{Key: key, Value: v}}, o.Members[i+1:]...)...)
			return
		}
	}
	o.Set(key, v)
}
