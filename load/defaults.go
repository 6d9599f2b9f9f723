package load

import (
	"encoding/base64"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/stitchgen/stitchgen/model"
)

// A default fills an absent optional property, and catch puts it in place
// of an invalid value, without the decoder judging it; so a default must be
// a value the decoder accepts when a caller sends it (decision 0014). The
// checks below are the decoder's, in its terms: the Go type's range, the
// bounds and multipleOf of numbers, lengths in code points, the pattern
// (RE2), the portable formats, enum and const, item counts and uniqueItems,
// and a string the field's trim/lower/upper would not rewrite.

// defaultable reports whether the decoder can spell a default of type t as
// a Go value: scalars, times, byte strings, TextUnmarshaler types, and
// slices and arrays of them.
func defaultable(t *model.Type) bool {
	t = t.Deref()
	switch t.Kind {
	case model.KindBool, model.KindInt, model.KindUint, model.KindFloat, model.KindString,
		model.KindBytes, model.KindTime, model.KindText, model.KindNumber:
		return true
	case model.KindSlice, model.KindArray:
		return defaultable(t.Elem)
	}
	return false
}

// checkDefault reports every way the field's default (set from the tag)
// breaks its type or constraints, and leaves the default out if it does.
func (l *pkgLoader) checkDefault(ts *tagState) {
	f := ts.f
	t := f.Type.Deref()
	ok := true
	if isArray(t) {
		for i, raw := range ts.defaultRaw {
			ok = l.checkValue(ts.s, raw, ts.defaults[i], t.Elem.Deref(), f.Items, nil) && ok
		}
		ok = l.checkItems(ts, t) && ok
	} else if len(ts.defaultRaw) == 1 {
		ok = l.checkValue(ts.s, ts.defaultRaw[0], f.Default, t, &f.Check, f)
	}
	if !ok {
		f.Default = ""
	}
}

// checkValue checks one default value (the tag text raw, the JSON literal
// lit) of type t against the constraints c; f is the field for the string
// rewrites (nil for items, which are not rewritten).
func (l *pkgLoader) checkValue(s site, raw, lit string, t *model.Type, c *model.Constraints, f *model.Field) bool {
	bad := func(format string, args ...any) bool {
		l.errorf(s, "default=%s "+format, append([]any{raw}, args...)...)
		return false
	}
	val, err := model.Parse([]byte(lit))
	if err != nil {
		return bad("is not valid JSON (%s)", jsonErr(err))
	}
	if msg := l.shape(t, val); msg != "" {
		return bad("%s", msg)
	}
	if c == nil {
		return true
	}
	ok := true
	switch {
	case isNumeric(t):
		for _, m := range numberProblems(lit, c) {
			ok = bad("%s", m)
		}
	case isStringy(t):
		str := val.(string)
		if f != nil && t.Kind == model.KindString {
			if m := rewriteProblem(str, f); m != "" {
				ok = bad("%s", m)
			}
		}
		for _, m := range stringProblems(str, c) {
			ok = bad("%s", m)
		}
	}
	if m := enumProblem(val, c); m != "" {
		ok = bad("%s", m)
	}
	return ok
}

// shape says how a parsed default does not fit type t ("" if it does): the
// Go type's range, and for the items of a nested slice or array (whose
// literal is JSON) the kind of every value.
func (l *pkgLoader) shape(t *model.Type, val any) string {
	t = t.Deref()
	switch v := val.(type) {
	case model.Number:
		switch t.Kind {
		case model.KindNumber:
			return ""
		case model.KindFloat:
			if _, err := strconv.ParseFloat(string(v), t.Bits); err != nil {
				return "is out of range for " + l.describe(t)
			}
			return ""
		case model.KindInt, model.KindUint:
			r, _ := new(big.Rat).SetString(string(v))
			if lo, hi := model.IntRange(t); !r.IsInt() || r.Num().Cmp(lo) < 0 || r.Num().Cmp(hi) > 0 {
				return "holds " + string(v) + ", which is not an integer in the range of " + l.describe(t)
			}
			return ""
		}
	case string:
		switch t.Kind {
		case model.KindString, model.KindText:
			return ""
		case model.KindTime:
			if _, err := time.Parse(time.RFC3339Nano, v); err == nil {
				return ""
			}
		case model.KindBytes:
			if _, err := base64.StdEncoding.DecodeString(v); err == nil {
				return ""
			}
		}
	case bool:
		if t.Kind == model.KindBool {
			return ""
		}
	case []any:
		if isArray(t) {
			if t.Kind == model.KindArray && len(v) != t.Len {
				return "has " + plural(len(v), "item") + "; a " + l.describe(t) + " holds exactly " + strconv.Itoa(t.Len)
			}
			for _, x := range v {
				if m := l.shape(t.Elem, x); m != "" {
					return m
				}
			}
			return ""
		}
	}
	return "holds " + string(model.MustMarshal(val)) + ", which is not a value of type " + l.describe(t)
}

// numberProblems checks a JSON number literal against bounds and multipleOf,
// exactly (as the decoder compares the number's text).
func numberProblems(lit string, c *model.Constraints) []string {
	v, _ := new(big.Rat).SetString(lit)
	cmp := func(bound string) int {
		b, _ := new(big.Rat).SetString(bound)
		return v.Cmp(b)
	}
	var out []string
	if c.Minimum != "" && cmp(c.Minimum) < 0 {
		out = append(out, "is less than minimum="+c.Minimum)
	}
	if c.ExclusiveMinimum != "" && cmp(c.ExclusiveMinimum) <= 0 {
		out = append(out, "is not greater than exclusiveMinimum="+c.ExclusiveMinimum)
	}
	if c.Maximum != "" && cmp(c.Maximum) > 0 {
		out = append(out, "is greater than maximum="+c.Maximum)
	}
	if c.ExclusiveMaximum != "" && cmp(c.ExclusiveMaximum) >= 0 {
		out = append(out, "is not less than exclusiveMaximum="+c.ExclusiveMaximum)
	}
	if c.MultipleOf != "" {
		m, _ := new(big.Rat).SetString(c.MultipleOf)
		if !new(big.Rat).Quo(v, m).IsInt() {
			out = append(out, "is not a multiple of multipleOf="+c.MultipleOf)
		}
	}
	return out
}

// stringProblems checks a string against lengths (in code points), the
// pattern and the format.
func stringProblems(s string, c *model.Constraints) []string {
	var out []string
	n := utf8.RuneCountInString(s)
	if c.MinLength != nil && n < *c.MinLength {
		out = append(out, "is "+plural(n, "code point")+" long, shorter than minLength="+strconv.Itoa(*c.MinLength))
	}
	if c.MaxLength != nil && n > *c.MaxLength {
		out = append(out, "is "+plural(n, "code point")+" long, longer than maxLength="+strconv.Itoa(*c.MaxLength))
	}
	if c.Pattern != "" {
		if re, err := regexp.Compile(c.Pattern); err == nil && !re.MatchString(s) {
			out = append(out, "does not match pattern="+c.Pattern)
		}
	}
	if c.Format != "" && !formatValid(c.Format, s) {
		out = append(out, "is not a valid "+c.Format+" (format="+c.Format+")")
	}
	return out
}

// rewriteProblem reports a default that the field's own rewrites would
// change: the decoder never hands the handler such a value.
func rewriteProblem(s string, f *model.Field) string {
	w, opts := s, []string{}
	if f.Trim {
		w, opts = strings.TrimSpace(w), append(opts, "trim")
	}
	if f.Lower {
		w, opts = strings.ToLower(w), append(opts, "lower")
	}
	if f.Upper {
		w, opts = strings.ToUpper(w), append(opts, "upper")
	}
	if w == s {
		return ""
	}
	return "is rewritten by stitch:\"" + strings.Join(opts, ",") + "\" to " + strconv.Quote(w) + "; write the default as the decoder leaves it"
}

// enumProblem checks a value against enum and const (numbers by value).
func enumProblem(val any, c *model.Constraints) string {
	if len(c.Enum) > 0 && !slices.ContainsFunc(c.Enum, func(e string) bool { return model.Equal(model.MustParse(e), val) }) {
		return "is not one of the enum values " + strings.Join(c.Enum, ", ")
	}
	if c.Const != "" && !model.Equal(model.MustParse(c.Const), val) {
		return "is not the const value " + c.Const
	}
	return ""
}

// checkItems checks a slice or array default as a whole: its item count
// and, with uniqueItems, repeated items (compared as the decoder compares
// the decoded values).
func (l *pkgLoader) checkItems(ts *tagState, t *model.Type) bool {
	n, c, ok := len(ts.defaults), &ts.f.Check, true
	bad := func(format string, args ...any) {
		l.errorf(ts.s, "default "+format, args...)
		ok = false
	}
	switch {
	case t.Kind == model.KindArray && n != t.Len:
		bad("has %s; a %s holds exactly %d (give %d default= items)", plural(n, "item"), l.describe(t), t.Len, t.Len)
	case c.MinItems != nil && n < *c.MinItems:
		bad("has %s, fewer than minItems=%d", plural(n, "item"), *c.MinItems)
	case c.MaxItems != nil && n > *c.MaxItems:
		bad("has %s, more than maxItems=%d", plural(n, "item"), *c.MaxItems)
	}
	if c.UniqueItems {
		seen := map[string]bool{}
		for i, lit := range ts.defaults {
			k := canonical(t.Elem.Deref(), lit)
			if seen[k] {
				bad("repeats %s (uniqueItems); give each item once", ts.defaultRaw[i])
			}
			seen[k] = true
		}
	}
	return ok
}

// canonical is the identity of a default item as the decoder's
// uniqueItems check sees it: the decoded Go value, spelled as text.
func canonical(t *model.Type, lit string) string {
	val, err := model.Parse([]byte(lit))
	if err != nil {
		return lit
	}
	switch v := val.(type) {
	case model.Number:
		if t.Kind == model.KindFloat {
			if f, err := strconv.ParseFloat(string(v), t.Bits); err == nil {
				return strconv.FormatFloat(f, 'g', -1, t.Bits)
			}
		}
		if r, ok := new(big.Rat).SetString(string(v)); ok {
			return r.RatString()
		}
	case string:
		switch t.Kind {
		case model.KindTime:
			if tm, err := time.Parse(time.RFC3339Nano, v); err == nil {
				return tm.Format(time.RFC3339Nano)
			}
		case model.KindBytes:
			if b, err := base64.StdEncoding.DecodeString(v); err == nil {
				return string(b)
			}
		}
		return strconv.Quote(v)
	}
	return string(model.MustMarshal(val))
}

// plural spells a count with its noun ("1 item", "2 items").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
