package profile

import (
	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// A FormKind names a reversible form: how a strict profile has the model
// write a shape the provider cannot say, and the dispatcher reads it back
// (docs/profiles.md, "Reversible forms").
type FormKind string

const (
	// FormEntries is a map written as an array of {"key": string,
	// "value": T} objects, one per entry, in the map's order.
	FormEntries FormKind = "entries"
	// FormExtra is a loose object: its declared properties as they are,
	// its other members under the property ExtraKey in the entries form.
	FormExtra FormKind = "extra"
	// FormJSON is a free-form value (an object without properties, an
	// array without items, a value of any type) written as a string that
	// holds its JSON text.
	FormJSON FormKind = "json"
)

// ExtraKey is the property under which a loose object's members other
// than its declared properties are written (FormExtra). A loose object
// that declares a property of that name is served non-strict.
const ExtraKey = "additional_properties"

// The sentences the descriptions of the forms end with: what the model
// reads to write the form.
const (
	entriesSentence = `Written as an array of {"key", "value"} objects, one per entry; each key at most once.`
	extraSentence   = `Members other than the properties above, as an array of {"key", "value"} objects; each key at most once.`
	jsonSentence    = "Written as a string holding the value's JSON text."
)

// A Form is one place where a strict projection has the model write a
// reversible form.
type Form struct {
	// Pointer is the place in the arguments as the model writes them (the
	// profile's form), a JSON Pointer in which the token "*" stands for
	// any array index. A place below another form's is written below its
	// form: the value of a map entry at "/m" is at "/m/*/value".
	Pointer string
	Kind    FormKind
	// Schema is the JSON Pointer of the form's node in Result.Schema.
	Schema string
	// Keys are a FormExtra object's declared properties, which its other
	// members cannot be named.
	Keys []string
}

// formOf returns the reversible form a node of types (declared, null
// included) takes in a strict profile, or "" when the provider can say it
// as it is.
func formOf(o *model.Object, types []string) FormKind {
	switch {
	case types == nil && !o.Has("anyOf") && !o.Has("oneOf"):
		if _, ok := literals(o); ok {
			return ""
		}
		return FormJSON
	case len(removeAll(types, "null")) != 1:
		return ""
	case isIn("object", types):
		_, hasProps := o.Value("properties").(*model.Object)
		ap, hasAP := o.Get("additionalProperties")
		switch {
		case hasAP && ap != false && hasProps:
			return FormExtra
		case hasAP && ap != false:
			return FormEntries
		case !hasProps && !hasAP:
			return FormJSON
		}
	case isIn("array", types) && !o.Has("items"):
		return FormJSON
	}
	return ""
}

// withNull returns t, or [t, "null"] when types allows null.
func withNull(t string, types []string) any {
	if isIn("null", types) {
		return []any{t, "null"}
	}
	return t
}

// formRefused says why a node of kind cannot take its reversible form at
// instance place at (inside unions anyOf, inside a recursive type when
// inDefs), or "" when it can. Both the strict profiles and Gemini's typed
// projection ask it.
func formRefused(kind FormKind, at string, unions int, inDefs bool) string {
	what := map[FormKind]string{FormEntries: "a map", FormExtra: "a loose object", FormJSON: "a free-form value"}[kind]
	switch {
	case at == "" && kind != FormExtra:
		return what + " as the whole arguments: the arguments must stay an object, which its reversible form is not"
	case unions > 0:
		return what + " inside a union (anyOf): its reversible form could not be told apart from the other branches"
	case inDefs:
		return what + " inside a recursive type ($defs): a reversible form needs a fixed place in the arguments"
	}
	return ""
}

// record notes a form at the current instance place, or says why there
// cannot be one there.
func (p *strictProj) record(kind FormKind, o *model.Object, in, out string) bool {
	if why := formRefused(kind, p.at, p.unions, p.inDefs); why != "" {
		p.fail(in, why)
		return false
	}
	f := Form{Pointer: p.at, Kind: kind, Schema: out}
	if kind == FormExtra {
		props, _ := o.Value("properties").(*model.Object)
		f.Keys = props.Keys()
	}
	p.forms = append(p.forms, f)
	return true
}

// formStart begins the reversible form of node o: a node with o's title,
// o's description as the base of the new one, and the notes that say in
// the description what the form's schema cannot (o's constraints, enum,
// const and annotations).
func formStart(o *model.Object) (n *model.Object, base string, ns notes) {
	n = &model.Object{}
	base = carryOver(o, n, &ns, true)
	return n, base, ns
}

// carryOver copies o's title onto n, notes o's annotations in ns (and,
// withConstraints, its constraints, enum and const), and returns o's
// description, the base of n's.
func carryOver(o, n *model.Object, ns *notes, withConstraints bool) (base string) {
	for _, m := range o.Members {
		switch k := m.Key; {
		case k == "description":
			base, _ = m.Value.(string)
		case k == "title":
			if s, ok := m.Value.(string); ok {
				n.Set(k, s)
			}
		case k == "default" || k == "examples" || k == "deprecated":
			ns.annotation(k, m.Value)
		case withConstraints && (isIn(k, constraints) || k == "enum" || k == "const"):
			ns.constraint(k, m.Value)
		}
	}
	return base
}

// form writes node o (of types) in its reversible form kind.
func (p *strictProj) form(kind FormKind, o *model.Object, types []string, in, out string) *model.Object {
	if !p.record(kind, o, in, out) {
		return model.Clone(o).(*model.Object)
	}
	n, base, ns := formStart(o)
	switch kind {
	case FormJSON:
		n.Set("type", withNull("string", types))
		base = sentence(base, jsonSentence)
	case FormEntries:
		n.Set("type", withNull("array", types))
		ap, _ := o.Get("additionalProperties")
		n.Set("items", p.entry(ap, in+"/additionalProperties", out+"/items"))
		base = sentence(base, entriesSentence)
	case FormExtra:
		return p.extra(o, types, in, out)
	}
	describe(n, base, &ns)
	return n
}

// entry is the schema of one {"key", "value"} object of the entries form
// of a map whose values are ap.
func (p *strictProj) entry(ap any, in, out string) *model.Object {
	if ap == true {
		ap = &model.Object{}
	}
	at := p.at
	p.at = at + "/*/value"
	value := p.schema(ap, in, out+"/properties/value")
	p.at = at
	return model.NewObject(
		"type", "object",
		"properties", model.NewObject("key", model.NewObject("type", "string"), "value", value),
		"required", []any{"key", "value"},
		"additionalProperties", false,
	)
}

// extra writes a loose object: its declared properties projected as a
// closed object's, its other members under ExtraKey in the entries form.
func (p *strictProj) extra(o *model.Object, types []string, in, out string) *model.Object {
	props, _ := o.Value("properties").(*model.Object)
	if props.Has(ExtraKey) {
		p.fail(in+"/properties/"+facts.PointerToken(ExtraKey), "a loose object with a property named "+ExtraKey+": its other members have no place to be written")
		return model.Clone(o).(*model.Object)
	}
	ap, _ := o.Get("additionalProperties")
	closed := without(o, "additionalProperties")
	closed.Set("additionalProperties", false)
	n := p.node(closed, types, in, out)
	nprops, _ := n.Value("properties").(*model.Object)
	at := p.at
	p.at = at + "/" + facts.PointerToken(ExtraKey)
	list := model.NewObject("type", "array", "items", p.entry(ap, in+"/additionalProperties", out+"/properties/"+facts.PointerToken(ExtraKey)+"/items"),
		"description", extraSentence)
	p.at = at
	nprops.Set(ExtraKey, list)
	req, _ := model.List(n.Value("required"))
	req = append(append([]any{}, req...), ExtraKey)
	if n.Has("required") {
		n.Set("required", req)
	} else {
		insertAfter(n, "properties", "required", req)
	}
	return n
}

// sentence appends s to the description base.
func sentence(base, s string) string {
	if base == "" {
		return s
	}
	return base + " " + s
}

// allJSON reports whether each non-null type of a type array would take
// the JSON text form on its own.
func allJSON(o *model.Object, types []string) bool {
	for _, t := range removeAll(types, "null") {
		if formOf(o, []string{t}) != FormJSON {
			return false
		}
	}
	return true
}
