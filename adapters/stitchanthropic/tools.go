package stitchanthropic

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/stitchgen/stitchgen/stitch"
)

// Anthropic's documented limits for one request, over all its strict tools
// (structured outputs guide, limits table): the same numbers as the
// generator's profile package.
const (
	MaxStrictTools = 20
	MaxOptional    = 24
	MaxUnions      = 16
)

// Tools returns the tool definitions of every tool of d, in order, for
// MessageNewParams.Tools. See ToolParams.
func Tools(d *stitch.Dispatcher) ([]anthropic.ToolUnionParam, error) {
	return ToolParams(d.Tools())
}

// ToolParams returns the tool definitions of tools, in order, for
// MessageNewParams.Tools: each is ToolParam's. It fails when a tool has no
// anthropic-strict schema, and with a *LimitError when the tools, sent
// together, break Anthropic's per-request limits (CheckRequest): the API
// would reject the request. To send them anyway, or a subset, build the
// list with ToolParam.
func ToolParams(tools []stitch.Tool) ([]anthropic.ToolUnionParam, error) {
	out := make([]anthropic.ToolUnionParam, 0, len(tools))
	for _, t := range tools {
		p, err := ToolParam(t)
		if err != nil {
			return nil, err
		}
		out = append(out, anthropic.ToolUnionParam{OfTool: &p})
	}
	if _, err := CheckRequest(tools); err != nil {
		return nil, err
	}
	return out, nil
}

// ToolParam returns t's definition under profile anthropic-strict: its
// name, its description, "strict" as the profile says (true, or false for
// a tool the profile serves in its fallback form, always written), and as
// input_schema the raw bytes of t's Profile schema, sent as they are
// (param.Override with a json.RawMessage: the SDK's encoder checks and
// compacts them and, like encoding/json, writes <, >, & and U+2028/U+2029
// in strings as \u escapes, the same JSON text). It never goes through
// the SDK's schema helpers, which parse a schema into typed fields. It
// fails for a tool without an anthropic-strict schema (a hand-built tool
// with no anthropic-strict entry in Tool.Profiles) or whose schema is not a JSON object.
func ToolParam(t stitch.Tool) (anthropic.ToolParam, error) {
	ps := schema(t)
	if err := checkSchema(t.Name, ps.Schema); err != nil {
		return anthropic.ToolParam{}, err
	}
	p := anthropic.ToolParam{
		Name:        t.Name,
		InputSchema: param.Override[anthropic.ToolInputSchemaParam](json.RawMessage(ps.Schema)),
		Strict:      param.NewOpt(ps.Strict),
	}
	if t.Description != "" {
		p.Description = param.NewOpt(t.Description)
	}
	return p, nil
}

// Profile is the profile the adapter serves the tools in: their schemas
// are the tools' anthropic-strict entries of Tool.Profiles, and calls are
// decoded with its options (Dispatcher.CallAs).
const Profile = stitch.ProfileAnthropicStrict

// schema is t's schema under Profile: the zero value for a tool without
// one (Tool.Schema fails only on a name that is no profile).
func schema(t stitch.Tool) stitch.ProfileSchema {
	ps, _ := t.Schema(Profile)
	return ps
}

func checkSchema(name, schema string) error {
	if schema == "" {
		return fmt.Errorf("stitchanthropic: tool %q has no anthropic-strict schema (Tool.Profiles has no anthropic-strict entry: add one to a hand-built tool)", name)
	}
	if b := bytes.TrimLeft([]byte(schema), " \t\r\n"); !json.Valid(b) || len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("stitchanthropic: tool %q: the anthropic-strict schema is not a JSON object", name)
	}
	return nil
}

// RequestCounts are what Anthropic limits in one request, over its strict
// tools (tools sent with "strict": true; the others do not count).
type RequestCounts struct {
	// StrictTools is the number of strict tools (at most MaxStrictTools).
	StrictTools int
	// Optional is the number of properties not listed in their object's
	// required, at every level of the strict tools' schemas, $defs
	// included (at most MaxOptional).
	Optional int
	// Unions is the number of schemas with anyOf or a type array of more
	// than one type, likewise (at most MaxUnions).
	Unions int
}

// A LimitError says which per-request limits a set of strict tools
// breaks, with the counts.
type LimitError struct {
	Counts RequestCounts
	// Broken says each broken limit, in the order tools, optional,
	// unions.
	Broken []string
}

func (e *LimitError) Error() string {
	return "stitchanthropic: the tools break Anthropic's per-request limits of strict tool use: " + strings.Join(e.Broken, "; ")
}

// CheckRequest counts the strict tools of tools as Anthropic's per-request
// limits do and reports a *LimitError when the tools, sent together in one
// request, break one: more than MaxStrictTools strict tools, or over them
// more than MaxOptional optional properties or MaxUnions union-typed
// schemas. The counts are those of the generator's profile package
// (profile.Counts, profile.CheckRequest), computed from the schema bytes;
// a tool that alone breaks a limit is already served non-strict by the
// profile, so only a combination of tools can. It fails, with another
// error, for a tool ToolParam rejects.
func CheckRequest(tools []stitch.Tool) (RequestCounts, error) {
	var c RequestCounts
	for _, t := range tools {
		ps := schema(t)
		if err := checkSchema(t.Name, ps.Schema); err != nil {
			return RequestCounts{}, err
		}
		if !ps.Strict {
			continue
		}
		optional, unions, err := count(ps.Schema)
		if err != nil {
			return RequestCounts{}, fmt.Errorf("stitchanthropic: tool %q: %v", t.Name, err)
		}
		c.StrictTools++
		c.Optional += optional
		c.Unions += unions
	}
	var broken []string
	if c.StrictTools > MaxStrictTools {
		broken = append(broken, fmt.Sprintf("%d strict tools: Anthropic takes at most %d in one request", c.StrictTools, MaxStrictTools))
	}
	if c.Optional > MaxOptional {
		broken = append(broken, fmt.Sprintf("%d optional properties over the strict tools: Anthropic takes at most %d in one request", c.Optional, MaxOptional))
	}
	if c.Unions > MaxUnions {
		broken = append(broken, fmt.Sprintf("%d union-typed schemas over the strict tools: Anthropic takes at most %d in one request", c.Unions, MaxUnions))
	}
	if broken != nil {
		return c, &LimitError{Counts: c, Broken: broken}
	}
	return c, nil
}

// count returns the optional properties and the union-typed schemas of a
// schema, walking it as the profile package's measure does: every object
// node reached through properties, items, additionalProperties, anyOf,
// oneOf, allOf and $defs.
func count(schema string) (optional, unions int, err error) {
	dec := json.NewDecoder(strings.NewReader(schema))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return 0, 0, err
	}
	var walk func(v any)
	walk = func(v any) {
		o, ok := v.(map[string]any)
		if !ok {
			return
		}
		_, hasAnyOf := o["anyOf"]
		if list, ok := o["type"].([]any); hasAnyOf || ok && len(list) > 1 {
			unions++
		}
		required := map[string]bool{}
		if list, ok := o["required"].([]any); ok {
			for _, r := range list {
				if s, ok := r.(string); ok {
					required[s] = true
				}
			}
		}
		if props, ok := o["properties"].(map[string]any); ok {
			for k, p := range props {
				if !required[k] {
					optional++
				}
				walk(p)
			}
		}
		walk(o["items"])
		walk(o["additionalProperties"])
		for _, k := range []string{"anyOf", "oneOf", "allOf"} {
			if list, ok := o[k].([]any); ok {
				for _, b := range list {
					walk(b)
				}
			}
		}
		if defs, ok := o["$defs"].(map[string]any); ok {
			for _, d := range defs {
				walk(d)
			}
		}
	}
	walk(doc)
	return optional, unions, nil
}
