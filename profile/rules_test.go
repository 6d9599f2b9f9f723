package profile_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// A ruleCase projects one raw advertised schema under one profile and pins
// the exact output bytes, the mode and the warnings. Every projected
// output is also run through the provider's checker.
type ruleCase struct {
	name     string
	profile  profile.Name
	in       string
	want     string   // the projected schema, compact; "fallback" = the input unchanged
	warnings []string // Warning.String(), tool "t"
	nulls    []string // NullAsAbsent (openai-strict)
	invalid  bool     // the input is no tool schema at all: its fallback is not checked
	forms    []string // Result.Forms as "pointer kind schema"
}

func obj(props string, required ...string) string {
	r := ""
	if len(required) > 0 {
		r = `,"required":["` + strings.Join(required, `","`) + `"]`
	}
	return `{"type":"object","properties":{` + props + `}` + r + `,"additionalProperties":false}`
}

var openAICases = []ruleCase{
	{
		name: "optional property made nullable and required", profile: profile.OpenAIStrict,
		in:    obj(`"a":{"type":"string"},"b":{"type":"integer"}`, "a"),
		want:  obj(`"a":{"type":"string"},"b":{"type":["integer","null"]}`, "a", "b"),
		nulls: []string{"/properties/b"},
	},
	{
		name: "optional enum gets null appended; const becomes enum with null", profile: profile.OpenAIStrict,
		in:    obj(`"e":{"type":"string","enum":["x","y"]},"c":{"type":"string","const":"k"}`),
		want:  obj(`"e":{"type":["string","null"],"enum":["x","y",null]},"c":{"type":["string","null"],"enum":["k",null]}`, "e", "c"),
		nulls: []string{"/properties/e", "/properties/c"},
	},
	{
		name: "an already nullable optional property is listed but unchanged", profile: profile.OpenAIStrict,
		in:    obj(`"n":{"type":["string","null"],"description":"Or null."}`),
		want:  obj(`"n":{"type":["string","null"],"description":"Or null."}`, "n"),
		nulls: []string{"/properties/n"},
	},
	{
		name: "optional reference and union wrapped or extended with null", profile: profile.OpenAIStrict,
		in: `{"type":"object","properties":{"r":{"$ref":"#/$defs/N"},"u":{"anyOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false,` +
			`"$defs":{"N":{"type":"object","properties":{"v":{"type":"string"}},"required":["v"],"additionalProperties":false}}}`,
		want: `{"type":"object","properties":{"r":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]},"u":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}},"required":["r","u"],"additionalProperties":false,` +
			`"$defs":{"N":{"type":"object","properties":{"v":{"type":"string"}},"required":["v"],"additionalProperties":false}}}`,
		nulls: []string{"/properties/r", "/properties/u"},
	},
	{
		name: "a strip object (no additionalProperties) is closed", profile: profile.OpenAIStrict,
		in:   `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"description":"x"}`,
		want: `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"description":"x"}`,
	},
	{
		name: "an empty closed object lists an empty required", profile: profile.OpenAIStrict,
		in:   `{"type":"object","properties":{"o":{"type":"object","additionalProperties":false}},"required":["o"],"additionalProperties":false}`,
		want: `{"type":"object","properties":{"o":{"type":"object","properties":{},"required":[],"additionalProperties":false}},"required":["o"],"additionalProperties":false}`,
	},
	{
		name: "unsupported string constraints move into the description", profile: profile.OpenAIStrict,
		in:   obj(`"s":{"type":"string","format":"uri","pattern":"^(?i)a$","minLength":4,"maxLength":12,"contentEncoding":"base64","description":"Code."}`, "s"),
		want: obj(`"s":{"type":"string","description":"Code. Constraints: format \"uri\", pattern \"^(?i)a$\", minLength 4, maxLength 12, contentEncoding \"base64\"."}`, "s"),
	},
	{
		name: "supported constraints stay keywords", profile: profile.OpenAIStrict,
		in: obj(`"s":{"type":"string","format":"uuid","pattern":"^[A-Z0-9-]{1,8}$"},"n":{"type":"number","minimum":0,"exclusiveMaximum":1,"multipleOf":0.25},`+
			`"a":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":3,"uniqueItems":true}`, "s", "n", "a"),
		want: obj(`"s":{"type":"string","format":"uuid","pattern":"^[A-Z0-9-]{1,8}$"},"n":{"type":"number","minimum":0,"exclusiveMaximum":1,"multipleOf":0.25},`+
			`"a":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":3,"description":"Constraints: uniqueItems true."}`, "s", "n", "a"),
	},
	{
		name: "annotations: title kept, default, examples and deprecated said", profile: profile.OpenAIStrict,
		in:    obj(`"r":{"type":"string","title":"Reason","default":"none","examples":["late","broken"],"deprecated":true}`),
		want:  obj(`"r":{"type":["string","null"],"title":"Reason","description":"Default: \"none\". Examples: \"late\", \"broken\". Deprecated."}`, "r"),
		nulls: []string{"/properties/r"},
	},
	{
		name: "object constraints and vendor keywords", profile: profile.OpenAIStrict,
		in:   `{"type":"object","properties":{"a":{"type":"string","x-go":"A","$comment":"c"}},"required":["a"],"additionalProperties":false,"minProperties":1}`,
		want: `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"description":"Constraints: minProperties 1."}`,
	},
	{
		name: "a reference with a description beside it is inlined", profile: profile.OpenAIStrict,
		in: `{"type":"object","properties":{"p":{"$ref":"#/$defs/P","description":"The point."}},"required":["p"],"additionalProperties":false,` +
			`"$defs":{"P":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false,"description":"P is a point."}}}`,
		want: `{"type":"object","properties":{"p":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false,"description":"The point."}},"required":["p"],"additionalProperties":false}`,
	},
	{
		name: "recursion is kept", profile: profile.OpenAIStrict,
		in: `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"],"additionalProperties":false,` +
			`"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"],"additionalProperties":false}}}`,
		want: `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"],"additionalProperties":false,` +
			`"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","description":"Constraints: minLength 1."},"children":{"type":["array","null"],"items":{"$ref":"#/$defs/Node"}}},"required":["name","children"],"additionalProperties":false}}}`,
		nulls: []string{"/$defs/Node/properties/children"},
	},
	{
		name: "a type array of several types becomes anyOf, keywords by kind", profile: profile.OpenAIStrict,
		in:   obj(`"v":{"type":["string","integer","null"],"minLength":2,"minimum":0,"description":"V."}`, "v"),
		want: obj(`"v":{"anyOf":[{"type":"string","description":"Constraints: minLength 2."},{"type":"integer","minimum":0},{"type":"null"}],"description":"V."}`, "v"),
	},
	{
		name: "an enum of several kinds is split by kind", profile: profile.OpenAIStrict,
		in:   obj(`"v":{"enum":["a",1,true]}`, "v"),
		want: obj(`"v":{"anyOf":[{"type":"string","enum":["a"]},{"type":"integer","enum":[1]},{"type":"boolean","enum":[true]}]}`, "v"),
	},
	{
		name: "oneOf is written as anyOf and said", profile: profile.OpenAIStrict,
		in:   obj(`"u":{"oneOf":[{"type":"string"},{"type":"integer"}]}`, "u"),
		want: obj(`"u":{"anyOf":[{"type":"string"},{"type":"integer"}],"description":"Constraints: oneOf (exactly one anyOf branch matches)."}`, "u"),
	},
	{
		name: "an enum of objects is said, not kept", profile: profile.OpenAIStrict,
		in:   obj(`"e":{"type":"object","properties":{"k":{"type":"string"}},"required":["k"],"additionalProperties":false,"enum":[{"k":"a"}]}`, "e"),
		want: obj(`"e":{"type":"object","properties":{"k":{"type":"string"}},"required":["k"],"additionalProperties":false,"description":"Constraints: enum [{\"k\":\"a\"}]."}`, "e"),
	},
	{
		name: "free-form value: JSON text", profile: profile.OpenAIStrict,
		in:    obj(`"any":{"description":"Anything."}`, "any"),
		want:  obj(`"any":{"type":"string","description":"Anything. Written as a string holding the value's JSON text."}`, "any"),
		forms: []string{"/any json /properties/any"},
	},
	{
		name: "map: entries", profile: profile.OpenAIStrict,
		in: obj(`"m":{"type":"object","additionalProperties":{"type":"string","minLength":2},"maxProperties":3}`, "m"),
		want: obj(`"m":{"type":"array","items":{"type":"object","properties":{"key":{"type":"string"},`+
			`"value":{"type":"string","description":"Constraints: minLength 2."}},"required":["key","value"],"additionalProperties":false},`+
			`"description":"Written as an array of {\"key\", \"value\"} objects, one per entry; each key at most once. Constraints: maxProperties 3."}`, "m"),
		forms: []string{"/m entries /properties/m"},
	},
	{
		name: "map of free-form values in an array: entries of JSON text", profile: profile.AnthropicStrict,
		in: obj(`"l":{"type":"array","items":{"type":"object","additionalProperties":true}}`, "l"),
		want: obj(`"l":{"type":"array","items":{"type":"array","items":{"type":"object","properties":{"key":{"type":"string"},`+
			`"value":{"type":"string","description":"Written as a string holding the value's JSON text."}},"required":["key","value"],"additionalProperties":false},`+
			`"description":"Written as an array of {\"key\", \"value\"} objects, one per entry; each key at most once."}}`, "l"),
		forms: []string{"/l/* entries /properties/l/items", "/l/*/*/value json /properties/l/items/items/properties/value"},
	},
	{
		name: "map inside a union: served non-strict", profile: profile.AnthropicStrict,
		in:       obj(`"u":{"anyOf":[{"type":"string"},{"type":"object","additionalProperties":{"type":"string"}}]}`, "u"),
		want:     "fallback",
		warnings: []string{"t /properties/u/anyOf/1: a map inside a union (anyOf): its reversible form could not be told apart from the other branches"},
	},
	{
		name: "root object without properties: served non-strict, never as JSON text", profile: profile.OpenAIStrict,
		in:       `{"type":"object"}`,
		want:     "fallback",
		warnings: []string{"t: a free-form value as the whole arguments: the arguments must stay an object, which its reversible form is not"},
	},
	{
		name: "root map: served non-strict, never as entries", profile: profile.AnthropicStrict,
		in:       `{"type":"object","additionalProperties":{"type":"string"}}`,
		want:     "fallback",
		warnings: []string{"t: a map as the whole arguments: the arguments must stay an object, which its reversible form is not"},
	},
	{
		name: "root map under gemini: served in the fallback form, never as entries", profile: profile.Gemini,
		in:       `{"type":"object","additionalProperties":{"type":"string"}}`,
		want:     "fallback",
		warnings: []string{"t: a map as the whole arguments: the arguments must stay an object, which its reversible form is not"},
	},
	{
		name: "loose object: extra members as entries", profile: profile.OpenAIStrict,
		in: `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{}}`,
		want: `{"type":"object","properties":{"a":{"type":["string","null"]},"additional_properties":{"type":"array","items":{"type":"object",` +
			`"properties":{"key":{"type":"string"},"value":{"type":"string","description":"Written as a string holding the value's JSON text."}},"required":["key","value"],"additionalProperties":false},` +
			`"description":"Members other than the properties above, as an array of {\"key\", \"value\"} objects; each key at most once."}},"required":["a","additional_properties"],"additionalProperties":false}`,
		nulls: []string{"/properties/a"},
		forms: []string{" extra ", "/additional_properties/*/value json /properties/additional_properties/items/properties/value"},
	},
	{
		name: "loose object with a property named additional_properties: served non-strict", profile: profile.AnthropicStrict,
		in:       `{"type":"object","properties":{"additional_properties":{"type":"string"}},"additionalProperties":{}}`,
		want:     "fallback",
		warnings: []string{"t /properties/additional_properties: a loose object with a property named additional_properties: its other members have no place to be written"},
	},
	{
		name: "any object or array (a collided key): one JSON text", profile: profile.OpenAIStrict,
		in:    obj(`"media":{"type":["object","array"]}`, "media"),
		want:  obj(`"media":{"type":"string","description":"Written as a string holding the value's JSON text."}`, "media"),
		forms: []string{"/media json /properties/media"},
	},
	{
		name: "anyOf object branches sharing a first key: reordered", profile: profile.OpenAIStrict,
		in:   obj(`"c":{"anyOf":[{"type":"object","properties":{"name":{"type":"string"},"email":{"type":"string"}},"required":["name","email"],"additionalProperties":false},{"type":"object","properties":{"name":{"type":"string"},"phone":{"type":"string"}},"required":["name","phone"],"additionalProperties":false}]}`, "c"),
		want: obj(`"c":{"anyOf":[{"type":"object","properties":{"email":{"type":"string"},"name":{"type":"string"}},"required":["name","email"],"additionalProperties":false},{"type":"object","properties":{"name":{"type":"string"},"phone":{"type":"string"}},"required":["name","phone"],"additionalProperties":false}]}`, "c"),
	},
	{
		name: "anyOf object branches that cannot start with keys of their own: served non-strict", profile: profile.OpenAIStrict,
		in:       obj(`"c":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"additionalProperties":false}]}`, "c"),
		want:     "fallback",
		warnings: []string{`t /properties/c/anyOf: object branches that cannot each start with a key of their own: OpenAI strict refuses "Objects provided via 'anyOf' must not share identical first keys"`},
	},
	{
		name: "allOf and prefixItems: served non-strict", profile: profile.OpenAIStrict,
		in:   obj(`"a":{"allOf":[{"type":"string"}]},"t":{"type":"array","prefixItems":[{"type":"string"}]}`, "a", "t"),
		want: "fallback",
		warnings: []string{
			`t /properties/a/allOf: keyword "allOf" cannot be expressed in strict mode`,
			`t /properties/t/prefixItems: keyword "prefixItems" cannot be expressed in strict mode`,
		},
	},
	{
		name: "object keywords beside a typeless anyOf: served non-strict", profile: profile.OpenAIStrict,
		in:       obj(`"u":{"anyOf":[{"type":"object","properties":{},"additionalProperties":false}],"properties":{"a":{"type":"string"}},"required":["a"]}`, "u"),
		want:     "fallback",
		warnings: []string{"t /properties/u: object or array keywords beside anyOf without a type cannot be expressed in strict mode"},
	},
	{
		name: "a type beside a union is left to its branches, null kept", profile: profile.OpenAIStrict,
		in: obj(`"u":{"type":["object","null"],"oneOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},`+
			`{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"additionalProperties":false}]}`, "u"),
		want: obj(`"u":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},`+
			`{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"additionalProperties":false},{"type":"null"}],"description":"Constraints: oneOf (exactly one anyOf branch matches)."}`, "u"),
	},
	{
		name: "the root must be an object", profile: profile.OpenAIStrict,
		in:       `{"anyOf":[{"type":"object","properties":{},"additionalProperties":false}]}`,
		want:     "fallback",
		warnings: []string{"t: the root is a union: a tool's input must be one object schema, not anyOf"},
		invalid:  true,
	},
	{
		name: "a dangling reference: served non-strict", profile: profile.OpenAIStrict,
		in:       obj(`"r":{"$ref":"#/$defs/Gone"}`, "r"),
		want:     "fallback",
		warnings: []string{`t /properties/r/$ref: $ref "#/$defs/Gone" does not name an entry of the root $defs`},
		invalid:  true,
	},
	{
		name: "a required key without a schema: served non-strict", profile: profile.OpenAIStrict,
		in:       obj(`"a":{"type":"string"}`, "a", "b"),
		want:     "fallback",
		warnings: []string{`t /required: required key "b" has no schema in properties`},
	},
	{
		name: "more than 10 levels: served non-strict", profile: profile.OpenAIStrict,
		in:       nested(11),
		want:     "fallback",
		warnings: []string{"t " + strings.Repeat("/properties/a", 10) + ": 11 levels of nesting: OpenAI strict takes at most 10"},
	},
	{
		name: "10 levels are fine", profile: profile.OpenAIStrict,
		in:   nested(10),
		want: nested(10),
	},
	{
		name: "more than 1000 enum values: served non-strict", profile: profile.OpenAIStrict,
		in:       obj(`"e":{"type":"integer","enum":[`+numbers(1001)+`]}`, "e"),
		want:     "fallback",
		warnings: []string{"t: 1001 enum values: OpenAI strict takes at most 1000 in one schema"},
	},
}

var anthropicCases = []ruleCase{
	{
		name: "optional properties stay optional", profile: profile.AnthropicStrict,
		in:   `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}`,
		want: `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"],"additionalProperties":false}`,
	},
	{
		name: "number, length and item constraints are said; minItems 0 or 1 stays", profile: profile.AnthropicStrict,
		in: obj(`"n":{"type":"integer","minimum":1,"maximum":99},"s":{"type":"string","minLength":4,"maxLength":12,"format":"uri"},`+
			`"a":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":5},"b":{"type":"array","items":{"type":"string"},"minItems":2}`, "n", "s", "a", "b"),
		want: obj(`"n":{"type":"integer","description":"Constraints: minimum 1, maximum 99."},"s":{"type":"string","format":"uri","description":"Constraints: minLength 4, maxLength 12."},`+
			`"a":{"type":"array","items":{"type":"string"},"minItems":1,"description":"Constraints: maxItems 5."},"b":{"type":"array","items":{"type":"string"},"description":"Constraints: minItems 2."}`, "n", "s", "a", "b"),
	},
	{
		name: "patterns outside the supported subset are said", profile: profile.AnthropicStrict,
		in:   obj(`"w":{"type":"string","pattern":"\\bword\\b"},"r":{"type":"string","pattern":"^a{1,500}$"},"ok":{"type":"string","pattern":"^[a-z]+(?:-[a-z]+)*$"}`, "w", "r", "ok"),
		want: obj(`"w":{"type":"string","description":"Constraints: pattern \"\\\\bword\\\\b\"."},"r":{"type":"string","description":"Constraints: pattern \"^a{1,500}$\"."},"ok":{"type":"string","pattern":"^[a-z]+(?:-[a-z]+)*$"}`, "w", "r", "ok"),
	},
	{
		name: "recursion: served non-strict", profile: profile.AnthropicStrict,
		in: `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"],"additionalProperties":false,` +
			`"$defs":{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"additionalProperties":false}}}`,
		want:     "fallback",
		warnings: []string{`t /properties/root: recursive schema ($ref cycle through "#/$defs/Node") is not supported in strict mode`},
	},
	{
		name: "a non-recursive reference stays", profile: profile.AnthropicStrict,
		in: `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"required":["p"],"additionalProperties":false,` +
			`"$defs":{"P":{"type":"object","properties":{"x":{"type":"integer","minimum":0}},"required":["x"],"additionalProperties":false}}}`,
		want: `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"required":["p"],"additionalProperties":false,` +
			`"$defs":{"P":{"type":"object","properties":{"x":{"type":"integer","description":"Constraints: minimum 0."}},"required":["x"],"additionalProperties":false}}}`,
	},
	{
		name: "more than 24 optional properties in one tool: served non-strict", profile: profile.AnthropicStrict,
		in:       obj(props(25, `{"type":"string"}`)),
		want:     "fallback",
		warnings: []string{"t: 25 optional properties: Anthropic strict takes at most 24 in one request"},
	},
	{
		name: "more than 16 union-typed schemas in one tool: served non-strict", profile: profile.AnthropicStrict,
		in:       obj(props(17, `{"type":["string","null"]}`), keys(17)...),
		want:     "fallback",
		warnings: []string{"t: 17 union-typed schemas (anyOf or a type array): Anthropic strict takes at most 16 in one request"},
	},
}

var geminiCases = []ruleCase{
	{
		name: "types upper-case, nullable, propertyOrdering, key policy said", profile: profile.Gemini,
		in: `{"type":"object","properties":{"id":{"type":"string","pattern":"^o-[0-9]+$"},"note":{"type":["string","null"],"maxLength":500,"description":"Or null."},` +
			`"n":{"type":"integer","minimum":1,"maximum":99}},"required":["id","note"],"additionalProperties":false}`,
		want: `{"type":"OBJECT","description":"Constraints: additionalProperties false.","properties":{"id":{"type":"STRING","pattern":"^o-[0-9]+$"},` +
			`"note":{"type":"STRING","description":"Or null.","nullable":true,"maxLength":500},"n":{"type":"INTEGER","minimum":1,"maximum":99}},` +
			`"required":["id","note"],"propertyOrdering":["id","note","n"]}`,
	},
	{
		name: "enums: strings kept without null, const as one-value enum, numbers said", profile: profile.Gemini,
		in: `{"type":"object","properties":{"w":{"type":["string","null"],"enum":["am","pm",null]},"c":{"type":"string","const":"k"},` +
			`"i":{"type":"integer","enum":[1,2]},"b":{"type":"boolean","const":true}}}`,
		want: `{"type":"OBJECT","properties":{"w":{"type":"STRING","nullable":true,"enum":["am","pm"]},"c":{"type":"STRING","enum":["k"]},` +
			`"i":{"type":"INTEGER","description":"Constraints: enum [1,2]."},"b":{"type":"BOOLEAN","description":"Constraints: const true."}},"propertyOrdering":["w","c","i","b"]}`,
	},
	{
		name: "keywords the Schema lacks are said", profile: profile.Gemini,
		in: `{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0,"multipleOf":0.5,"maximum":0.1},"s":{"type":"string","format":"email","contentEncoding":"base64"},` +
			`"t":{"type":"string","format":"date-time"},"a":{"type":"array","items":{"type":"string"},"uniqueItems":true,"minItems":1},"m":{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":{"type":"integer"}}}}`,
		want: `{"type":"OBJECT","properties":{"n":{"type":"NUMBER","description":"Constraints: exclusiveMinimum 0, multipleOf 0.5, maximum 0.1."},` +
			`"s":{"type":"STRING","description":"Constraints: format \"email\", contentEncoding \"base64\"."},"t":{"type":"STRING","format":"date-time"},` +
			`"a":{"type":"ARRAY","description":"Constraints: uniqueItems true.","items":{"type":"STRING"},"minItems":1},` +
			`"m":{"type":"OBJECT","description":"Constraints: additionalProperties {\"type\":\"integer\"}.","properties":{"x":{"type":"INTEGER"}},"propertyOrdering":["x"]}},"propertyOrdering":["n","s","t","a","m"]}`,
	},
	{
		name: "a type array of several types becomes anyOf", profile: profile.Gemini,
		in:   `{"type":"object","properties":{"v":{"type":["string","number","null"],"maxLength":3,"minimum":0,"description":"V."}}}`,
		want: `{"type":"OBJECT","properties":{"v":{"anyOf":[{"type":"STRING","nullable":true,"maxLength":3},{"type":"NUMBER","nullable":true,"minimum":0}],"description":"V."}},"propertyOrdering":["v"]}`,
	},
	{
		name: "a nullable reference is inlined and nullable; oneOf as anyOf", profile: profile.Gemini,
		in: `{"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/$defs/P"},{"type":"null"}],"description":"Point."},"u":{"oneOf":[{"type":"string"},{"type":"integer"}]}},` +
			`"$defs":{"P":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false,"description":"P is a point."}}}`,
		want: `{"type":"OBJECT","properties":{"p":{"type":"OBJECT","description":"Point. Constraints: additionalProperties false.","nullable":true,"properties":{"x":{"type":"INTEGER"}},"required":["x"],"propertyOrdering":["x"]},` +
			`"u":{"anyOf":[{"type":"STRING"},{"type":"INTEGER"}],"description":"Constraints: oneOf (exactly one anyOf branch matches)."}},"propertyOrdering":["p","u"]}`,
	},
	{
		name: "object keywords beside anyOf: served as parametersJsonSchema", profile: profile.Gemini,
		in:       `{"type":"object","properties":{"u":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}}],"required":["a"]}}}`,
		want:     "fallback",
		warnings: []string{"t /properties/u: object or array keywords beside anyOf cannot be expressed in Gemini's Schema"},
	},
	{
		name: "a type beside a union is left to its branches, null kept", profile: profile.Gemini,
		in: `{"type":"object","properties":{"u":{"type":["object","null"],"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}}}`,
		want: `{"type":"OBJECT","properties":{"u":{"anyOf":[{"type":"OBJECT","nullable":true,"properties":{"a":{"type":"STRING"}},"propertyOrdering":["a"]},` +
			`{"type":"OBJECT","nullable":true,"properties":{"b":{"type":"STRING"}},"propertyOrdering":["b"]}],"description":"Constraints: oneOf (exactly one anyOf branch matches)."}},"propertyOrdering":["u"]}`,
	},
	{
		name: "annotations: title and default kept, examples and deprecated said", profile: profile.Gemini,
		in:   `{"type":"object","properties":{"r":{"type":"string","title":"Reason","default":"none","examples":["late"],"deprecated":true}}}`,
		want: `{"type":"OBJECT","properties":{"r":{"type":"STRING","title":"Reason","description":"Examples: \"late\". Deprecated.","default":"none"}},"propertyOrdering":["r"]}`,
	},
	{
		name: "no arguments: no parameters", profile: profile.Gemini,
		in:   `{"type":"object","properties":{},"additionalProperties":false}`,
		want: "null",
	},
	{
		name: "recursion: served as parametersJsonSchema", profile: profile.Gemini,
		in: `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"],"additionalProperties":false,` +
			`"$defs":{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"additionalProperties":false}}}`,
		want:     "fallback",
		warnings: []string{`t /properties/root: recursive schema ($ref cycle through "#/$defs/Node") cannot be expressed in Gemini's Schema (no $ref)`},
	},
	{
		name: "map and free-form value: entries and JSON text", profile: profile.Gemini,
		in: `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}},"any":{}}}`,
		want: `{"type":"OBJECT","properties":{"m":{"type":"ARRAY","description":"Written as an array of {\"key\", \"value\"} objects, one per entry; each key at most once.",` +
			`"items":{"type":"OBJECT","properties":{"key":{"type":"STRING"},"value":{"type":"STRING"}},"required":["key","value"],"propertyOrdering":["key","value"]}},` +
			`"any":{"type":"STRING","description":"Written as a string holding the value's JSON text."}},"propertyOrdering":["m","any"]}`,
		forms: []string{"/m entries /properties/m", "/any json /properties/any"},
	},
}

var mcpCases = []ruleCase{
	{
		name: "mcp is the advertised document", profile: profile.MCP,
		in:   `{"type":"object","properties":{"any":{},"m":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":{}}`,
		want: "fallback",
	},
}

// extrasCases pin each profile's rule for extension keywords ("x-" keys
// from jsonschema_extras): mcp keeps them; the strict profiles and Gemini's
// typed Schema leave them out (they assert nothing about a call, and a
// provider's strict grammar or typed Schema has no slot for them); a
// fallback serves the advertised document, x- keywords included.
var extrasCases = []ruleCase{
	{
		name: "mcp keeps x- keywords", profile: profile.MCP,
		in:   obj(`"owner":{"type":"string","x-mcp-header":"owner","x-tags":["a","b"]}`, "owner"),
		want: "fallback",
	},
	{
		name: "openai-strict leaves x- keywords out", profile: profile.OpenAIStrict,
		in:    obj(`"owner":{"type":"string","description":"Who.","x-mcp-header":"owner"},"n":{"type":"integer","x-internal":true}`, "owner"),
		want:  obj(`"owner":{"type":"string","description":"Who."},"n":{"type":["integer","null"]}`, "owner", "n"),
		nulls: []string{"/properties/n"},
	},
	{
		name: "openai-strict fallback keeps x- keywords", profile: profile.OpenAIStrict,
		in:       obj(`"owner":{"type":"string","x-mcp-header":"owner"},"any":{"x-kind":"free","not":{}}`, "owner"),
		want:     "fallback",
		warnings: []string{`t /properties/any/not: keyword "not" cannot be expressed in strict mode`},
	},
	{
		name: "anthropic-strict leaves x- keywords out", profile: profile.AnthropicStrict,
		in:   obj(`"owner":{"type":"string","x-mcp-header":"owner"}`, "owner"),
		want: obj(`"owner":{"type":"string"}`, "owner"),
	},
	{
		name: "gemini parameters leave x- keywords out", profile: profile.Gemini,
		in:   obj(`"owner":{"type":"string","x-mcp-header":"owner"}`, "owner"),
		want: `{"type":"OBJECT","description":"Constraints: additionalProperties false.","properties":{"owner":{"type":"STRING"}},"required":["owner"],"propertyOrdering":["owner"]}`,
	},
	{
		name: "gemini parametersJsonSchema keeps x- keywords", profile: profile.Gemini,
		in:       obj(`"owner":{"type":"string","x-mcp-header":"owner"},"m":{"type":"object","properties":{"a":{"type":"string"}},"not":{},"x-kind":"map"}`, "owner"),
		want:     "fallback",
		warnings: []string{`t /properties/m/not: keyword "not" cannot be expressed in Gemini's Schema`},
	},
}

func nested(levels int) string {
	s := `{"type":"string"}`
	for range levels {
		s = obj(`"a":`+s, "a")
	}
	return s
}

func numbers(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i)
	}
	return strings.Join(parts, ",")
}

// props returns n properties p0, p1, ... with the same schema.
func props(n int, schema string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = `"p` + strconv.Itoa(i) + `":` + schema
	}
	return strings.Join(parts, ",")
}

func keys(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "p" + strconv.Itoa(i)
	}
	return out
}

func TestRules(t *testing.T) {
	for _, group := range [][]ruleCase{openAICases, anthropicCases, geminiCases, mcpCases, extrasCases} {
		for _, c := range group {
			t.Run(string(c.profile)+"/"+c.name, func(t *testing.T) {
				in := mustParse(t, c.in).(*model.Object)
				r, err := profile.Project(c.profile, "t", in)
				if err != nil {
					t.Fatal(err)
				}
				want := c.want
				if want == "fallback" {
					want = c.in
				}
				switch {
				case want == "null":
					if r.Schema != nil {
						t.Errorf("schema %s, want none", model.MustMarshal(r.Schema))
					}
				case string(model.MustMarshal(r.Schema)) != string(model.MustMarshal(mustParse(t, want))):
					t.Errorf("schema\n got %s\nwant %s", model.MustMarshal(r.Schema), model.MustMarshal(mustParse(t, want)))
				}
				native := r.Strict || r.Dialect == profile.OpenAPI
				if wantNative := c.want != "fallback" && c.profile != profile.MCP; native != wantNative {
					t.Errorf("strict %v, dialect %s; want the profile's own form: %v", r.Strict, r.Dialect, wantNative)
				}
				var ws []string
				for _, w := range r.Warnings {
					ws = append(ws, w.String())
				}
				if strings.Join(ws, "\n") != strings.Join(c.warnings, "\n") {
					t.Errorf("warnings\n got %q\nwant %q", ws, c.warnings)
				}
				if strings.Join(r.NullAsAbsent, " ") != strings.Join(c.nulls, " ") {
					t.Errorf("NullAsAbsent %q, want %q", r.NullAsAbsent, c.nulls)
				}
				var fs []string
				for _, f := range r.Forms {
					fs = append(fs, f.Pointer+" "+string(f.Kind)+" "+f.Schema)
				}
				if strings.Join(fs, "\n") != strings.Join(c.forms, "\n") {
					t.Errorf("forms\n got %q\nwant %q", fs, c.forms)
				}
				if ps := accepts(c.profile, r); len(ps) > 0 && !c.invalid {
					t.Errorf("the provider's checker rejects the result: %v", ps)
				}
			})
		}
	}
}
