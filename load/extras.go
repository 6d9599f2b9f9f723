package load

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// applyExtrasTag reads a field's jsonschema_extras:"x-name=value,..." tag
// as invopop/jsonschema does (entries split on unescaped commas; true and
// false are booleans, any other value a string; a repeated key collects its
// values into an array of strings), except that nothing is ignored: only
// extension keywords ("x-" keys) are taken, and an entry without a value or
// with another key is an error. The keywords keep the order their keys
// first appear in.
func (l *pkgLoader) applyExtrasTag(f *model.Field, raw string, s site) {
	if raw == "" {
		return
	}
	var keys []string
	values := map[string][]string{}
	for _, part := range splitOnUnescapedCommas(raw) {
		if part == "" {
			continue
		}
		k, v, hasEq := strings.Cut(part, "=")
		switch {
		case !strings.HasPrefix(k, "x-") || k == "x-":
			l.errorf(s, "jsonschema_extras key %q is not an extension keyword: its keys start with \"x-\" and a name (constraints and annotations go in the jsonschema tag)", k)
			continue
		case !hasEq:
			l.errorf(s, "jsonschema_extras key %s needs a value (%s=...)", k, k)
			continue
		}
		if _, ok := values[k]; !ok {
			keys = append(keys, k)
		}
		values[k] = append(values[k], v)
	}
	for _, k := range keys {
		vs := values[k]
		if len(vs) == 1 {
			f.Extras = append(f.Extras, model.Extra{Key: k, Value: extraLiteral(vs[0])})
			continue
		}
		if bad := boolExtra(vs); bad != "" {
			l.errorf(s, "jsonschema_extras key %s is given %d times with the boolean %s among its values; a repeated key collects strings, so give a boolean once", k, len(vs), bad)
			continue
		}
		f.Extras = append(f.Extras, model.Extra{Key: k, Value: jsonString(vs...)})
	}
}

// boolExtra returns the first value of vs that reads as a boolean, or "".
func boolExtra(vs []string) string {
	for _, v := range vs {
		if v == "true" || v == "false" {
			return v
		}
	}
	return ""
}

// extraLiteral is the JSON literal of one extras value.
func extraLiteral(v string) string {
	if v == "true" || v == "false" {
		return v
	}
	return jsonString(v)
}

// jsonString encodes one string, or an array of several, as JSON.
func jsonString(vs ...string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var v any = vs
	if len(vs) == 1 {
		v = vs[0]
	}
	_ = enc.Encode(v) // strings always encode
	return strings.TrimSuffix(buf.String(), "\n")
}
