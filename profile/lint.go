package profile

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// A Rule names one provider rule that Lint checks.
type Rule string

// The rules Lint checks, with their sources. They hold for every profile,
// mcp included: a tool served over MCP reaches these providers through
// their clients.
const (
	// RuleTypedComposition: a property whose schema is a $ref, anyOf,
	// oneOf or allOf carries no type. Gemini CLI (from 0.1.x, before
	// google-gemini/gemini-cli#9574) skips such a tool: "Skipping tool ...
	// because it has missing types in its parameter schema".
	RuleTypedComposition Rule = "typed-composition"
	// RuleOpenAIToolName: OpenAI function names "must be a-z, A-Z, 0-9, or
	// contain underscores and dashes, with a maximum length of 64"
	// (openai-go FunctionDefinitionParam.Name).
	RuleOpenAIToolName Rule = "openai-tool-name"
	// RuleAnthropicToolName: Anthropic tool names match
	// ^[a-zA-Z0-9_-]{1,64}$ (the API's 400 "String should match pattern";
	// a later 128 would only widen it).
	RuleAnthropicToolName Rule = "anthropic-tool-name"
	// RuleAnthropicPropertyName: Anthropic property keys match
	// ^[a-zA-Z0-9_.-]{1,64}$ ("Property keys should match pattern"; the
	// API rejects the whole request). Checked at every level.
	RuleAnthropicPropertyName Rule = "anthropic-property-name"
	// RuleGeminiToolName: Gemini function names "must start with a letter
	// or an underscore" and contain a-z, A-Z, 0-9, underscores, dots and
	// dashes, at most 64 (Vertex AI reference; genai's allows colons and
	// 128: the intersection is checked).
	RuleGeminiToolName Rule = "gemini-tool-name"
	// RuleGeminiPropertyName: Gemini parameter names "must start with a
	// letter or an underscore and must only contain chars a-z, A-Z, 0-9, or
	// underscores with a maximum length of 64" (genai
	// FunctionDeclaration.Parameters). Checked at every level.
	RuleGeminiPropertyName Rule = "gemini-property-name"
)

// A Finding is one place where a tool breaks a provider rule.
type Finding struct {
	Tool    string
	Pointer string // JSON Pointer into the advertised document; "" is the tool itself
	Rule    Rule
	Message string
}

// String returns "tool /pointer: message [rule]".
func (f Finding) String() string {
	at := f.Tool
	if f.Pointer != "" {
		at += " " + f.Pointer
	}
	return at + ": " + f.Message + " [" + string(f.Rule) + "]"
}

var (
	openAIToolName        = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	anthropicToolName     = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	anthropicPropertyName = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)
	geminiToolName        = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$`)
	geminiPropertyName    = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`)
)

// Lint returns where tool and its advertised input schema break the
// providers' naming rules and the typed-composition rule, tool name first,
// then properties in document order.
func Lint(tool string, advertised *model.Object) []Finding {
	l := &linter{tool: tool}
	for _, r := range []struct {
		re   *regexp.Regexp
		rule Rule
		who  string
	}{
		{openAIToolName, RuleOpenAIToolName, "OpenAI function names match " + openAIToolName.String()},
		{anthropicToolName, RuleAnthropicToolName, "Anthropic tool names match " + anthropicToolName.String()},
		{geminiToolName, RuleGeminiToolName, "Gemini function names match " + geminiToolName.String()},
	} {
		if !r.re.MatchString(tool) {
			l.report("", r.rule, fmt.Sprintf("tool name %q: %s", tool, r.who))
		}
	}
	l.walk(advertised, "")
	return l.out
}

type linter struct {
	tool string
	out  []Finding
}

func (l *linter) report(ptr string, rule Rule, msg string) {
	l.out = append(l.out, Finding{Tool: l.tool, Pointer: ptr, Rule: rule, Message: msg})
}

// walk visits every schema below v; properties are checked where declared.
func (l *linter) walk(v any, ptr string) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return
	}
	if props, ok := o.Value("properties").(*model.Object); ok {
		for _, m := range props.Members {
			l.property(m.Key, m.Value, ptr+"/properties/"+facts.PointerToken(m.Key))
		}
	}
	for _, k := range model.OneSchemaKeywords {
		l.walk(o.Value(k), ptr+"/"+k)
	}
	for _, k := range model.ListSchemaKeywords {
		list, _ := model.List(o.Value(k))
		for i, b := range list {
			l.walk(b, ptr+"/"+k+"/"+strconv.Itoa(i))
		}
	}
	if defs, ok := o.Value("$defs").(*model.Object); ok {
		for _, d := range defs.Members {
			l.walk(d.Value, ptr+"/$defs/"+facts.PointerToken(d.Key))
		}
	}
}

func (l *linter) property(name string, s any, ptr string) {
	if !anthropicPropertyName.MatchString(name) {
		l.report(ptr, RuleAnthropicPropertyName, fmt.Sprintf("property name %q: Anthropic property keys match %s", name, anthropicPropertyName))
	}
	if !geminiPropertyName.MatchString(name) {
		l.report(ptr, RuleGeminiPropertyName, fmt.Sprintf("property name %q: Gemini parameter names match %s", name, geminiPropertyName))
	}
	if o, ok := s.(*model.Object); ok && o != nil && !o.Has("type") {
		for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf"} {
			if o.Has(k) {
				l.report(ptr, RuleTypedComposition, "property has "+k+" but no type: Gemini CLI releases before google-gemini/gemini-cli#9574 skip a tool with an untyped property (a recursive type is a $ref, an untagged union an anyOf: a discriminated union or a non-recursive type avoids it)")
				break
			}
		}
	}
	l.walk(s, ptr)
}
