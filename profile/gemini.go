package profile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// Gemini's FunctionDeclaration.parameters is a Schema, "a select subset of
// an OpenAPI 3.0 schema object" (Gemini API reference; google.golang.org/genai
// types.go, type Schema, whose JSON field names are the keyword set):
// anyOf, default, description, enum ([]string), example, format, items,
// maxItems, maxLength, maxProperties, maximum, minItems, minLength,
// minProperties, minimum, nullable, pattern, properties, propertyOrdering,
// required, title, type (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT,
// NULL). Hence:
//
//   - no type arrays: a nullable value is nullable: true, several types
//     become anyOf; no $ref or $defs: references are inlined, and a
//     recursive schema cannot be written (the tool is served as
//     parametersJsonSchema instead);
//   - no const, exclusiveMinimum, exclusiveMaximum, multipleOf,
//     uniqueItems, contentEncoding, additionalProperties: said in the
//     description;
//   - enum "only allowed for STRING type" (the API's 400); format: the
//     reference lists float and double for NUMBER, int32 and int64 for
//     INTEGER, enum and date-time for STRING (Firebase's Gemini SDK: any
//     other value fails on the Developer API); anything else is said;
//   - an OBJECT needs a non-empty properties ("should be non-empty for
//     OBJECT type"): a map or a free-form object cannot be written; a
//     function without parameters has no parameters field at all;
//   - every node has a type (Gemini function calling "requires types on
//     all schema properties"): a free-form value cannot be written;
//   - minimum and maximum are doubles in the typed Schema: a bound that a
//     float64 cannot hold exactly is said instead.
//
// Undocumented, chosen conservatively: type names are written upper-case
// (the Schema's own constants and the REST reference's enum); a node with
// anyOf carries no type; nullable on an anyOf is written on each branch;
// propertyOrdering keeps the advertised order (the discriminator of a
// flattened union first). The typed genai Schema drops unknown keywords
// and cannot hold a type array or a number enum, so this projection is
// also what a Go program may unmarshal into genai.Schema unchanged.
var geminiFormats = map[string][]string{
	"string":  {"date-time", "enum"},
	"number":  {"float", "double"},
	"integer": {"int32", "int64"},
}

// geminiOrder is the key order of every projected Gemini node.
var geminiOrder = []string{"anyOf", "type", "format", "title", "description", "nullable", "enum",
	"properties", "required", "propertyOrdering", "minProperties", "maxProperties",
	"items", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "default"}

// inlineBudget bounds the references one projection inlines, so that a
// document whose references fan out cannot grow exponentially.
const inlineBudget = 1000

type geminiProj struct {
	root     *model.Object
	defs     *model.Object
	warnings []Warning
	inlining []string
	inlined  int
	// at and out are the places of the node being projected in the
	// arguments as the model writes them (Form.Pointer) and in the
	// projection (Form.Schema); unions counts the anyOf it is in.
	at, out string
	unions  int
	forms   []Form
}

func projectGemini(advertised *model.Object) *Result {
	g := &geminiProj{root: advertised}
	g.defs, _ = advertised.Value("$defs").(*model.Object)
	if msg := rootProblem(advertised); msg != "" {
		return fallback(advertised, []Warning{{Message: msg}})
	}
	props, _ := advertised.Value("properties").(*model.Object)
	if ap, ok := advertised.Get("additionalProperties"); props.Len() == 0 && (!ok || ap == false) {
		return &Result{Dialect: OpenAPI} // no arguments: no parameters field
	}
	out := g.schema(advertised, "")
	if len(g.warnings) > 0 {
		return fallback(advertised, g.warnings)
	}
	return &Result{Schema: out, Dialect: OpenAPI, Forms: g.forms}
}

func (g *geminiProj) fail(ptr, msg string) {
	for _, w := range g.warnings {
		if w.Pointer == ptr && w.Message == msg {
			return
		}
	}
	g.warnings = append(g.warnings, Warning{Pointer: ptr, Message: msg})
}

// schema projects one schema node; nil when it cannot be written (a
// warning says why).
func (g *geminiProj) schema(v any, in string) *model.Object {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		g.fail(in, "not a typed schema object: Gemini's Schema needs a type on every node")
		return nil
	}
	if o.Has("$ref") {
		return g.ref(o, in)
	}
	found := false
	for _, m := range o.Members {
		if isIn(m.Key, unsupported) || m.Key == "$defs" && in != "" {
			g.fail(in+"/"+facts.PointerToken(m.Key), fmt.Sprintf("keyword %q cannot be expressed in Gemini's Schema", m.Key))
			found = true
		}
	}
	if found {
		return nil
	}
	types, ok := declaredTypes(o)
	if !ok {
		g.fail(in+"/type", "type must be a JSON Schema type name or an array of distinct ones")
		return nil
	}
	lits, hasLits := literals(o)
	if types == nil && hasLits {
		types = literalKinds(lits)
	}
	if o.Has("anyOf") || o.Has("oneOf") {
		return g.union(o, in)
	}
	if types == nil {
		return g.form(FormJSON, o, "", false, in)
	}
	nullable := isIn("null", types) && (!hasLits || containsNil(lits))
	if len(removeAll(types, "null")) > 1 && allJSON(o, types) {
		return g.form(FormJSON, o, "", nullable, in)
	}
	switch nonNull := removeAll(types, "null"); len(nonNull) {
	case 0:
		g.fail(in, "a value that can only be null cannot be expressed in Gemini's Schema")
		return nil
	case 1:
		return g.typed(o, nonNull[0], nullable, in)
	default:
		return g.split(o, nonNull, nullable, in)
	}
}

// union projects anyOf (or oneOf, said as anyOf): a {"type":"null"} branch
// becomes nullable on the others, and a single remaining branch is merged
// with the union node's own keywords.
func (g *geminiProj) union(o *model.Object, in string) *model.Object {
	key := "anyOf"
	if o.Has("oneOf") {
		key = "oneOf"
		if o.Has("anyOf") {
			g.fail(in+"/oneOf", "oneOf beside anyOf cannot be expressed in Gemini's Schema")
		}
	}
	if hasShape(o) {
		g.fail(in, "object or array keywords beside "+key+" cannot be expressed in Gemini's Schema")
		return nil
	}
	types, _ := declaredTypes(o) // the branches carry the types; null stays allowed
	list, ok := model.List(o.Value(key))
	if !ok || len(list) == 0 {
		g.fail(in+"/"+key, key+" must be a non-empty array of schemas")
		return nil
	}
	nullable := isIn("null", types)
	var kept []int
	for i, b := range list {
		if bo, ok := b.(*model.Object); ok && isNullSchema(bo) {
			nullable = true
			continue
		}
		kept = append(kept, i)
	}
	if len(kept) == 0 {
		g.fail(in, "a value that can only be null cannot be expressed in Gemini's Schema")
		return nil
	}
	var ns notes
	if key == "oneOf" {
		ns.oneOf()
	}
	if len(kept) == 1 {
		return g.merged(o, key, list[kept[0]], nullable, in+"/"+key+"/"+strconv.Itoa(kept[0]))
	}
	var branches []any
	g.unions++
	defer func() { g.unions-- }()
	for _, i := range kept {
		b := g.schema(list[i], in+"/"+key+"/"+strconv.Itoa(i))
		if b != nil && nullable {
			setNullable(b)
		}
		branches = append(branches, b)
	}
	n := model.NewObject("anyOf", branches)
	g.annotations(o, n, &ns)
	return ordered(n)
}

// merged projects a union's only non-null branch with the union node's
// other keywords on top (a field's description replaces its type's; one
// branch matches exactly once when it matches at all, so a oneOf says
// nothing more).
func (g *geminiProj) merged(o *model.Object, key string, branch any, nullable bool, in string) *model.Object {
	b, ok := model.Clone(branch).(*model.Object)
	if !ok || b == nil {
		return g.schema(branch, in)
	}
	for _, m := range o.Members {
		if m.Key != key && m.Key != "type" {
			b.Set(m.Key, model.Clone(m.Value))
		}
	}
	n := g.schema(b, in)
	if n != nil && nullable {
		setNullable(n)
	}
	return n
}

func isNullSchema(o *model.Object) bool {
	types, ok := declaredTypes(o)
	return ok && len(types) == 1 && types[0] == "null" && !o.Has("enum") && !o.Has("const")
}

// setNullable marks n (each branch of an anyOf) nullable.
func setNullable(n *model.Object) {
	if list, ok := model.List(n.Value("anyOf")); ok {
		for _, b := range list {
			if bo, ok := b.(*model.Object); ok && bo != nil {
				setNullable(bo)
			}
		}
		return
	}
	n.Set("nullable", true)
	reorder(n)
}

// annotations writes o's annotations and its other keywords' notes on n, a
// node Gemini's Schema holds as anyOf.
func (g *geminiProj) annotations(o, n *model.Object, ns *notes) {
	base := ""
	for _, m := range o.Members {
		switch k := m.Key; {
		case k == "description":
			base, _ = m.Value.(string)
		case k == "title":
			if s, ok := m.Value.(string); ok {
				n.Set(k, s)
			}
		case k == "default":
			n.Set(k, model.Clone(m.Value))
		case k == "examples" || k == "deprecated":
			ns.annotation(k, m.Value)
		case isIn(k, constraints) || k == "enum" || k == "const":
			ns.constraint(k, m.Value)
		}
	}
	describe(n, base, ns)
}

// split writes a type array of several non-null types as anyOf, one
// branch per type with the keywords of its kind; an enum or const keeps,
// in each branch, its values of that type, and a type none of them has
// gets no branch. A single surviving branch carries the annotations.
func (g *geminiProj) split(o *model.Object, types []string, nullable bool, in string) *model.Object {
	inputs, kept := typeBranches(o, types)
	if len(inputs) == 0 {
		g.fail(in, "no enum or const value has one of the types: a schema that accepts nothing cannot be expressed in Gemini's Schema")
		return nil
	}
	ann := &model.Object{}
	for _, m := range o.Members {
		if isIn(m.Key, annotationKeys) {
			ann.Members = append(ann.Members, m)
		}
	}
	if len(inputs) == 1 {
		for _, m := range ann.Members {
			inputs[0].Set(m.Key, m.Value)
		}
		return g.typed(inputs[0], kept[0], nullable, in)
	}
	branches := make([]any, len(inputs))
	g.unions++
	defer func() { g.unions-- }()
	for i, b := range inputs {
		branches[i] = g.typed(b, kept[i], nullable, in)
	}
	n := model.NewObject("anyOf", branches)
	g.annotations(ann, n, &notes{})
	return ordered(n)
}

// annotationKeys are the keywords that say something about a value
// without constraining it (or, for default, that the decoder applies).
var annotationKeys = []string{"description", "title", "default", "examples", "deprecated"}

// typed projects a node of one non-null type t.
func (g *geminiProj) typed(o *model.Object, t string, nullable bool, in string) *model.Object {
	if kind := formOf(o, []string{t}); kind != "" && kind != FormExtra {
		// A loose object keeps its typed form: Gemini does not enforce
		// the schema, its other members are said in the description.
		return g.form(kind, o, t, nullable, in)
	}
	n := model.NewObject("type", strings.ToUpper(t))
	var ns notes
	base := ""
	for _, m := range o.Members {
		k, v := m.Key, m.Value
		switch {
		case k == "description":
			base, _ = v.(string)
		case k == "title":
			if s, ok := v.(string); ok {
				n.Set(k, s)
			}
		case k == "default":
			n.Set(k, model.Clone(v))
		case k == "examples" || k == "deprecated":
			ns.annotation(k, v)
		case k == "items" && t == "array":
			if _, tuple := v.([]any); tuple {
				g.fail(in+"/items", "tuple items cannot be expressed in Gemini's Schema")
				continue
			}
			at, out := g.at, g.out
			g.at, g.out = at+"/*", out+"/items"
			n.Set(k, g.schema(v, in+"/items"))
			g.at, g.out = at, out
		case k == "enum" || k == "const":
			g.enum(n, &ns, k, v, t)
		case k == "additionalProperties" && t == "object":
			if ap, ok := v.(*model.Object); v != true && (!ok || ap.Len() > 0) {
				ns.constraint(k, v) // false or a typed catchall: the decoder enforces it
			}
		case isIn(k, constraints):
			if g.keeps(k, v, t) {
				n.Set(k, model.Clone(v))
			} else {
				ns.constraint(k, v)
			}
		}
	}
	if nullable {
		n.Set("nullable", true)
	}
	switch t {
	case "object":
		g.object(o, n, in)
	case "array":
		if !o.Has("items") {
			g.fail(in, "array without items (any items): Gemini's Schema needs a typed items schema")
		}
	}
	describe(n, base, &ns)
	return ordered(n)
}

// enum writes an enum or const of a node of type t: only a STRING takes
// an enum (a const is a one-value enum); null is said by nullable.
func (g *geminiProj) enum(n *model.Object, ns *notes, k string, v any, t string) {
	values, ok := model.List(v)
	if k == "const" {
		values, ok = []any{v}, true
	}
	var strs []any
	for _, e := range values {
		if s, isStr := e.(string); isStr {
			strs = append(strs, s)
		} else if e != nil {
			ok = false
		}
	}
	if t == "string" && ok && len(strs) > 0 {
		n.Set("enum", strs)
		return
	}
	ns.constraint(k, v)
}

// keeps reports whether Gemini's Schema holds constraint k of a node of
// type t as a keyword.
func (g *geminiProj) keeps(k string, v any, t string) bool {
	if !appliesTo(constraintKind(k), t) {
		return false
	}
	switch k {
	case "format":
		s, ok := v.(string)
		return ok && isIn(s, geminiFormats[t])
	case "pattern":
		_, ok := v.(string)
		return ok
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		return isCount(v)
	case "minimum", "maximum":
		n, ok := v.(model.Number)
		_, isInt := v.(int)
		return ok && float64Exact(n) || isInt
	}
	return false // exclusive bounds, multipleOf, uniqueItems, contentEncoding, contentMediaType
}

// object writes properties, required and propertyOrdering of an OBJECT.
func (g *geminiProj) object(o, n *model.Object, in string) {
	props, ok := o.Value("properties").(*model.Object)
	if !ok || props.Len() == 0 {
		g.fail(in, "object without properties (a map or any object): Gemini's Schema needs properties on every OBJECT")
		return
	}
	res := &model.Object{}
	at, out := g.at, g.out
	for _, m := range props.Members {
		g.at, g.out = at+"/"+facts.PointerToken(m.Key), out+"/properties/"+facts.PointerToken(m.Key)
		res.Set(m.Key, g.schema(m.Value, in+"/properties/"+facts.PointerToken(m.Key)))
	}
	g.at, g.out = at, out
	n.Set("properties", res)
	raw, has := o.Get("required")
	required, ok := model.Strings(raw)
	if has && !ok {
		g.fail(in+"/required", "required must be an array of strings")
	}
	for _, k := range required {
		if !props.Has(k) {
			g.fail(in+"/required", fmt.Sprintf("required key %q has no schema in properties", k))
		}
	}
	if len(required) > 0 {
		n.Set("required", anyList(unique(required)))
	}
	n.Set("propertyOrdering", anyList(props.Keys()))
}

// ref inlines a reference to an entry of the root $defs with the keywords
// beside it on top; a cycle cannot be written without $ref.
func (g *geminiProj) ref(o *model.Object, in string) *model.Object {
	ref, _ := o.Value("$ref").(string)
	if ref == "#" {
		g.fail(in, `recursive schema ($ref "#" to the root) cannot be expressed in Gemini's Schema (no $ref)`)
		return nil
	}
	name, ok := defName(ref)
	def, found := g.defs.Get(name)
	if !ok || !found {
		g.fail(in+"/$ref", fmt.Sprintf("$ref %s does not name an entry of the root $defs", compact(o.Value("$ref"))))
		return nil
	}
	if isIn(name, g.inlining) || cyclic(g.root, name) {
		g.fail(in, fmt.Sprintf("recursive schema ($ref cycle through %q) cannot be expressed in Gemini's Schema (no $ref)", ref))
		return nil
	}
	if g.inlined++; g.inlined > inlineBudget {
		g.fail("", fmt.Sprintf("more than %d references to inline: too large for Gemini's Schema (no $ref)", inlineBudget))
		return nil
	}
	merged, ok := model.Clone(def).(*model.Object)
	if !ok || merged == nil {
		return g.schema(def, "/$defs/"+facts.PointerToken(name))
	}
	for _, m := range o.Members {
		if m.Key != "$ref" {
			merged.Set(m.Key, model.Clone(m.Value))
		}
	}
	g.inlining = append(g.inlining, name)
	defer func() { g.inlining = g.inlining[:len(g.inlining)-1] }()
	return g.schema(merged, "/$defs/"+facts.PointerToken(name))
}

// ordered returns n with its members in geminiOrder.
func ordered(n *model.Object) *model.Object {
	reorder(n)
	return n
}

func reorder(n *model.Object) {
	out := make([]model.Member, 0, len(n.Members))
	for _, k := range geminiOrder {
		if v, ok := n.Get(k); ok {
			out = append(out, model.Member{Key: k, Value: v})
		}
	}
	for _, m := range n.Members { // keys outside the order (none today) keep theirs, last
		if !isIn(m.Key, geminiOrder) {
			out = append(out, m)
		}
	}
	n.Members = out
}

// form writes node o (of type t, "" for a free-form value) in its
// reversible form kind (FormEntries or FormJSON), as the strict profiles
// do (form.go), in Gemini's typed Schema; nil where formRefused says it
// cannot be one.
func (g *geminiProj) form(kind FormKind, o *model.Object, t string, nullable bool, in string) *model.Object {
	if why := formRefused(kind, g.at, g.unions, false); why != "" {
		g.fail(in, why)
		return nil
	}
	g.forms = append(g.forms, Form{Pointer: g.at, Kind: kind, Schema: g.out})
	n, base, ns := formStart(o)
	if kind == FormJSON {
		n.Set("type", "STRING")
		base = sentence(base, jsonSentence)
	} else {
		n.Set("type", "ARRAY")
		ap, _ := o.Get("additionalProperties")
		n.Set("items", g.entry(ap, in+"/additionalProperties"))
		base = sentence(base, entriesSentence)
	}
	if nullable {
		n.Set("nullable", true)
	}
	describe(n, base, &ns)
	return ordered(n)
}

// entry is the OBJECT of one {"key", "value"} entry of a map whose values
// are ap.
func (g *geminiProj) entry(ap any, in string) *model.Object {
	if ap == true {
		ap = &model.Object{}
	}
	at, out := g.at, g.out
	g.at, g.out = at+"/*/value", out+"/items/properties/value"
	value := g.schema(ap, in)
	g.at, g.out = at, out
	return ordered(model.NewObject(
		"type", "OBJECT",
		"properties", model.NewObject("key", model.NewObject("type", "STRING"), "value", value),
		"required", []any{"key", "value"},
		"propertyOrdering", []any{"key", "value"},
	))
}
