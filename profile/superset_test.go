package profile_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// supersetHolds checks SPEC §5.10 in the profile's own terms (decision
// 0016): the accepted input, put in the profile's canonical form, validates
// against the profile's schema under a 2020-12 validator with format
// assertions on. Canonical forms: openai-strict removes the keys a strip
// policy dropped and writes every absent optional property as null;
// anthropic-strict removes the dropped keys; gemini reads its Schema
// through fromGemini; mcp and every fallback take the input as it is.
func supersetHolds(name profile.Name, adv *model.Object, r *profile.Result, input []byte) error {
	inst, err := model.Parse(input)
	if err != nil {
		return err
	}
	schema := any(r.Schema)
	switch {
	case r.Strict:
		k, err := newCanonicalizer(adv, name == profile.OpenAIStrict)
		if err != nil {
			return err
		}
		inst = k.walk(adv, "", inst)
	case r.Dialect == profile.OpenAPI && r.Schema == nil:
		k, err := newCanonicalizer(adv, false)
		if err != nil {
			return err
		}
		if o, ok := k.walk(adv, "", inst).(*model.Object); !ok || o.Len() != 0 {
			return fmt.Errorf("a function without parameters got %s", model.MustMarshal(inst))
		}
		return nil
	case r.Dialect == profile.OpenAPI:
		schema = fromGemini(r.Schema)
	}
	sch, err := compileSchema(schema)
	if err != nil {
		return err
	}
	return sch.Validate(instance(inst))
}

func instance(v any) any {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(model.MustMarshal(v)))
	if err != nil {
		panic(err)
	}
	return inst
}

// fromGemini is the fixed reading of a Gemini Schema as JSON Schema: type
// names lower-cased, nullable: true as anyOf with {"type":"null"}, the
// validation keywords as they are; propertyOrdering, example, title,
// description and default say nothing about validity.
func fromGemini(v any) any {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return v
	}
	out := &model.Object{}
	if l, ok := list(member(o, "anyOf")); ok {
		branches := make([]any, len(l))
		for i, b := range l {
			branches[i] = fromGemini(b)
		}
		out.Set("anyOf", branches)
	}
	if t, ok := member(o, "type").(string); ok {
		out.Set("type", strings.ToLower(t))
	}
	for _, k := range []string{"format", "enum", "required", "minItems", "maxItems", "minLength", "maxLength",
		"pattern", "minimum", "maximum", "minProperties", "maxProperties"} {
		if v, ok := o.Get(k); ok {
			out.Set(k, v)
		}
	}
	if props, ok := member(o, "properties").(*model.Object); ok {
		p := &model.Object{}
		for _, m := range props.Members {
			p.Set(m.Key, fromGemini(m.Value))
		}
		out.Set("properties", p)
	}
	if items, ok := o.Get("items"); ok {
		out.Set("items", fromGemini(items))
	}
	if member(o, "nullable") == true {
		return model.NewObject("anyOf", []any{out, model.NewObject("type", "null")})
	}
	return out
}

// A canonicalizer walks an accepted input along the advertised schema,
// removing the keys a strip policy drops and, with nulls, writing absent
// optional properties as null. A union's branch is the first one the
// validator says the value matches.
type canonicalizer struct {
	root  *model.Object
	nulls bool
	c     *jsonschema.Compiler
	url   string
	cache map[string]*jsonschema.Schema
}

func newCanonicalizer(root *model.Object, nulls bool) (*canonicalizer, error) {
	k := &canonicalizer{root: root, nulls: nulls, c: jsonschema.NewCompiler(), url: "mem:///adv.json", cache: map[string]*jsonschema.Schema{}}
	k.c.DefaultDraft(jsonschema.Draft2020)
	k.c.AssertFormat()
	return k, k.c.AddResource(k.url, instance(root))
}

func (k *canonicalizer) valid(ptr string, v any) bool {
	s, ok := k.cache[ptr]
	if !ok {
		var err error
		if s, err = k.c.Compile(k.url + "#" + ptr); err != nil {
			return false
		}
		k.cache[ptr] = s
	}
	return s.Validate(instance(v)) == nil
}

func (k *canonicalizer) walk(s any, ptr string, v any) any {
	o, ok := s.(*model.Object)
	if !ok || o == nil {
		return v
	}
	if ref, ok := member(o, "$ref").(string); ok {
		if ref == "#" {
			return k.walk(k.root, "", v)
		}
		name := strings.TrimPrefix(ref, "#/$defs/")
		defs, _ := member(k.root, "$defs").(*model.Object)
		def, _ := defs.Get(name)
		return k.walk(def, "/$defs/"+name, v)
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		l, _ := list(member(o, key))
		for i, b := range l {
			p := ptr + "/" + key + "/" + strconv.Itoa(i)
			if k.valid(p, v) {
				return k.walk(b, p, v)
			}
		}
	}
	switch x := v.(type) {
	case *model.Object:
		props, hasProps := member(o, "properties").(*model.Object)
		ap, hasAP := o.Get("additionalProperties")
		if !hasProps && !hasAP {
			return v
		}
		out := &model.Object{}
		for _, m := range x.Members {
			if ps, ok := props.Get(m.Key); ok {
				out.Set(m.Key, k.walk(ps, ptr+"/properties/"+m.Key, m.Value))
			} else if !hasAP {
				continue // a strip policy drops it
			} else if apo, ok := ap.(*model.Object); ok {
				out.Set(m.Key, k.walk(apo, ptr+"/additionalProperties", m.Value))
			} else {
				out.Set(m.Key, m.Value)
			}
		}
		if k.nulls && hasProps {
			req, _ := stringList(member(o, "required"))
			for _, key := range props.Keys() {
				if !x.Has(key) && !contains(req, key) {
					out.Set(key, nil)
				}
			}
		}
		return out
	case []any:
		items, ok := o.Get("items")
		if !ok {
			return v
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = k.walk(items, ptr+"/items", e)
		}
		return out
	}
	return v
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

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
		if sch.Validate(instance(v)) == nil {
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
	if ref, ok := member(o, "$ref").(string); ok {
		if ref == "#" {
			return generate(rng, root, root, depth+1)
		}
		defs, _ := member(root, "$defs").(*model.Object)
		def, _ := defs.Get(strings.TrimPrefix(ref, "#/$defs/"))
		return generate(rng, root, def, depth+1)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := list(member(o, k)); ok && len(bs) > 0 {
			return generate(rng, root, pick(rng, bs), depth+1)
		}
	}
	if c, ok := o.Get("const"); ok {
		return c
	}
	if e, ok := list(member(o, "enum")); ok && len(e) > 0 {
		return pick(rng, e)
	}
	typ := member(o, "type")
	if ts, ok := list(typ); ok && len(ts) > 0 {
		typ = pick(rng, ts)
	}
	switch typ {
	case "object":
		return generateObject(rng, root, o, depth)
	case "array":
		n := rng.IntN(3)
		if m, ok := member(o, "minItems").(model.Number); ok {
			if i, err := strconv.Atoi(string(m)); err == nil && i < 8 {
				n += i
			}
		}
		arr := make([]any, n)
		for i := range arr {
			arr[i] = generate(rng, root, member(o, "items"), depth+1)
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
	req, _ := stringList(member(o, "required"))
	if props, ok := member(o, "properties").(*model.Object); ok {
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
	if f, ok := member(o, "format").(string); ok {
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
	if p, ok := member(o, "pattern").(string); ok {
		re, err := regexp.Compile(p)
		if err != nil || !re.MatchString(s) {
			return false
		}
	}
	n := utf8.RuneCountInString(s)
	if m, ok := member(o, "minLength").(model.Number); ok && float(m) > float64(n) {
		return false
	}
	if m, ok := member(o, "maxLength").(model.Number); ok && float(m) < float64(n) {
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
		if m, ok := member(o, "minimum").(model.Number); ok {
			return m
		}
		return model.Number("0")
	}
	return pick(rng, fit)
}

func bound(o *model.Object, k string, out func(float64) bool) bool {
	m, ok := member(o, k).(model.Number)
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
		if sch.Validate(instance(mustParse(t, string(input)))) == nil {
			t.Errorf("%s: the raw input validates: the canonical form would not be needed", c.name)
		}
		k, err := newCanonicalizer(adv, c.name == profile.OpenAIStrict)
		if err != nil {
			t.Fatal(err)
		}
		canon := k.walk(adv, "", mustParse(t, string(input)))
		if got := string(model.MustMarshal(canon)); got != c.canonical {
			t.Errorf("%s: canonical form\n got %s\nwant %s", c.name, got, c.canonical)
		}
		if err := sch.Validate(instance(canon)); err != nil {
			t.Errorf("%s: the canonical form does not validate: %v", c.name, err)
		}
	}
}
