package agreement

import (
	"bytes"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/internal/profiletest"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// superset checks docs/flattening.md for a document UnmarshalJSON accepted: when
// DecodeToolCall accepts it without a repair and no catchall member of a
// union variant carries a key a sibling variant declares, it validates
// against the advertised schema, except where every validator error is at
// a property with a runtime tolerance (tool.tolerant). The same document
// is then checked against each provider profile's schema in the profile's
// canonical form (decision 0016, profiletest.Superset), with the same
// exceptions.
func superset(t *testing.T, tl tool, root obj, text []byte, ty *tally) {
	t.Helper()
	_, repaired, err := tl.fresh().DecodeToolCall(text)
	if err != nil {
		t.Errorf("%s: UnmarshalJSON accepts %s but DecodeToolCall rejects it: %v", tl.name, text, err)
		return
	}
	if repaired != nil {
		t.Errorf("%s: DecodeToolCall repaired %q in %s, which UnmarshalJSON accepted as is", tl.name, repaired, text)
		return
	}
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if (&comparer{root: root}).siblingCatchall(root, inst) {
		ty.supersetSkipped++
		return
	}
	err = validate(t, tl.advertised, text)
	if err != nil && allMatch(tl.tolerant, leafLocations(err)) {
		ty.supersetTolerant++
		return
	}
	if err != nil && validatorGapsOnly(err) {
		ty.excepted["validator format gap"]++
		return
	}
	if err != nil {
		t.Errorf("%s: accepted document does not validate against the advertised schema\ndocument: %s\nvalidator: %v", tl.name, text, err)
		return
	}
	ty.superset++
	for _, name := range profile.Names()[1:] { // every provider profile
		adv, r := projected(t, tl, name)
		err := profiletest.Superset(name, adv, r, text)
		switch {
		case err == nil:
			ty.profileSuperset[name]++
		case allMatch(tl.tolerant, leafLocations(err)):
			ty.supersetTolerant++
		case validatorGapsOnly(err):
			ty.excepted["validator format gap"]++
		default:
			t.Errorf("%s: accepted document does not validate against the %s profile's schema in its canonical form\ndocument: %s\nvalidator: %v", tl.name, name, text, err)
		}
	}
}

type projection struct {
	adv *model.Object
	r   *profile.Result
}

var projections sync.Map // tool name + "\x00" + profile -> projection

// projected returns tool tl's advertised schema and its projection under
// profile name, computed once per tool and profile.
func projected(t *testing.T, tl tool, name profile.Name) (*model.Object, *profile.Result) {
	t.Helper()
	key := tl.name + "\x00" + string(name)
	if p, ok := projections.Load(key); ok {
		return p.(projection).adv, p.(projection).r
	}
	v, err := model.Parse([]byte(tl.advertised))
	if err != nil {
		t.Fatalf("%s: advertised schema: %v", tl.name, err)
	}
	adv, ok := v.(*model.Object)
	if !ok {
		t.Fatalf("%s: advertised schema is not an object", tl.name)
	}
	r, err := profile.Project(name, tl.name, adv)
	if err != nil {
		t.Fatalf("%s: %s: %v", tl.name, name, err)
	}
	projections.Store(key, projection{adv, r})
	return adv, r
}

// siblingCatchall reports whether v holds, in the chosen variant of a
// oneOf, a key the variant does not declare but a sibling variant does (a
// catchall or strip member the flattened schema may type differently). It
// over-approximates: the key's value is not compared with the sibling's
// schema.
func (c *comparer) siblingCatchall(s obj, v any) bool {
	s = c.resolve(s)
	if alts, ok := s["oneOf"].([]any); ok {
		for _, a := range alts {
			va := c.resolve(a.(obj))
			if matchesDisc(va, v) {
				return c.declaredBySibling(va, alts, v) || c.siblingCatchall(va, v)
			}
		}
		return false
	}
	if alts, ok := s["anyOf"].([]any); ok {
		for _, a := range alts {
			if c.siblingCatchall(a.(obj), v) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(obj)
		ap, _ := s["additionalProperties"].(obj)
		for k, w := range x {
			ps, ok := props[k].(obj)
			if !ok {
				ps = ap
			}
			if ps != nil && c.siblingCatchall(ps, w) {
				return true
			}
		}
	case []any:
		items, _ := s["items"].(obj)
		for _, w := range x {
			if items != nil && c.siblingCatchall(items, w) {
				return true
			}
		}
	}
	return false
}

func (c *comparer) declaredBySibling(variant obj, alts []any, v any) bool {
	m, _ := v.(map[string]any)
	props, _ := variant["properties"].(obj)
	for k := range m {
		if _, ok := props[k]; ok {
			continue
		}
		for _, a := range alts {
			sp, _ := c.resolve(a.(obj))["properties"].(obj)
			if _, ok := sp[k]; ok {
				return true
			}
		}
	}
	return false
}
