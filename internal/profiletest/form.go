package profiletest

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// ToForm writes v, a value in the contract's form, in the reversible forms
// of r (profile.Result.Forms): what a model under that profile writes for
// it. A null where a form is stays null (under openai-strict it stands for
// an absent property).
func ToForm(r *profile.Result, v any) any {
	forms := map[string]profile.Form{}
	for _, f := range r.Forms {
		forms[f.Pointer] = f
	}
	return toForm(r.Schema, forms, "", v)
}

// absentValue is what the canonicalizer writes for an absent optional
// property under openai-strict; toForm writes it null. A null value is
// written null too, except where JSON text is: there it is "null".
type absentValue struct{}

func toForm(root *model.Object, forms map[string]profile.Form, at string, v any) any {
	f, isForm := forms[at]
	switch {
	case v == absentValue{}:
		return nil
	case v == nil && isForm && f.Kind == profile.FormJSON:
		return "null"
	case v == nil:
		return nil
	}
	switch {
	case isForm && f.Kind == profile.FormJSON:
		return string(model.MustMarshal(v))
	case isForm && f.Kind == profile.FormEntries:
		if o, ok := v.(*model.Object); ok {
			return entries(root, forms, at, o.Members)
		}
	case isForm && f.Kind == profile.FormExtra:
		o, ok := v.(*model.Object)
		if !ok {
			break
		}
		props, _ := asObject(at2(root, f.Schema)).Value("properties").(*model.Object)
		out := &model.Object{}
		var extra []model.Member
		for _, m := range o.Members {
			if props.Has(m.Key) && m.Key != profile.ExtraKey {
				out.Set(m.Key, toForm(root, forms, at+"/"+esc(m.Key), m.Value))
			} else {
				extra = append(extra, m)
			}
		}
		out.Set(profile.ExtraKey, entries(root, forms, at+"/"+esc(profile.ExtraKey), extra))
		return out
	}
	switch x := v.(type) {
	case *model.Object:
		out := &model.Object{}
		for _, m := range x.Members {
			out.Set(m.Key, toForm(root, forms, at+"/"+esc(m.Key), m.Value))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toForm(root, forms, at+"/*", e)
		}
		return out
	}
	return v
}

func entries(root *model.Object, forms map[string]profile.Form, at string, members []model.Member) []any {
	out := make([]any, 0, len(members))
	for _, m := range members {
		out = append(out, model.NewObject("key", m.Key, "value", toForm(root, forms, at+"/*/value", m.Value)))
	}
	return out
}

func asObject(v any) *model.Object {
	o, _ := v.(*model.Object)
	return o
}

// at2 returns the node at JSON Pointer ptr below v.
func at2(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case *model.Object:
			v = x.Value(tok)
		case []any:
			i := 0
			for _, c := range tok {
				i = i*10 + int(c-'0')
			}
			if i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func esc(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
