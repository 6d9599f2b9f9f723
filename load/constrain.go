package load

import (
	"encoding/base64"
	"math/big"
	"regexp"
	"strconv"
	"time"

	"github.com/stitchgen/stitchgen/model"
)

// constrain applies a value keyword to c for a value of type t (pointers
// are transparent). items says c constrains the items of a slice or array.
func (l *pkgLoader) constrain(s site, c *model.Constraints, k, v string, t *model.Type, items bool) {
	e := t.Deref()
	switch k {
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		if !isNumeric(e) {
			l.wrongType(s, k, "numbers", t, items)
			return
		}
		l.bound(s, c, k, v)
	case "minLength", "maxLength", "pattern", "format":
		if !isStringy(e) {
			l.wrongType(s, k, "strings", t, items)
			return
		}
		l.stringKey(s, c, k, v)
	case "enum", "const":
		if !isNumeric(e) && !isStringy(e) && e.Kind != model.KindBool {
			l.wrongType(s, k, "strings, numbers and bools", t, items)
			return
		}
		lit, ok := l.literal(s, k, v, e)
		if !ok {
			return
		}
		if k == "enum" {
			c.Enum = append(c.Enum, lit)
		} else {
			c.Const = lit
		}
	}
}

func (l *pkgLoader) bound(s site, c *model.Constraints, k, v string) {
	if !isJSONNumber(v) {
		l.errorf(s, "%s=%s is not a number", k, v)
		return
	}
	switch k {
	case "minimum":
		c.Minimum = v
	case "maximum":
		c.Maximum = v
	case "exclusiveMinimum":
		c.ExclusiveMinimum = v
	case "exclusiveMaximum":
		c.ExclusiveMaximum = v
	case "multipleOf":
		if r, _ := new(big.Rat).SetString(v); r.Sign() <= 0 {
			l.errorf(s, "multipleOf=%s must be greater than 0", v)
			return
		}
		c.MultipleOf = v
	}
}

func (l *pkgLoader) stringKey(s site, c *model.Constraints, k, v string) {
	switch k {
	case "minLength":
		c.MinLength = l.count(s, k, v)
	case "maxLength":
		c.MaxLength = l.count(s, k, v)
	case "pattern":
		if _, err := regexp.Compile(v); err != nil {
			l.errorf(s, "pattern=%s is not a valid RE2 regular expression: %v", v, err)
			return
		}
		c.Pattern = v
	case "format":
		c.Format = v
	}
}

var countRE = regexp.MustCompile(`^[0-9]+$`)

// count parses a non-negative integer keyword value.
func (l *pkgLoader) count(s site, k, v string) *int {
	n, err := strconv.Atoi(v)
	if !countRE.MatchString(v) || err != nil {
		l.errorf(s, "%s=%s is not a non-negative integer", k, v)
		return nil
	}
	return &n
}

// boolValue parses a boolean keyword: bare, =true or =false.
func (l *pkgLoader) boolValue(s site, k, v string, hasEq bool) bool {
	if !hasEq {
		return true
	}
	switch v {
	case "true":
		return true
	case "false":
		return false
	}
	l.errorf(s, "%s=%s is not a bool; write %s or %s=true", k, v, k, k)
	return false
}

var jsonNumberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func isJSONNumber(v string) bool { return jsonNumberRE.MatchString(v) }

// literal turns a tag value into the JSON literal it means for a value of
// type t: strings are quoted, numbers and bools checked, JSON kept as JSON.
func (l *pkgLoader) literal(s site, k, v string, t *model.Type) (string, bool) {
	t = t.Deref()
	bad := func(what string) (string, bool) {
		l.errorf(s, "%s=%s is not %s", k, v, what)
		return "", false
	}
	switch t.Kind {
	case model.KindString, model.KindText:
		return string(model.MustMarshal(v)), true
	case model.KindInt, model.KindUint:
		return l.intLiteral(s, k, v, t)
	case model.KindBigInt:
		if r, ok := new(big.Rat).SetString(v); !isJSONNumber(v) || !ok || !r.IsInt() {
			return bad("an integer")
		}
		return v, true
	case model.KindFloat, model.KindNumber:
		if !isJSONNumber(v) {
			return bad("a number")
		}
		return v, true
	case model.KindBool:
		if v != "true" && v != "false" {
			return bad("a bool (true or false)")
		}
		return v, true
	case model.KindTime:
		if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
			return bad("an RFC 3339 date-time")
		}
		return string(model.MustMarshal(v)), true
	case model.KindBytes:
		if _, err := base64.StdEncoding.DecodeString(v); err != nil {
			return bad("standard base64")
		}
		return string(model.MustMarshal(v)), true
	}
	return l.jsonLiteral(s, k, v, t)
}

// intLiteral checks an integer literal against the Go type's range.
func (l *pkgLoader) intLiteral(s site, k, v string, t *model.Type) (string, bool) {
	r, ok := new(big.Rat).SetString(v)
	if !isJSONNumber(v) || !ok || !r.IsInt() {
		l.errorf(s, "%s=%s is not an integer", k, v)
		return "", false
	}
	lo, hi := model.IntRange(t)
	if n := r.Num(); n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
		l.errorf(s, "%s=%s is out of range for %s", k, v, l.describe(t))
		return "", false
	}
	return v, true
}

// jsonLiteral checks a JSON-valued keyword (for any, opaque, struct, map,
// union and array types).
func (l *pkgLoader) jsonLiteral(s site, k, v string, t *model.Type) (string, bool) {
	doc, err := model.Parse([]byte(v))
	if err != nil {
		l.errorf(s, "%s=%s is not valid JSON for %s (%s)", k, v, l.describe(t), jsonErr(err))
		return "", false
	}
	_, isObj := doc.(*model.Object)
	_, isArr := doc.([]any)
	switch {
	case (t.Kind == model.KindStruct || t.Kind == model.KindMap || t.Kind == model.KindUnion) && !isObj:
		l.errorf(s, "%s=%s is not a JSON object", k, v)
	case isArray(t) && !isArr:
		l.errorf(s, "%s=%s is not a JSON array", k, v)
	case t.Kind == model.KindInvalid:
		return "", false
	default:
		return v, true
	}
	return "", false
}
