package profile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// Counts measure one tool's Schema in the units of the providers' size
// limits. Every count covers every level, $defs included.
type Counts struct {
	// Properties is the number of object properties (OpenAI strict: at
	// most 5000 in one schema).
	Properties int
	// Depth is the deepest nesting of objects and arrays, the root object
	// being level 1; $defs entries count from 1 (OpenAI strict: at most 10).
	Depth int
	// EnumValues is the number of enum values (OpenAI strict: at most 1000
	// in one schema).
	EnumValues int
	// StringSize is the size in bytes of property names, $defs names, and
	// enum and const values (OpenAI strict: at most 120,000 characters;
	// bytes are never fewer than characters).
	StringSize int
	// Optional is the number of properties not listed in their object's
	// required (Anthropic strict: at most 24 in one request, over all
	// strict tools).
	Optional int
	// Unions is the number of schemas with anyOf or a type array of more
	// than one type (Anthropic strict: at most 16 in one request, over all
	// strict tools).
	Unions int
}

// An extent locates what a limit check reports beside the totals.
type extent struct {
	deepest    string   // a deepest node
	largeEnums []string // string enums over OpenAI's size for large enums
}

// measure counts s (nil counts zero).
func measure(s *model.Object) (Counts, extent) {
	m := &measurer{}
	if s != nil {
		m.walk(s, "", 0)
	}
	return m.c, m.x
}

type measurer struct {
	c Counts
	x extent
}

func (m *measurer) walk(v any, ptr string, level int) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return
	}
	types := typeNames(o)
	if isIn("object", types) || isIn("array", types) || o.Has("properties") || o.Has("items") {
		level++
		if level > m.c.Depth {
			m.c.Depth, m.x.deepest = level, ptr
		}
	}
	if o.Has("anyOf") || len(types) > 1 {
		m.c.Unions++
	}
	m.literals(o, ptr)
	required, _ := model.Strings(o.Value("required"))
	if props, ok := o.Value("properties").(*model.Object); ok {
		for _, p := range props.Members {
			m.c.Properties++
			m.c.StringSize += len(p.Key)
			if !isIn(p.Key, required) {
				m.c.Optional++
			}
			m.walk(p.Value, ptr+"/properties/"+facts.PointerToken(p.Key), level)
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		m.walk(o.Value(k), ptr+"/"+k, level)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := model.List(o.Value(k))
		for i, b := range list {
			m.walk(b, ptr+"/"+k+"/"+strconv.Itoa(i), level)
		}
	}
	if defs, ok := o.Value("$defs").(*model.Object); ok {
		for _, d := range defs.Members {
			m.c.StringSize += len(d.Key)
			m.walk(d.Value, ptr+"/$defs/"+facts.PointerToken(d.Key), 0)
		}
	}
}

func (m *measurer) literals(o *model.Object, ptr string) {
	if c, ok := o.Get("const"); ok {
		m.c.StringSize += literalSize(c)
	}
	list, ok := model.List(o.Value("enum"))
	if !ok {
		return
	}
	m.c.EnumValues += len(list)
	size, strs := 0, 0
	for _, v := range list {
		size += literalSize(v)
		if _, ok := v.(string); ok {
			strs++
		}
	}
	m.c.StringSize += size
	if strs > openAILargeEnum && size > openAILargeEnumMaxSize {
		m.x.largeEnums = append(m.x.largeEnums, ptr+"/enum")
	}
}

// literalSize is a string's length, or the length of another value's JSON.
func literalSize(v any) int {
	if s, ok := v.(string); ok {
		return len(s)
	}
	return len(compact(v))
}

// typeNames reads "type" in either dialect (JSON Schema's names or
// Gemini's upper-case ones), as lower-case names.
func typeNames(o *model.Object) []string {
	v := o.Value("type")
	if s, ok := v.(string); ok {
		return []string{strings.ToLower(s)}
	}
	list, _ := model.Strings(v)
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// CheckRequest reports the per-request limits that a set of tools served
// together in one request breaks under profile name: for anthropic-strict,
// at most 20 strict tools and, summed over the strict ones, 24 optional
// properties and 16 union-typed schemas. Non-strict tools do not count.
// The other profiles document no per-request limit.
func CheckRequest(name Name, results []*Result) []Warning {
	if name != AnthropicStrict {
		return nil
	}
	var tools, optional, unions int
	for _, r := range results {
		if r != nil && r.Strict {
			tools++
			optional += r.Counts.Optional
			unions += r.Counts.Unions
		}
	}
	var ws []Warning
	if tools > facts.AnthropicMaxStrictTools {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d strict tools: Anthropic takes at most %d in one request", tools, facts.AnthropicMaxStrictTools)})
	}
	if optional > facts.AnthropicMaxOptional {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d optional properties over the strict tools: Anthropic takes at most %d in one request", optional, facts.AnthropicMaxOptional)})
	}
	if unions > facts.AnthropicMaxUnions {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d union-typed schemas over the strict tools: Anthropic takes at most %d in one request", unions, facts.AnthropicMaxUnions)})
	}
	return ws
}
