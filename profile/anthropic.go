package profile

import (
	"fmt"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// Anthropic strict tool use ("strict": true on a tool), as the structured
// outputs guide documents it
// (platform.claude.com/docs/en/build-with-claude/structured-outputs,
// "JSON Schema limitations" and the limits table; the strict tool use page
// points there) and as anthropic-sdk-go (v1.60.0, schemautil.go) applies
// it in BetaToolInputSchema and BetaJSONSchemaOutputFormat:
//
//   - kept keywords: $ref, $defs, type, anyOf, oneOf, allOf, description,
//     title, enum, const, properties, additionalProperties, required,
//     items, minItems, format, pattern (the SDK's supportedSchemaKeys);
//   - formats: date-time, time, date, duration, email, hostname, uri,
//     ipv4, ipv6, uuid (the SDK's supportedStringFormats);
//   - minItems only 0 or 1; no minimum, maximum, multipleOf, minLength,
//     maxLength; "additionalProperties: false" on every object; no
//     recursive schemas; enums of primitives only; patterns without
//     backreferences, lookaround, word boundaries or large {n,m};
//   - per request, over all strict tools: at most 20 strict tools, 24
//     optional parameters ("each parameter not listed in required"), 16
//     parameters using anyOf or a type array.
//
// The SDK moves what it removes into the description ("{minimum: 1}"),
// sees a $ref with siblings as the $ref alone, and, because it parses into
// invopop's jsonschema.Schema whose type is one string, turns a schema with
// a type array into {"type":"object"}: the projection is written for the
// raw input_schema, never for that helper. Undocumented, chosen
// conservatively: the optional and union counts are taken at every level
// (a union is any node with anyOf or a type array), and oneOf is written
// as anyOf as the SDK does.
var anthropicRules = strictRules{
	keep:   anthropicKeeps,
	limits: anthropicLimits,
}

var anthropicFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

func anthropicKeeps(k string, v any) bool {
	switch k {
	case "pattern":
		s, ok := v.(string)
		return ok && simplePattern(s)
	case "format":
		s, ok := v.(string)
		return ok && isIn(s, anthropicFormats)
	case "minItems":
		return isCount(v) && (v == model.Number("0") || v == model.Number("1") || v == 0 || v == 1)
	}
	return false
}

// anthropicLimits rejects a tool that alone breaks a per-request limit; a
// set of tools is checked by CheckRequest.
func anthropicLimits(c Counts, _ extent) []Warning {
	var ws []Warning
	if c.Optional > facts.AnthropicMaxOptional {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d optional properties: Anthropic strict takes at most %d in one request", c.Optional, facts.AnthropicMaxOptional)})
	}
	if c.Unions > facts.AnthropicMaxUnions {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d union-typed schemas (anyOf or a type array): Anthropic strict takes at most %d in one request", c.Unions, facts.AnthropicMaxUnions)})
	}
	return ws
}
