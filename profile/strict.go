package profile

import (
	"fmt"
	"strconv"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// strictRules are what one strict provider accepts; openai.go and
// anthropic.go hold the two instances and their sources.
type strictRules struct {
	// keep reports whether a constraint keyword (one of constraints) stays
	// a keyword; the others are said in the description.
	keep func(k string, v any) bool
	// allRequired: every property is listed in required and an optional one
	// is made nullable (OpenAI); else required stays as advertised.
	allRequired bool
	// recursion: $ref cycles are allowed (OpenAI); else a recursive tool is
	// served non-strict.
	recursion bool
	// limits returns a warning per size limit the projection breaks.
	limits func(c Counts, x extent) []Warning
	// distinctFirstKeys: the object branches of an anyOf must start with
	// distinct keys (OpenAI); the projection orders them so where it can
	// under every strict profile.
	distinctFirstKeys bool
}

// A strictProj projects one document for a strict provider. Pointers come
// in pairs: in is the node's place in the advertised document (for
// warnings), out its place in the projection (for NullAsAbsent); they
// differ below a split type array or an inlined reference.
type strictProj struct {
	r        *strictRules
	root     *model.Object
	defs     *model.Object // the root's $defs, or nil
	warnings []Warning
	nulls    []string // NullAsAbsent, in document order
	used     []string // $defs entries still referenced, in first-use order
	inlining []string // $defs entries being inlined (a cycle guard)
	inlined  int      // references inlined so far (see inlineBudget)
	// at is the place of the node being projected in the arguments as the
	// model writes them (Form.Pointer); unions counts the anyOf branches
	// and split type arrays it is in, inDefs is set below $defs.
	at     string
	unions int
	inDefs bool
	forms  []Form
}

func projectStrict(r *strictRules, advertised *model.Object) *Result {
	p := &strictProj{r: r, root: advertised}
	p.defs, _ = advertised.Value("$defs").(*model.Object)
	out := p.document()
	if len(p.warnings) == 0 {
		p.warnings = r.limits(measure(out))
	}
	if len(p.warnings) > 0 {
		return fallback(advertised, p.warnings)
	}
	return &Result{Schema: out, Dialect: JSONSchema, Strict: true, NullAsAbsent: p.nulls, Forms: p.forms}
}

func (p *strictProj) fail(ptr, msg string) {
	for _, w := range p.warnings {
		if w.Pointer == ptr && w.Message == msg {
			return
		}
	}
	p.warnings = append(p.warnings, Warning{Pointer: ptr, Message: msg})
}

// document projects the root, then every $defs entry a bare reference
// still names (a worklist: a projected entry may name more), kept in the
// advertised order.
func (p *strictProj) document() *model.Object {
	if msg := rootProblem(p.root); msg != "" {
		p.fail("", msg)
		return nil
	}
	out, _ := p.schema(p.root, "", "").(*model.Object)
	if len(p.used) == 0 || out == nil {
		return out
	}
	projected := map[string]any{}
	p.inDefs = true
	for i := 0; i < len(p.used); i++ {
		name := p.used[i]
		ptr := "/$defs/" + facts.PointerToken(name)
		def, _ := p.defs.Get(name)
		projected[name] = p.schema(def, ptr, ptr)
	}
	defs := &model.Object{}
	for _, m := range p.defs.Members {
		if v, ok := projected[m.Key]; ok {
			defs.Set(m.Key, v)
		}
	}
	out.Set("$defs", defs)
	return out
}

// rootProblem says why a document root cannot be a tool's input in strict
// mode: it must be an inline object schema, not a union or a reference.
func rootProblem(root *model.Object) string {
	types, ok := declaredTypes(root)
	switch {
	case root.Has("$ref"):
		return "the root is a reference: a tool's input must be an inline object schema"
	case root.Has("anyOf") || root.Has("oneOf"):
		return "the root is a union: a tool's input must be one object schema, not anyOf"
	case !ok || len(types) != 1 || types[0] != "object":
		return `the root is not {"type":"object"}: a tool's input must be an object`
	}
	return ""
}

// schema projects one schema node.
func (p *strictProj) schema(v any, in, out string) any {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		p.fail(in, notASchema(v))
		return model.Clone(v)
	}
	if o.Has("$ref") {
		return p.ref(o, in, out)
	}
	if p.unsupported(o, in) {
		return model.Clone(o)
	}
	types, ok := declaredTypes(o)
	if !ok {
		p.fail(in+"/type", "type must be a JSON Schema type name or an array of distinct ones")
		return model.Clone(o)
	}
	if types != nil && (o.Has("anyOf") || o.Has("oneOf")) && !hasShape(o) {
		// The branches carry the types: the union alone is written, with
		// a null branch if the type allowed null.
		n := p.schema(without(o, "type"), in, out)
		if isIn("null", types) {
			n = nullable(n)
		}
		return n
	}
	if lits, ok := literals(o); ok && types == nil {
		types = literalKinds(lits)
	}
	if types == nil && !o.Has("anyOf") && !o.Has("oneOf") {
		return p.form(FormJSON, o, nil, in, out)
	}
	if types == nil && hasShape(o) {
		p.fail(in, "object or array keywords beside anyOf without a type cannot be expressed in strict mode")
		return model.Clone(o)
	}
	if len(removeAll(types, "null")) > 1 && allJSON(o, types) {
		// Several kinds, none of which the provider can say (an object
		// without properties or an array): one JSON text for them all.
		return p.form(FormJSON, o, types, in, out)
	}
	if len(removeAll(types, "null")) > 1 {
		return p.split(o, types, in, out)
	}
	return p.node(o, types, in, out)
}

// hasShape reports keywords that constrain objects or arrays only.
func hasShape(o *model.Object) bool {
	for _, k := range []string{"properties", "required", "additionalProperties", "items"} {
		if o.Has(k) {
			return true
		}
	}
	return false
}

// notASchema names a node that is not a schema object.
func notASchema(v any) string {
	if b, ok := v.(bool); ok {
		return "boolean schema " + strconv.FormatBool(b) + ": strict mode needs a typed schema"
	}
	return "not a schema object"
}

// node projects a schema of at most one non-null type (or none, beside
// anyOf), keyword by keyword in the advertised order.
func (p *strictProj) node(o *model.Object, types []string, in, out string) *model.Object {
	if kind := formOf(o, types); kind != "" {
		return p.form(kind, o, types, in, out)
	}
	n := &model.Object{}
	var ns notes
	base := ""
	if !o.Has("type") && types != nil {
		n.Set("type", typeValue(types))
	}
	for _, m := range o.Members {
		k, v := m.Key, m.Value
		kin, kout := in+"/"+facts.PointerToken(k), out+"/"+facts.PointerToken(k)
		switch {
		case k == "type":
			n.Set(k, typeValue(types))
		case k == "properties":
			n.Set(k, p.properties(o, v, kin, kout))
		case k == "required" || k == "additionalProperties":
			// written by object
		case k == "items":
			if _, tuple := v.([]any); tuple {
				p.fail(kin, "tuple items cannot be expressed in strict mode")
				continue
			}
			at := p.at
			p.at = at + "/*"
			n.Set(k, p.schema(v, kin, kout))
			p.at = at
		case k == "anyOf" || k == "oneOf":
			if k == "oneOf" {
				if o.Has("anyOf") {
					p.fail(kin, "oneOf beside anyOf cannot be expressed in strict mode")
				}
				ns.oneOf()
			}
			n.Set("anyOf", p.branches(v, kin, out+"/anyOf"))
		case k == "$defs":
			if in != "" {
				p.fail(kin, "$defs below the root cannot be expressed in strict mode")
			}
		case k == "enum" || k == "const":
			if list, ok := model.List(v); k == "const" && isPrimitive(v) || ok && len(list) > 0 && allPrimitive(list) {
				n.Set(k, model.Clone(v))
			} else {
				ns.constraint(k, v)
			}
		case k == "description":
			base, _ = v.(string)
			if base != "" {
				n.Set(k, base)
			}
		case k == "title":
			if s, ok := v.(string); ok {
				n.Set(k, s)
			}
		case k == "default" || k == "examples" || k == "deprecated":
			ns.annotation(k, v)
		case isIn(k, constraints):
			if kindIn(constraintKind(k), types) && p.r.keep(k, v) {
				n.Set(k, model.Clone(v))
			} else {
				ns.constraint(k, v)
			}
		}
		// Anything else ($schema, $comment, readOnly, vendor keys) asserts
		// nothing about an instance and is left out.
	}
	if isIn("object", types) {
		p.object(o, n, in)
	}
	describe(n, base, &ns)
	return n
}

// kindIn reports whether keywords of kind k constrain one of types.
func kindIn(k string, types []string) bool {
	for _, t := range types {
		if appliesTo(k, t) {
			return true
		}
	}
	return false
}

func allPrimitive(values []any) bool {
	for _, v := range values {
		if !isPrimitive(v) {
			return false
		}
	}
	return true
}

func typeValue(types []string) any {
	if len(types) == 1 {
		return types[0]
	}
	a := make([]any, len(types))
	for i, t := range types {
		a[i] = t
	}
	return a
}

func (p *strictProj) branches(v any, in, out string) any {
	list, ok := model.List(v)
	if !ok || len(list) == 0 {
		p.fail(in, "anyOf must be a non-empty array of schemas")
		return model.Clone(v)
	}
	res := make([]any, len(list))
	p.unions++
	defer func() { p.unions-- }()
	for i, b := range list {
		res[i] = p.schema(b, in+"/"+strconv.Itoa(i), out+"/"+strconv.Itoa(i))
	}
	p.firstKeys(res, in)
	return res
}

// firstKeys orders the properties of the inline object branches of an
// anyOf so that no two object branches start with the same key: each
// keeps its first key unless another branch needs it, and then starts
// with the first of its keys no other branch starts with. A branch that
// is a reference keeps its order. When no such order exists, a profile
// with distinctFirstKeys serves the tool non-strict.
func (p *strictProj) firstKeys(res []any, in string) {
	type branch struct {
		props *model.Object
		keys  []string
		fixed bool
	}
	var bs []branch
	for _, b := range res {
		bo, _ := b.(*model.Object)
		fixed := false
		if ref, ok := bo.Value("$ref").(string); ok {
			name, _ := defName(ref)
			def, _ := p.defs.Get(name)
			bo, _ = def.(*model.Object)
			fixed = true
		}
		props, _ := bo.Value("properties").(*model.Object)
		if props.Len() > 0 {
			bs = append(bs, branch{props: props, keys: props.Keys(), fixed: fixed})
		}
	}
	if len(bs) < 2 {
		return
	}
	owner := map[string]int{} // a first key -> the branch that starts with it
	var claim func(i int, tried map[string]bool) bool
	claim = func(i int, tried map[string]bool) bool {
		keys := bs[i].keys
		if bs[i].fixed {
			keys = keys[:1]
		}
		for _, k := range keys {
			if tried[k] {
				continue
			}
			tried[k] = true
			if j, taken := owner[k]; !taken || claim(j, tried) {
				owner[k] = i
				return true
			}
		}
		return false
	}
	for i := range bs {
		if !claim(i, map[string]bool{}) {
			if p.r.distinctFirstKeys {
				p.fail(in, `object branches that cannot each start with a key of their own: OpenAI strict refuses "Objects provided via 'anyOf' must not share identical first keys"`)
			}
			return
		}
	}
	for k, i := range owner {
		if b := bs[i]; !b.fixed && b.keys[0] != k {
			moveFirst(b.props, k)
		}
	}
}

// moveFirst moves member k of o to the front.
func moveFirst(o *model.Object, k string) {
	for i, m := range o.Members {
		if m.Key == k {
			copy(o.Members[1:i+1], o.Members[:i])
			o.Members[0] = m
			return
		}
	}
}

// properties projects each property; under allRequired an optional one is
// made nullable and recorded in NullAsAbsent.
func (p *strictProj) properties(o *model.Object, v any, in, out string) any {
	props, ok := v.(*model.Object)
	if !ok || props == nil {
		p.fail(in, "properties must be an object")
		return model.Clone(v)
	}
	required, _ := model.Strings(o.Value("required"))
	res := &model.Object{}
	for _, m := range props.Members {
		kin, kout := in+"/"+facts.PointerToken(m.Key), out+"/"+facts.PointerToken(m.Key)
		optional := p.r.allRequired && !isIn(m.Key, required)
		if optional {
			p.nulls = append(p.nulls, kout) // before what it contains: document order
		}
		at := p.at
		p.at = at + "/" + facts.PointerToken(m.Key)
		s := p.schema(m.Value, kin, kout)
		p.at = at
		if optional {
			s = nullable(s)
		}
		res.Set(m.Key, s)
	}
	return res
}

// object writes the key policy and required of an object node n: only a
// closed object (additionalProperties false, or absent: a strip policy's
// dropped keys are not part of the value) can be strict.
func (p *strictProj) object(o, n *model.Object, in string) {
	props, hasProps := o.Value("properties").(*model.Object)
	ap, hasAP := o.Get("additionalProperties")
	if hasAP && ap != false || !hasProps && ap != false {
		// formOf gave these a reversible form; kept as a guard.
		p.fail(in, "an object that is not closed: strict mode needs additionalProperties false on every object")
		return
	}
	if !hasProps {
		props = &model.Object{}
		insertAfter(n, "type", "properties", props)
	}
	if required, ok := p.required(o, props, in); ok {
		insertAfter(n, "properties", "required", required)
	}
	last := "required"
	if !n.Has(last) {
		last = "properties"
	}
	insertAfter(n, last, "additionalProperties", false)
}

// required returns the required list to write and whether to write it.
func (p *strictProj) required(o, props *model.Object, in string) ([]any, bool) {
	raw, has := o.Get("required")
	listed, ok := model.Strings(raw)
	if has && !ok {
		p.fail(in+"/required", "required must be an array of strings")
		return nil, false
	}
	for _, k := range listed {
		if !props.Has(k) {
			p.fail(in+"/required", fmt.Sprintf("required key %q has no schema in properties", k))
		}
	}
	if p.r.allRequired {
		all := make([]any, 0, props.Len())
		for _, k := range props.Keys() {
			all = append(all, k)
		}
		return all, true
	}
	if !has {
		return nil, false
	}
	return anyList(unique(listed)), true
}

// unique returns list without repeats, first occurrences kept (a repeated
// required key says nothing more, and JSON Schema wants them unique).
func unique(list []string) []string {
	var out []string
	for _, s := range list {
		if !isIn(s, out) {
			out = append(out, s)
		}
	}
	return out
}

func anyList(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// split writes a type array of several non-null types as anyOf, one branch
// per type with the keywords of its kind, null last; annotations stay on
// the wrapper. An enum or const keeps, in each branch, its values of that
// branch's type; a type none of them has gets no branch.
func (p *strictProj) split(o *model.Object, types []string, in, out string) any {
	var branches []any
	p.unions++
	defer func() { p.unions-- }()
	inputs, kept := typeBranches(o, removeAll(types, "null"))
	for i, b := range inputs {
		branches = append(branches, p.node(b, []string{kept[i]}, in, out+"/anyOf/"+strconv.Itoa(i)))
	}
	lits, hasLits := literals(o)
	if isIn("null", types) && (!hasLits || containsNil(lits)) {
		branches = append(branches, model.NewObject("type", "null"))
	}
	if len(branches) == 0 {
		p.fail(in, "no enum or const value has one of the types: a schema that accepts nothing cannot be expressed in strict mode")
		return model.Clone(o)
	}
	n := model.NewObject("anyOf", branches)
	var ns notes
	base := carryOver(o, n, &ns, false)
	describe(n, base, &ns)
	return n
}

// unsupported reports (and warns about) the keywords of o that strict mode
// cannot express; the node is then not projected further.
func (p *strictProj) unsupported(o *model.Object, in string) bool {
	found := false
	for _, m := range o.Members {
		if isIn(m.Key, unsupported) {
			p.fail(in+"/"+facts.PointerToken(m.Key), fmt.Sprintf("keyword %q cannot be expressed in strict mode", m.Key))
			found = true
		}
	}
	return found
}

// literalsOf returns the values of type t among lits (integers are numbers).
func literalsOf(lits []any, t string) []any {
	var out []any
	for _, v := range lits {
		if matches(v, t) {
			out = append(out, model.Clone(v))
		}
	}
	return out
}

func containsNil(values []any) bool {
	for _, v := range values {
		if v == nil {
			return true
		}
	}
	return false
}

// ref projects a reference: a bare one to an entry of the root $defs stays
// a reference (its entry is projected once), one with annotations beside it
// is inlined with those annotations on top (strict providers take $ref
// alone), as OpenAI's own Python SDK does.
func (p *strictProj) ref(o *model.Object, in, out string) any {
	ref, ok := o.Value("$ref").(string)
	if ref == "#" && ok {
		if !p.r.recursion {
			p.fail(in, `recursive schema ($ref "#" to the root) is not supported in strict mode`)
		} else if o.Len() > 1 {
			p.fail(in, `a $ref "#" with keywords beside it cannot be expressed in strict mode`)
		}
		return model.Clone(o)
	}
	name, ok2 := defName(ref)
	def, found := p.defs.Get(name)
	if !ok || !ok2 || !found {
		p.fail(in+"/$ref", fmt.Sprintf("$ref %s does not name an entry of the root $defs", compact(o.Value("$ref"))))
		return model.Clone(o)
	}
	if !p.r.recursion && cyclic(p.root, name) {
		p.fail(in, fmt.Sprintf("recursive schema ($ref cycle through %q) is not supported in strict mode", ref))
		return model.Clone(o)
	}
	if o.Len() == 1 {
		if !isIn(name, p.used) {
			p.used = append(p.used, name)
		}
		return model.Clone(o)
	}
	if isIn(name, p.inlining) {
		p.fail(in, fmt.Sprintf("reference cycle through %q with keywords beside $ref cannot be inlined", ref))
		return model.Clone(o)
	}
	if p.inlined++; p.inlined > inlineBudget {
		p.fail("", fmt.Sprintf("more than %d references with keywords beside $ref to inline: too large for strict mode", inlineBudget))
		return model.Clone(o)
	}
	merged, ok := model.Clone(def).(*model.Object)
	if !ok || merged == nil {
		return p.schema(def, "/$defs/"+facts.PointerToken(name), out)
	}
	for _, m := range o.Members {
		if m.Key != "$ref" {
			merged.Set(m.Key, model.Clone(m.Value))
		}
	}
	p.inlining = append(p.inlining, name)
	res := p.schema(merged, "/$defs/"+facts.PointerToken(name), out)
	p.inlining = p.inlining[:len(p.inlining)-1]
	return res
}

// nullable returns s widened to accept null (docs/contracts.md's spelling: null
// appended to the type array and to an enum, a const as enum [c, null],
// a reference or a typed union wrapped in anyOf with {"type":"null"}).
func nullable(s any) any {
	o, ok := s.(*model.Object)
	if !ok || o == nil || acceptsNull(o) {
		return s
	}
	null := model.NewObject("type", "null")
	if o.Has("$ref") || o.Has("anyOf") && o.Has("type") {
		return model.NewObject("anyOf", []any{o, null})
	}
	if list, ok := model.List(o.Value("anyOf")); ok {
		o.Set("anyOf", append(append([]any{}, list...), null))
		return o
	}
	if types, ok := declaredTypes(o); ok && types != nil && !isIn("null", types) {
		o.Set("type", typeValue(append(append([]string{}, types...), "null")))
	}
	if list, ok := model.List(o.Value("enum")); ok && !containsNil(list) {
		o.Set("enum", append(append([]any{}, list...), nil))
	}
	if c, ok := o.Get("const"); ok {
		for i := range o.Members {
			if o.Members[i].Key == "const" {
				o.Members[i] = model.Member{Key: "enum", Value: []any{c, nil}}
			}
		}
	}
	return o
}

// acceptsNull reports whether a (projected) schema node accepts null.
func acceptsNull(o *model.Object) bool {
	if o.Has("$ref") {
		return false
	}
	lits, hasLits := literals(o)
	if hasLits && !containsNil(lits) {
		return false
	}
	types, _ := declaredTypes(o)
	if types != nil && !isIn("null", types) {
		return false
	}
	if list, ok := model.List(o.Value("anyOf")); ok {
		for _, b := range list {
			if bo, ok := b.(*model.Object); ok && bo != nil && acceptsNull(bo) {
				return true
			}
		}
		return false
	}
	return isIn("null", types) || types == nil && hasLits
}

// cyclic reports whether $defs entry name reaches itself through
// references ("#" names the root).
func cyclic(root *model.Object, name string) bool {
	defs, _ := root.Value("$defs").(*model.Object)
	seen := map[string]bool{}
	var stack []string
	push := func(v any) {
		stack = append(stack, refsIn(v)...)
	}
	def, _ := defs.Get(name)
	push(def)
	for len(stack) > 0 {
		ref := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		target := "#"
		if ref != "#" {
			n, ok := defName(ref)
			if !ok {
				continue
			}
			target = n
		}
		if target == name {
			return true
		}
		if seen[target] {
			continue
		}
		seen[target] = true
		if target == "#" {
			push(withoutDefs(root))
		} else if d, ok := defs.Get(target); ok {
			push(d)
		}
	}
	return false
}

// refsIn returns every $ref string below v, in document order.
func refsIn(v any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case *model.Object:
			if v == nil {
				return
			}
			for _, m := range v.Members {
				if s, ok := m.Value.(string); ok && m.Key == "$ref" {
					out = append(out, s)
				}
				walk(m.Value)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

func withoutDefs(o *model.Object) *model.Object { return without(o, "$defs") }

// without returns a shallow copy of o without key.
func without(o *model.Object, key string) *model.Object {
	c := &model.Object{}
	for _, m := range o.Members {
		if m.Key != key {
			c.Members = append(c.Members, m)
		}
	}
	return c
}
