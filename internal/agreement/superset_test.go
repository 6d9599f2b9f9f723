package agreement

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/mixed"
	"github.com/stitchgen/stitchgen/internal/profiletest"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
	"github.com/stitchgen/stitchgen/stitch"
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
			if len(r.Forms) > 0 {
				readBack(t, tl, name, adv, r, text)
				ty.profileSuperset[formsBack(name)]++
			}
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

// formsBack is the tally key of the documents read back from a profile's
// reversible forms.
func formsBack(name profile.Name) profile.Name { return name + " forms read back" }

// readBack checks the reversible forms both ways for an accepted document:
// written as the model writes it under the profile (profiletest.Written),
// the generated tool's forms (which must be the projection's) read it
// back, and its decoder gives the value the document itself decodes to:
// the handler receives the same value whichever form the model filled.
func readBack(t *testing.T, tl tool, name profile.Name, adv *model.Object, r *profile.Result, text []byte) {
	t.Helper()
	st, ok := stitchTool(tl.name)
	if !ok {
		t.Fatalf("%s: no generated stitch.Tool", tl.name)
	}
	ps, err := st.Schema(stitch.Profile(name))
	if err != nil {
		t.Fatal(err)
	}
	var want []stitch.Form
	for _, f := range r.Forms {
		want = append(want, stitch.Form{Pointer: f.Pointer, Kind: stitch.FormKind(f.Kind), Keys: f.Keys})
	}
	if !reflect.DeepEqual(ps.Forms, want) {
		t.Fatalf("%s %s: generated forms %v, the projection's %v", tl.name, name, ps.Forms, want)
	}
	doc, err := profiletest.Written(name, adv, r, text)
	if err != nil {
		t.Fatal(err)
	}
	back, err := stitch.ReadForms(doc, ps.Forms)
	if err != nil {
		t.Errorf("%s %s: the forms of %s do not read back: %v", tl.name, name, doc, err)
		return
	}
	v1, _, _, err1 := st.Decode(text, stitch.DecodeOptions{})
	v2, _, _, err2 := st.Decode(back, stitch.DecodeOptions{NullAsAbsent: ps.NullAsAbsent})
	if err1 != nil || err2 != nil || !reflect.DeepEqual(v1, v2) && !sameJSON(v1, v2) {
		t.Errorf("%s %s: the handler would get another value\ndocument: %s\nwritten:  %s\nread back: %s\n%v / %v\n%#v\n%#v", tl.name, name, text, doc, back, err1, err2, v1, v2)
	}
}

var stitchTools = sync.OnceValue(func() map[string]stitch.Tool {
	out := map[string]stitch.Tool{}
	for pkg, tools := range map[string][]stitch.Tool{
		"shop": shop.StitchTools(nil), "broadcast": broadcast.StitchTools(nil),
		"every": every.StitchTools(nil), "mixed": mixed.StitchTools(nil),
	} {
		for _, st := range tools {
			out[pkg+"."+st.Name] = st
		}
	}
	return out
})

// stitchTool returns the generated stitch.Tool of a tool under test.
func stitchTool(name string) (stitch.Tool, bool) {
	st, ok := stitchTools()[name]
	return st, ok
}

// sameJSON reports two decoded values that encode to the same JSON value:
// a json.RawMessage holds the bytes the model wrote, which JSON text
// written in another spelling ("\u002e" for ".") changes but not its value.
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return false
	}
	va, err1 := model.Parse(ja)
	vb, err2 := model.Parse(jb)
	return err1 == nil && err2 == nil && model.Equal(va, vb)
}
