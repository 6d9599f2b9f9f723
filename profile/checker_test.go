package profile_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// The checkers below restate each provider's documented acceptance rules
// (see the sources in the package files) independently of the projection
// code: they share no helper with it, so a rule the projection forgets is
// a rule the checker still applies. Each returns one line per violation.

// accepts returns why the provider of profile name would reject r: its
// shape, and the property names the provider allows (which no projection
// can change: Lint reports them).
func accepts(name profile.Name, r *profile.Result) []string {
	return append(acceptsShape(name, r), nameProblems(name, r.Schema)...)
}

func acceptsShape(name profile.Name, r *profile.Result) []string {
	switch {
	case r.Dialect == profile.OpenAPI:
		return checkGemini(r.Schema)
	case r.Strict && name == profile.OpenAIStrict:
		return checkOpenAIStrict(r.Schema)
	case r.Strict && name == profile.AnthropicStrict:
		return checkAnthropicStrict(r.Schema)
	case r.Strict:
		return []string{"strict result under a profile without strict mode"}
	}
	return checkJSONSchema(r.Schema)
}

// nameProblems checks property keys: Anthropic's pattern for its input
// schemas, Gemini's for its parameters (every level, both forms).
func nameProblems(name profile.Name, s *model.Object) []string {
	re := map[profile.Name]*regexp.Regexp{profile.AnthropicStrict: anthropicKey, profile.Gemini: geminiName}[name]
	if re == nil || s == nil {
		return nil
	}
	c := &checker{}
	walkProperties(s, "", func(ptr, key string) {
		if !re.MatchString(key) {
			c.bad(ptr, "property key %q", key)
		}
	})
	return c.problems
}

// checker collects violations with the pointer where they occur.
type checker struct {
	problems []string
	root     *model.Object
}

func (c *checker) bad(ptr, format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf("%q: ", ptr)+fmt.Sprintf(format, args...))
}

func isNonNegInt(v any) bool {
	n, ok := v.(model.Number)
	if !ok {
		return false
	}
	_, err := strconv.ParseUint(string(n), 10, 63)
	return err == nil
}

func isNum(v any) bool {
	n, ok := v.(model.Number)
	if !ok {
		return false
	}
	_, err := strconv.ParseFloat(string(n), 64)
	return err == nil
}

func isScalar(v any) bool {
	switch v.(type) {
	case nil, bool, string, model.Number:
		return true
	}
	return false
}

// ---- OpenAI strict (Structured Outputs, "Supported schemas") ----

var openAIKeys = []string{"type", "properties", "required", "additionalProperties", "items", "anyOf",
	"enum", "const", "description", "title", "$ref", "$defs",
	"pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems"}
var openAIFormatList = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
var jsonTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

func checkOpenAIStrict(s *model.Object) []string {
	c := &checker{root: s}
	if s == nil {
		return []string{"no schema"}
	}
	if s.Value("type") != "object" || s.Has("anyOf") {
		c.bad("", "the root must be an object, not anyOf")
	}
	st := &sizes{}
	c.openAI(s, "", 0, true, st)
	if defs, ok := s.Value("$defs").(*model.Object); ok {
		for _, m := range defs.Members {
			st.chars += len(m.Key)
			c.openAI(m.Value, "/$defs/"+m.Key, 0, false, st)
		}
	}
	if st.props > 5000 || st.depth > 10 || st.enums > 1000 || st.chars > 120000 {
		c.bad("", "limits: %d properties, %d levels, %d enum values, %d characters", st.props, st.depth, st.enums, st.chars)
	}
	return c.problems
}

type sizes struct{ props, depth, enums, chars int }

func types(o *model.Object) ([]string, bool) {
	switch t := o.Value("type").(type) {
	case nil:
		return nil, !o.Has("type")
	case string:
		return []string{t}, slices.Contains(jsonTypes, t)
	default:
		l, ok := model.Strings(t)
		if !ok || len(l) == 0 {
			return nil, false
		}
		for i, x := range l {
			if !slices.Contains(jsonTypes, x) || slices.Contains(l[:i], x) {
				return nil, false
			}
		}
		return l, true
	}
}

func (c *checker) openAI(v any, ptr string, level int, root bool, st *sizes) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		c.bad(ptr, "not a schema object")
		return
	}
	for _, m := range o.Members {
		if !slices.Contains(openAIKeys, m.Key) {
			c.bad(ptr, "keyword %q is not permitted", m.Key)
		}
	}
	if o.Has("$defs") && !root {
		c.bad(ptr, "$defs below the root")
	}
	if ref, ok := o.Get("$ref"); ok {
		c.ref(o, ptr, ref, true)
		return
	}
	ts, ok := types(o)
	if !ok || ts == nil && !o.Has("anyOf") {
		c.bad(ptr, "every schema needs a type (or anyOf)")
	}
	has := func(t string) bool { return slices.Contains(ts, t) || t == "number" && slices.Contains(ts, "integer") }
	for _, k := range []string{"pattern", "format"} {
		if o.Has(k) && !has("string") {
			c.bad(ptr, "%s on a non-string", k)
		}
	}
	if f, ok := o.Get("format"); ok && !slices.Contains(openAIFormatList, fmt.Sprint(f)) {
		c.bad(ptr, "format %v is not supported", f)
	}
	if p, ok := o.Get("pattern"); ok {
		if s, isStr := p.(string); !isStr || !simpleRegex(s) {
			c.bad(ptr, "pattern %v outside the simple regex subset", p)
		}
	}
	for _, k := range []string{"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"} {
		if v, ok := o.Get(k); ok && (!has("number") || !isNum(v)) {
			c.bad(ptr, "%s must be a number on a number", k)
		}
	}
	for _, k := range []string{"minItems", "maxItems"} {
		if v, ok := o.Get(k); ok && (!has("array") || !isNonNegInt(v)) {
			c.bad(ptr, "%s must be a count on an array", k)
		}
	}
	c.enum(o, ptr, st)
	if has("object") || has("array") {
		level++
		st.depth = max(st.depth, level)
	}
	if has("object") {
		c.closedObject(o, ptr, true, st, func(s any, p string) { c.openAI(s, p, level, false, st) })
	}
	if has("array") {
		items, ok := o.Value("items").(*model.Object)
		if !ok {
			c.bad(ptr, "array without items schema")
		} else {
			c.openAI(items, ptr+"/items", level, false, st)
		}
	}
	c.anyOf(o, ptr, func(s any, p string) { c.openAI(s, p, level, false, st) })
	c.firstKeys(o, ptr)
}

// closedObject checks properties, required and additionalProperties false.
func (c *checker) closedObject(o *model.Object, ptr string, allRequired bool, st *sizes, sub func(any, string)) {
	props, ok := o.Value("properties").(*model.Object)
	if !ok {
		c.bad(ptr, "object without properties")
		return
	}
	if o.Value("additionalProperties") != false {
		c.bad(ptr, "additionalProperties must be false")
	}
	req, ok := model.Strings(o.Value("required"))
	if !ok && (o.Has("required") || allRequired && props.Len() > 0) {
		c.bad(ptr, "required must list the properties")
	}
	for i, k := range req {
		if !props.Has(k) || slices.Contains(req[:i], k) {
			c.bad(ptr, "required %q is not a property (or is listed twice)", k)
		}
	}
	for _, m := range props.Members {
		if allRequired && !slices.Contains(req, m.Key) {
			c.bad(ptr, "property %q is not required", m.Key)
		}
		st.props++
		st.chars += len(m.Key)
		sub(m.Value, ptr+"/properties/"+m.Key)
	}
}

func (c *checker) anyOf(o *model.Object, ptr string, sub func(any, string)) {
	v, ok := o.Get("anyOf")
	if !ok {
		return
	}
	l, ok := model.List(v)
	if !ok || len(l) == 0 {
		c.bad(ptr, "anyOf must be a non-empty array")
	}
	for i, b := range l {
		sub(b, ptr+"/anyOf/"+strconv.Itoa(i))
	}
}

func (c *checker) enum(o *model.Object, ptr string, st *sizes) {
	if v, ok := o.Get("enum"); ok {
		l, ok := model.List(v)
		if !ok || len(l) == 0 {
			c.bad(ptr, "enum must be a non-empty array")
		}
		for _, e := range l {
			if !isScalar(e) {
				c.bad(ptr, "enum value %s is not a primitive", model.MustMarshal(e))
			}
			st.enums++
			st.chars += len(fmt.Sprint(e))
		}
	}
	if v, ok := o.Get("const"); ok {
		if !isScalar(v) {
			c.bad(ptr, "const is not a primitive")
		}
		st.chars += len(fmt.Sprint(v))
	}
}

// ref checks a $ref stands alone and names "#" or a root $defs entry.
func (c *checker) ref(o *model.Object, ptr string, ref any, allowRoot bool) {
	if o.Len() != 1 {
		c.bad(ptr, "$ref with keywords beside it")
	}
	s, _ := ref.(string)
	if s == "#" && allowRoot {
		return
	}
	name, ok := strings.CutPrefix(s, "#/$defs/")
	defs, _ := c.root.Value("$defs").(*model.Object)
	if !ok || !defs.Has(facts.UnescapePointerToken(name)) {
		c.bad(ptr, "$ref %v does not resolve", ref)
	}
}

// simpleRegex restates the regex subset both strict providers compile:
// no backreferences, lookaround, word boundaries, flags, named groups,
// property classes or lazy quantifiers, counted repetitions up to 100.
func simpleRegex(p string) bool {
	if regexp.MustCompile(`\\[bBpPAzQC1-9]|\(\?[^:]|[*+?}]\?|\[\[:`).MatchString(p) {
		return false
	}
	for _, m := range regexp.MustCompile(`\{(\d+)(,(\d*))?\}`).FindAllStringSubmatch(p, -1) {
		for _, n := range []string{m[1], m[3]} {
			if i, err := strconv.Atoi(n); err == nil && i > 100 {
				return false
			}
		}
	}
	_, err := regexp.Compile(p)
	return err == nil
}

// ---- Anthropic strict (structured outputs, "JSON Schema limitations") ----

var anthropicKeys = []string{"$ref", "$defs", "type", "anyOf", "allOf", "description", "title", "enum", "const",
	"properties", "additionalProperties", "required", "items", "minItems", "format", "pattern"}
var anthropicFormatList = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
var anthropicKey = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)

func checkAnthropicStrict(s *model.Object) []string {
	c := &checker{root: s}
	if s == nil {
		return []string{"no schema"}
	}
	if s.Value("type") != "object" {
		c.bad("", "input_schema must be an object")
	}
	a := &anthropicCount{}
	c.anthropic(s, "", true, a)
	if defs, ok := s.Value("$defs").(*model.Object); ok {
		for _, d := range defs.Members {
			c.anthropic(d.Value, "/$defs/"+d.Key, false, a)
		}
	}
	if a.optional > 24 || a.unions > 16 {
		c.bad("", "one tool exceeds a request's limits: %d optional, %d unions", a.optional, a.unions)
	}
	if cyclicRefs(s) {
		c.bad("", "recursive schema")
	}
	return c.problems
}

type anthropicCount struct{ optional, unions int }

func (c *checker) anthropic(v any, ptr string, root bool, a *anthropicCount) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		c.bad(ptr, "not a schema object")
		return
	}
	for _, m := range o.Members {
		if !slices.Contains(anthropicKeys, m.Key) {
			c.bad(ptr, "keyword %q is not supported", m.Key)
		}
	}
	if o.Has("$defs") && !root {
		c.bad(ptr, "$defs below the root")
	}
	if ref, ok := o.Get("$ref"); ok {
		c.ref(o, ptr, ref, false)
		return
	}
	ts, ok := types(o)
	if !ok || ts == nil && !o.Has("anyOf") && !o.Has("enum") && !o.Has("const") {
		c.bad(ptr, "every schema needs a type")
	}
	if len(ts) > 1 || o.Has("anyOf") {
		a.unions++
	}
	if f, ok := o.Get("format"); ok && !slices.Contains(anthropicFormatList, fmt.Sprint(f)) {
		c.bad(ptr, "format %v is not supported", f)
	}
	if p, ok := o.Get("pattern"); ok {
		if s, isStr := p.(string); !isStr || !simpleRegex(s) {
			c.bad(ptr, "pattern %v outside the supported regex subset", p)
		}
	}
	if m, ok := o.Get("minItems"); ok && !zeroOrOne(m) {
		c.bad(ptr, "minItems must be 0 or 1")
	}
	c.enum(o, ptr, &sizes{})
	if slices.Contains(ts, "object") {
		req, _ := model.Strings(o.Value("required"))
		if props, ok := o.Value("properties").(*model.Object); ok {
			for _, m := range props.Members {
				if !slices.Contains(req, m.Key) {
					a.optional++
				}
			}
		}
		c.closedObject(o, ptr, false, &sizes{}, func(s any, p string) { c.anthropic(s, p, false, a) })
	}
	if slices.Contains(ts, "array") {
		if items, ok := o.Value("items").(*model.Object); ok {
			c.anthropic(items, ptr+"/items", false, a)
		} else {
			c.bad(ptr, "array without items schema")
		}
	}
	c.anyOf(o, ptr, func(s any, p string) { c.anthropic(s, p, false, a) })
}

// cyclicRefs reports a reference cycle among the root and its $defs.
func cyclicRefs(root *model.Object) bool {
	defs, _ := root.Value("$defs").(*model.Object)
	refs := func(v any) []string {
		var out []string
		var walk func(any)
		walk = func(v any) {
			switch v := v.(type) {
			case *model.Object:
				for _, m := range v.Members {
					if s, ok := m.Value.(string); ok && m.Key == "$ref" {
						out = append(out, s)
					}
					if m.Key != "$defs" {
						walk(m.Value)
					}
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
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(name string, v any) bool
	visit = func(name string, v any) bool {
		if state[name] == 1 {
			return true
		}
		if state[name] == 2 {
			return false
		}
		state[name] = 1
		for _, r := range refs(v) {
			target, next := "#", any(root)
			if n, ok := strings.CutPrefix(r, "#/$defs/"); ok {
				target = n
				next, _ = defs.Get(n)
			}
			if visit(target, next) {
				return true
			}
		}
		state[name] = 2
		return false
	}
	return visit("#", root)
}

// ---- Gemini FunctionDeclaration.parameters (the typed Schema) ----

var geminiKeys = []string{"anyOf", "default", "description", "enum", "example", "format", "items", "maxItems",
	"maxLength", "maxProperties", "maximum", "minItems", "minLength", "minProperties", "minimum", "nullable",
	"pattern", "properties", "propertyOrdering", "required", "title", "type"}
var geminiTypes = []string{"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"}
var geminiFormatList = map[string][]string{"STRING": {"date-time", "enum"}, "NUMBER": {"float", "double"}, "INTEGER": {"int32", "int64"}}
var geminiName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`)

func checkGemini(s *model.Object) []string {
	c := &checker{root: s}
	if s == nil {
		return nil // a function without parameters
	}
	if s.Value("type") != "OBJECT" {
		c.bad("", "parameters must be an OBJECT")
	}
	c.gemini(s, "")
	return c.problems
}

func (c *checker) gemini(v any, ptr string) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		c.bad(ptr, "not a Schema object")
		return
	}
	for _, m := range o.Members {
		if !slices.Contains(geminiKeys, m.Key) {
			c.bad(ptr, "unknown field %q", m.Key)
		}
	}
	t, isStr := o.Value("type").(string)
	switch {
	case o.Has("anyOf") && o.Has("type"):
		c.bad(ptr, "type beside anyOf")
	case !o.Has("anyOf") && (!isStr || !slices.Contains(geminiTypes, t)):
		c.bad(ptr, "type %v is not a Gemini type (type arrays are not)", o.Value("type"))
	}
	if n, ok := o.Get("nullable"); ok && n != true && n != false {
		c.bad(ptr, "nullable must be a boolean")
	}
	if e, ok := o.Get("enum"); ok {
		l, _ := model.Strings(e)
		if t != "STRING" || len(l) == 0 {
			c.bad(ptr, "enum is only allowed for STRING type (and holds strings)")
		}
	}
	if f, ok := o.Get("format"); ok && !slices.Contains(geminiFormatList[t], fmt.Sprint(f)) {
		c.bad(ptr, "format %v is not supported for %s", f, t)
	}
	for k, want := range map[string]string{"minLength": "STRING", "maxLength": "STRING", "pattern": "STRING",
		"minItems": "ARRAY", "maxItems": "ARRAY", "minProperties": "OBJECT", "maxProperties": "OBJECT"} {
		if o.Has(k) && t != want {
			c.bad(ptr, "%s on %s", k, t)
		}
	}
	for _, k := range []string{"minimum", "maximum"} {
		if v, ok := o.Get(k); ok && (t != "NUMBER" && t != "INTEGER" || !isNum(v)) {
			c.bad(ptr, "%s must be a number on NUMBER or INTEGER", k)
		}
	}
	switch t {
	case "OBJECT":
		props, ok := o.Value("properties").(*model.Object)
		if !ok || props.Len() == 0 {
			c.bad(ptr, "properties: should be non-empty for OBJECT type")
			break
		}
		req, _ := model.Strings(o.Value("required"))
		for _, k := range req {
			if !props.Has(k) {
				c.bad(ptr, "required %q is not a property", k)
			}
		}
		if ord, ok := o.Get("propertyOrdering"); ok {
			l, _ := model.Strings(ord)
			if !slices.Equal(l, props.Keys()) {
				c.bad(ptr, "propertyOrdering %v does not list the properties", l)
			}
		}
		for _, m := range props.Members {
			c.gemini(m.Value, ptr+"/properties/"+m.Key)
		}
	case "ARRAY":
		if items, ok := o.Get("items"); ok {
			c.gemini(items, ptr+"/items")
		} else {
			c.bad(ptr, "ARRAY without items")
		}
	}
	c.anyOf(o, ptr, c.gemini)
}

// ---- JSON Schema (mcp, and every fallback: OpenAI and Anthropic with
// strict off, Gemini's parametersJsonSchema) ----

func checkJSONSchema(s *model.Object) []string {
	c := &checker{root: s}
	if s == nil {
		return []string{"no schema"}
	}
	if s.Value("type") != "object" {
		c.bad("", "a tool's input schema must be an object")
	}
	if _, err := compileSchema(s); err != nil {
		c.bad("", "does not compile as JSON Schema 2020-12: %v", err)
	}
	return c.problems
}

// walkProperties calls f for every property declared below v.
func walkProperties(v any, ptr string, f func(ptr, key string)) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return
	}
	if props, ok := o.Value("properties").(*model.Object); ok {
		for _, m := range props.Members {
			p := ptr + "/properties/" + m.Key
			f(p, m.Key)
			walkProperties(m.Value, p, f)
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		walkProperties(o.Value(k), ptr+"/"+k, f)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		l, _ := model.List(o.Value(k))
		for i, b := range l {
			walkProperties(b, ptr+"/"+k+"/"+strconv.Itoa(i), f)
		}
	}
	if defs, ok := o.Value("$defs").(*model.Object); ok {
		for _, d := range defs.Members {
			walkProperties(d.Value, ptr+"/$defs/"+d.Key, f)
		}
	}
}

func zeroOrOne(v any) bool {
	n, ok := v.(model.Number)
	f, err := strconv.ParseFloat(string(n), 64)
	return ok && err == nil && (f == 0 || f == 1)
}

// firstKeys: "Objects provided via 'anyOf' must not share identical first
// keys" (OpenAI's error for a strict schema): the first property of each
// object branch (a reference read through) is distinct.
func (c *checker) firstKeys(o *model.Object, ptr string) {
	l, _ := model.List(o.Value("anyOf"))
	seen := map[string]bool{}
	for _, b := range l {
		bo, _ := b.(*model.Object)
		if ref, ok := bo.Value("$ref").(string); ok {
			bo, _ = at(c.root, strings.TrimPrefix(ref, "#")).(*model.Object)
		}
		props, _ := bo.Value("properties").(*model.Object)
		if props.Len() == 0 {
			continue
		}
		first := props.Members[0].Key
		if seen[first] {
			c.bad(ptr, "objects provided via anyOf must not share identical first keys (%q)", first)
		}
		seen[first] = true
	}
}
