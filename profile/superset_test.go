package profile_test

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stitchgen/stitchgen/internal/profiletest"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// generateInputs returns up to n values generated from the advertised
// schema that the advertised schema accepts (a superset of what the
// decoder accepts, so a stronger test).
func generateInputs(t *testing.T, adv *model.Object, n int, seed uint64) [][]byte {
	t.Helper()
	if n == 0 {
		return nil
	}
	sch, err := compileSchema(adv)
	if err != nil {
		t.Fatalf("advertised schema does not compile: %v", err)
	}
	rng := rand.New(rand.NewPCG(seed, 13))
	var out [][]byte
	for range n {
		v := generate(rng, adv, adv, 0)
		if sch.Validate(profiletest.Instance(v)) == nil {
			out = append(out, model.MustMarshal(v))
		}
	}
	return out
}

var formatSamples = map[string]string{
	"date-time": "2024-05-01T10:00:00Z", "date": "2024-05-01", "time": "10:00:00Z", "duration": "P1D",
	"email": "a@b.co", "uri": "https://example.com/x", "uri-reference": "/x", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"hostname": "example.com", "ipv4": "10.0.0.1", "ipv6": "::1", "regex": "^a+$", "json-pointer": "/a",
}

var stringSamples = []string{"", "a", "x", "hello", "o-1", "o-42", "b-7", "SKU-1", "AB12", "ABCD", "fast", "+4912345",
	"1 Main St", "a@b.co", "A Z", "note-1", "aGVsbG8=", "en", "2024-05-01T10:00:00Z"}
var numberSamples = []string{"0", "1", "2", "5", "7", "42", "99", "100", "-1", "-5", "120", "1000", "1.5", "0.5", "-2.25"}

func generate(rng *rand.Rand, root *model.Object, s any, depth int) any {
	o, ok := s.(*model.Object)
	if !ok || depth > 6 {
		return pick(rng, []any{"free", model.Number("3"), true, nil})
	}
	if ref, ok := o.Value("$ref").(string); ok {
		if ref == "#" {
			return generate(rng, root, root, depth+1)
		}
		defs, _ := root.Value("$defs").(*model.Object)
		def, _ := defs.Get(strings.TrimPrefix(ref, "#/$defs/"))
		return generate(rng, root, def, depth+1)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := model.List(o.Value(k)); ok && len(bs) > 0 {
			return generate(rng, root, pick(rng, bs), depth+1)
		}
	}
	if c, ok := o.Get("const"); ok {
		return c
	}
	if e, ok := model.List(o.Value("enum")); ok && len(e) > 0 {
		return pick(rng, e)
	}
	typ := o.Value("type")
	if ts, ok := model.List(typ); ok && len(ts) > 0 {
		typ = pick(rng, ts)
	}
	switch typ {
	case "object":
		return generateObject(rng, root, o, depth)
	case "array":
		n := rng.IntN(3)
		if m, ok := o.Value("minItems").(model.Number); ok {
			if i, err := strconv.Atoi(string(m)); err == nil && i < 8 {
				n += i
			}
		}
		arr := make([]any, n)
		for i := range arr {
			arr[i] = generate(rng, root, o.Value("items"), depth+1)
		}
		return arr
	case "string":
		return generateString(rng, o)
	case "integer", "number":
		return generateNumber(rng, o, typ == "integer")
	case "boolean":
		return rng.IntN(2) == 0
	case "null":
		return nil
	}
	return pick(rng, []any{"free", model.Number("3"), true, nil, &model.Object{}, []any{}})
}

func generateObject(rng *rand.Rand, root, o *model.Object, depth int) any {
	out := &model.Object{}
	req, _ := model.Strings(o.Value("required"))
	if props, ok := o.Value("properties").(*model.Object); ok {
		for _, m := range props.Members {
			if contains(req, m.Key) || rng.IntN(2) == 0 {
				out.Set(m.Key, generate(rng, root, m.Value, depth+1))
			}
		}
	}
	if rng.IntN(6) == 0 {
		ap, ok := o.Get("additionalProperties")
		if apo, isObj := ap.(*model.Object); ok && isObj && apo.Len() > 0 {
			out.Set("zz", generate(rng, root, apo, depth+1))
		} else {
			out.Set("zz", "extra")
		}
	}
	return out
}

func generateString(rng *rand.Rand, o *model.Object) any {
	if f, ok := o.Value("format").(string); ok {
		if s, ok := formatSamples[f]; ok {
			return s
		}
	}
	var fit []any
	for _, s := range stringSamples {
		if stringFits(o, s) {
			fit = append(fit, s)
		}
	}
	if len(fit) == 0 {
		return "x"
	}
	return pick(rng, fit)
}

func stringFits(o *model.Object, s string) bool {
	if p, ok := o.Value("pattern").(string); ok {
		re, err := regexp.Compile(p)
		if err != nil || !re.MatchString(s) {
			return false
		}
	}
	n := utf8.RuneCountInString(s)
	if m, ok := o.Value("minLength").(model.Number); ok && float(m) > float64(n) {
		return false
	}
	if m, ok := o.Value("maxLength").(model.Number); ok && float(m) < float64(n) {
		return false
	}
	return true
}

func generateNumber(rng *rand.Rand, o *model.Object, integer bool) any {
	var fit []any
	for _, s := range numberSamples {
		x := float(model.Number(s))
		if integer && x != float64(int64(x)) {
			continue
		}
		if bound(o, "minimum", func(b float64) bool { return x < b }) || bound(o, "maximum", func(b float64) bool { return x > b }) ||
			bound(o, "exclusiveMinimum", func(b float64) bool { return x <= b }) || bound(o, "exclusiveMaximum", func(b float64) bool { return x >= b }) {
			continue
		}
		fit = append(fit, model.Number(s))
	}
	if len(fit) == 0 {
		if m, ok := o.Value("minimum").(model.Number); ok {
			return m
		}
		return model.Number("0")
	}
	return pick(rng, fit)
}

func bound(o *model.Object, k string, out func(float64) bool) bool {
	m, ok := o.Value(k).(model.Number)
	return ok && out(float(m))
}

func float(n model.Number) float64 {
	f, _ := strconv.ParseFloat(string(n), 64)
	return f
}

func pick[T any](rng *rand.Rand, l []T) T { return l[rng.IntN(len(l))] }

// TestCanonicalForms shows why the superset promise needs each profile's
// own terms: an input the decoder accepts fails the strict schemas as it
// is, and passes once put in the canonical form.
func TestCanonicalForms(t *testing.T) {
	adv := mustParse(t, `{"type":"object","properties":{
		"note":{"type":"string","maxLength":500},
		"delivery":{"type":"object","properties":{"method":{"type":"string","enum":["courier","pickup"]},
			"address":{"type":"string","description":"Available if method = courier. Required if method = courier."},
			"storeId":{"type":"integer","minimum":0,"description":"Available if method = pickup. Required if method = pickup."}},
			"required":["method"],"additionalProperties":false},
		"filter":{"type":"object","properties":{"tag":{"type":"string"}}}},
		"required":["delivery","filter"],"additionalProperties":false}`).(*model.Object)
	input := []byte(`{"delivery":{"method":"pickup","storeId":7},"filter":{"tag":"a","dropped":true}}`)
	for _, c := range []struct {
		name      profile.Name
		canonical string
	}{
		{profile.OpenAIStrict, `{"delivery":{"method":"pickup","storeId":7,"address":null},"filter":{"tag":"a"},"note":null}`},
		{profile.AnthropicStrict, `{"delivery":{"method":"pickup","storeId":7},"filter":{"tag":"a"}}`},
	} {
		r, err := profile.Project(c.name, "t", adv)
		if err != nil || !r.Strict {
			t.Fatalf("%s: not strict: %v %v", c.name, err, r.Warnings)
		}
		sch, err := compileSchema(r.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(profiletest.Instance(mustParse(t, string(input)))) == nil {
			t.Errorf("%s: the raw input validates: the canonical form would not be needed", c.name)
		}
		canon, err := profiletest.Canonical(adv, mustParse(t, string(input)), c.name == profile.OpenAIStrict)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(model.MustMarshal(canon)); got != c.canonical {
			t.Errorf("%s: canonical form\n got %s\nwant %s", c.name, got, c.canonical)
		}
		if err := sch.Validate(profiletest.Instance(canon)); err != nil {
			t.Errorf("%s: the canonical form does not validate: %v", c.name, err)
		}
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
