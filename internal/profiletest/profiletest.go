// Package profiletest checks the superset promise of provider profiles
// (decision 0016) for tests: an input the decoder accepts, written in the
// profile's canonical form, validates against the profile's schema. The
// profile package's corpus tests and the agreement tests (real decoders on
// generated inputs) share it. It has no use outside tests.
package profiletest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// Superset checks the superset promise in the profile's own terms
// (decision 0016): the accepted input, put in the profile's canonical form, validates
// against the profile's schema under a 2020-12 validator with format
// assertions on. Canonical forms: openai-strict removes the keys a strip
// policy dropped and writes every absent optional property as null;
// anthropic-strict removes the dropped keys; both, and gemini's typed
// Schema, then write the reversible forms (ToForm); gemini reads its Schema
// through fromGemini; mcp and every fallback take the input as it is.
func Superset(name profile.Name, adv *model.Object, r *profile.Result, input []byte) error {
	inst, err := model.Parse(input)
	if err != nil {
		return err
	}
	schema := any(r.Schema)
	switch {
	case r.Strict:
		if inst, err = written(name, adv, r, inst); err != nil {
			return err
		}
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
		inst = ToForm(r, inst)
	}
	sch, err := compileSchema(schema)
	if err != nil {
		return err
	}
	return sch.Validate(instance(inst))
}

// Written returns an accepted input as a model under a profile writes it:
// under a strict profile canonical (see Superset), and in the profile's
// reversible forms (strict profiles and gemini's typed Schema). In a
// fallback form it is the input as it is.
func Written(name profile.Name, adv *model.Object, r *profile.Result, input []byte) ([]byte, error) {
	inst, err := model.Parse(input)
	switch {
	case err != nil:
		return nil, err
	case r.Strict:
		if inst, err = written(name, adv, r, inst); err != nil {
			return nil, err
		}
	case r.Dialect == profile.OpenAPI:
		inst = ToForm(r, inst)
	default:
		return input, nil
	}
	return model.Marshal(inst)
}

func written(name profile.Name, adv *model.Object, r *profile.Result, inst any) (any, error) {
	k, err := newCanonicalizer(adv, name == profile.OpenAIStrict)
	if err != nil {
		return nil, err
	}
	return ToForm(r, k.walk(adv, "", inst)), nil
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
	if l, ok := model.List(o.Value("anyOf")); ok {
		branches := make([]any, len(l))
		for i, b := range l {
			branches[i] = fromGemini(b)
		}
		out.Set("anyOf", branches)
	}
	if t, ok := o.Value("type").(string); ok {
		out.Set("type", strings.ToLower(t))
	}
	for _, k := range []string{"format", "enum", "required", "minItems", "maxItems", "minLength", "maxLength",
		"pattern", "minimum", "maximum", "minProperties", "maxProperties"} {
		if v, ok := o.Get(k); ok {
			out.Set(k, v)
		}
	}
	if props, ok := o.Value("properties").(*model.Object); ok {
		p := &model.Object{}
		for _, m := range props.Members {
			p.Set(m.Key, fromGemini(m.Value))
		}
		out.Set("properties", p)
	}
	if items, ok := o.Get("items"); ok {
		out.Set("items", fromGemini(items))
	}
	if o.Value("nullable") == true {
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
	if ref, ok := o.Value("$ref").(string); ok {
		if ref == "#" {
			return k.walk(k.root, "", v)
		}
		name := strings.TrimPrefix(ref, "#/$defs/")
		defs, _ := k.root.Value("$defs").(*model.Object)
		def, _ := defs.Get(name)
		return k.walk(def, "/$defs/"+name, v)
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		l, _ := model.List(o.Value(key))
		for i, b := range l {
			p := ptr + "/" + key + "/" + strconv.Itoa(i)
			if k.valid(p, v) {
				return k.walk(b, p, v)
			}
		}
	}
	switch x := v.(type) {
	case *model.Object:
		props, hasProps := o.Value("properties").(*model.Object)
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
			req, _ := model.Strings(o.Value("required"))
			for _, key := range props.Keys() {
				if !x.Has(key) && !contains(req, key) {
					out.Set(key, absentValue{})
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

// compileSchema compiles a 2020-12 document with format assertions on.
func compileSchema(doc any) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem:///profile.json", instance(doc)); err != nil {
		return nil, err
	}
	return c.Compile("mem:///profile.json")
}

// Canonical returns input (a document the decoder accepts) in the
// canonical form of a strict profile over the advertised schema adv: the
// keys a strip policy drops removed and, with nulls (openai-strict), every
// absent optional property written as null.
func Canonical(adv *model.Object, input any, nulls bool) (any, error) {
	k, err := newCanonicalizer(adv, nulls)
	if err != nil {
		return nil, err
	}
	return ToForm(&profile.Result{}, k.walk(adv, "", input)), nil // absent values written null
}

// Instance converts a document to the JSON Schema validator's instance.
func Instance(v any) any { return instance(v) }
