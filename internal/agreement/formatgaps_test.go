package agreement

import (
	"math/big"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The decoder checks each format against its grammar as the JSON Schema
// Test Suite reads it (docs/decisions/0018-format-grammars.md, pinned by
// stitchrt's TestFormatSuite and hostile's TestFormatSuiteGenerated); the
// validator's format checks have gaps. A disagreement on a format value is
// explained by the exception "validator format gap" when the value is of a
// class on which the validator is known to deviate from the grammar; the
// classes are judged by these simple tests, not by the decoder.

// validatorAcceptsBad reports whether the validator's format check accepts
// s although the format's grammar refuses it, by the class of s.
func validatorAcceptsBad(format, s string) bool {
	switch format {
	case "uri", "uri-reference": // net/url takes bytes RFC 3986 has not
		return strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune(uriBytes, r) }) >= 0
	case "uri-template": // a literal RFC 6570 excludes, or an empty expression
		return strings.ContainsAny(s, " \"<>\\^`\x7f") || strings.IndexFunc(s, func(r rune) bool { return r < ' ' }) >= 0 || strings.Contains(s, "{}")
	case "hostname": // a trailing dot; A-labels unchecked
		return strings.HasSuffix(s, ".") || strings.Contains(strings.ToLower(s), "xn--")
	case "email": // an empty local part; the domain as for hostname
		at := strings.LastIndexByte(s, '@')
		return at == 0 || at > 0 && validatorAcceptsBad("hostname", s[at+1:])
	case "duration": // units with a gap
		return durationGap.MatchString(s)
	case "ipv4": // strconv.Atoi takes a sign
		return strings.ContainsAny(s, "+-")
	case "regex": // the validator compiles RE2, not ECMA-262
		return true
	}
	return false
}

// validatorRejectsGood reports whether the validator's format check
// refuses s although the format's grammar accepts it, by the class of s.
func validatorRejectsGood(format, s string) bool {
	switch format {
	case "uri-template": // operators and modifiers confuse its URL parse
		return templateOperator.MatchString(s)
	case "regex": // the validator compiles RE2, not ECMA-262
		return true
	}
	return false
}

// uriBytes are the bytes of RFC 3986 (unreserved, reserved, "%").
const uriBytes = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"

var (
	durationGap      = regexp.MustCompile(`Y[0-9]+D|H[0-9]+S`)
	templateOperator = regexp.MustCompile(`\{[+#./;?&=,!@|]|\{[^}]*[:*]`)
	notValid         = regexp.MustCompile(`^not a valid ([^:]+)(?:: ".*)?$`) // the format, then the value quoted
)

// decoderFormatGap explains a decoder issue: a format issue on a value the
// validator wrongly accepts.
func decoderFormatGap(is issue, c *context) bool {
	m := notValid.FindStringSubmatch(c.messages[is.Path])
	s, ok := pointerValue(c.inst, is.Path).(string)
	return is.Code == "format" && m != nil && ok && validatorAcceptsBad(m[1], s)
}

// issueMessages returns the messages of a generated *StitchError's issues
// by path (as issuesOf, by reflection).
func issueMessages(err error) map[string]string {
	out := map[string]string{}
	v := reflect.ValueOf(err)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return out
	}
	f := v.Elem().FieldByName("Issues")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return out
	}
	for i := 0; i < f.Len(); i++ {
		e := f.Index(i)
		out[e.FieldByName("Path").String()] = e.FieldByName("Message").String()
	}
	return out
}

// validatorGapsOnly reports whether every leaf error of the validator is a
// format error on a value it wrongly rejects, or on a time.Duration value
// of an ISO 8601 form that RFC 3339's grammar leaves out (isoDuration).
func validatorGapsOnly(err error) bool {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return false
	}
	if len(ve.Causes) == 0 {
		f, ok := ve.ErrorKind.(*kind.Format)
		if !ok {
			return false
		}
		s, ok := f.Got.(string)
		ptr := ""
		for _, tok := range ve.InstanceLocation {
			ptr += "/" + strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
		}
		return ok && (validatorRejectsGood(f.Want, s) || (f.Want == "duration" && durationPaths.MatchString(ptr) && isoDuration(s) != nil))
	}
	for _, c := range ve.Causes {
		if !validatorGapsOnly(c) {
			return false
		}
	}
	return true
}

// TestValidatorFormatGaps pins both sides of a sample of each class: the
// validator deviates (when it is fixed, its class must go), and the class
// test recognizes the value.
func TestValidatorFormatGaps(t *testing.T) {
	for _, g := range []struct {
		format, value string
		accepted      bool // the validator's verdict; the grammar's is the opposite
	}{
		{"email", "@b", true}, {"hostname", "example.com.", true}, {"hostname", "xn--X", true},
		{"regex", "(?i)a", true}, {"regex", `\cA`, false}, {"regex", "a{,3}", true},
		{"uri", "http://a/b c", true}, {"uri", "https://例え.jp/", true}, {"uri-reference", " ", true},
		{"uri-template", "/x/{a b}", true}, {"uri-template", "{}", true}, {"uri-template", "{/a*}", false},
		{"uri-template", "{?q,r}", false}, {"uri-template", "{a:3}", false}, {"duration", "P1Y2D", true},
		{"ipv4", "+1.2.3.4", true},
	} {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("f.json", map[string]any{"format": g.format}); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("f.json")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Validate(g.value) == nil; got != g.accepted {
			t.Errorf("format %s, %q: the validator says %v, want %v", g.format, g.value, got, g.accepted)
		}
		if g.accepted && !validatorAcceptsBad(g.format, g.value) || !g.accepted && !validatorRejectsGood(g.format, g.value) {
			t.Errorf("format %s, %q: not recognized as a gap", g.format, g.value)
		}
	}
}

// isoDurationRE is the ISO 8601 duration a time.Duration property takes
// (docs/decoding.md, "Durations"), written here again, independently of
// the runtime, as the agreement tests' own oracle.
var isoDurationRE = regexp.MustCompile(`^(-?)P(?:([0-9]+)W)?(?:([0-9]+)D)?(?:T(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)(?:\.([0-9]{1,9}))?S)?)?$`)

// isoDuration returns the nanoseconds of an ISO 8601 duration in the form
// a time.Duration property takes, or nil when s is not one (no component,
// "T" without a time component) or is beyond a time.Duration's range.
func isoDuration(s string) *big.Int {
	m := isoDurationRE.FindStringSubmatch(s)
	if m == nil || s == "P" || s == "-P" || strings.HasSuffix(s, "T") {
		return nil
	}
	total := new(big.Int)
	for i, unit := range []int64{7 * 24 * 3600e9, 24 * 3600e9, 3600e9, 60e9, 1e9} {
		if n, ok := new(big.Int).SetString(m[2+i], 10); ok {
			total.Add(total, n.Mul(n, big.NewInt(unit)))
		}
	}
	if m[7] != "" {
		frac, _ := new(big.Int).SetString((m[7] + "00000000")[:9], 10)
		total.Add(total, frac)
	}
	if m[1] == "-" {
		total.Neg(total)
	}
	if !total.IsInt64() {
		return nil
	}
	return total
}
