package profile

import "fmt"

// OpenAI strict function calling, as the Structured Outputs guide's
// "Supported schemas" section documents it
// (developers.openai.com/api/docs/guides/structured-outputs#supported-schemas):
//
//   - types string, number, boolean, integer, object, array, enum, anyOf;
//     the root an object, not anyOf; $defs and recursion (#, #/$defs/...)
//     supported;
//   - "All fields must be required", optional ones emulated "by using a
//     union type with null"; "additionalProperties: false must always be
//     set in objects";
//   - string: pattern, format (date-time, time, date, duration, email,
//     hostname, ipv4, ipv6, uuid); number: multipleOf, maximum,
//     exclusiveMaximum, minimum, exclusiveMinimum; array: minItems,
//     maxItems. Anything else is an error under strict ("'default' is not
//     permitted", "'propertyNames' is not permitted": the API answers 400).
//     minLength and maxLength are not in the list (only implied by the
//     fine-tuned-model exclusions): we treat them as unsupported;
//   - limits: 5000 object properties and 10 levels of nesting; 120,000
//     characters of property names, definition names, enum and const
//     values; 1000 enum values; a string enum of more than 250 values at
//     most 15,000 characters.
//
// Undocumented, chosen conservatively: title and description are kept
// (OpenAI's own Python SDK sends Pydantic's titles under strict); a $ref
// stands alone (the Python SDK's to_strict_json_schema inlines a $ref with
// siblings for the same reason); patterns stay inside simplePattern's
// subset; an array counts as a nesting level.
var openAIRules = strictRules{
	keep:        openAIKeeps,
	allRequired: true,
	recursion:   true,
	limits:      openAILimits,

	distinctFirstKeys: true,
}

var openAIFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

// OpenAI's documented limits for one strict schema.
const (
	openAIMaxProperties    = 5000
	openAIMaxDepth         = 10
	openAIMaxEnumValues    = 1000
	openAIMaxStringSize    = 120000
	openAILargeEnum        = 250
	openAILargeEnumMaxSize = 15000
)

func openAIKeeps(k string, v any) bool {
	switch k {
	case "pattern":
		s, ok := v.(string)
		return ok && simplePattern(s)
	case "format":
		s, ok := v.(string)
		return ok && isIn(s, openAIFormats)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return isFinite(v)
	case "minItems", "maxItems":
		return isCount(v)
	}
	return false
}

func openAILimits(c Counts, x extent) []Warning {
	var ws []Warning
	if c.Properties > openAIMaxProperties {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d object properties: OpenAI strict takes at most %d in one schema", c.Properties, openAIMaxProperties)})
	}
	if c.Depth > openAIMaxDepth {
		ws = append(ws, Warning{Pointer: x.deepest, Message: fmt.Sprintf("%d levels of nesting: OpenAI strict takes at most %d", c.Depth, openAIMaxDepth)})
	}
	if c.EnumValues > openAIMaxEnumValues {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d enum values: OpenAI strict takes at most %d in one schema", c.EnumValues, openAIMaxEnumValues)})
	}
	if c.StringSize > openAIMaxStringSize {
		ws = append(ws, Warning{Message: fmt.Sprintf("%d bytes of property names, $defs names, enum and const values: OpenAI strict takes at most %d characters", c.StringSize, openAIMaxStringSize)})
	}
	for _, ptr := range x.largeEnums {
		ws = append(ws, Warning{Pointer: ptr, Message: fmt.Sprintf("an enum of more than %d strings over %d characters in all: OpenAI strict's limit", openAILargeEnum, openAILargeEnumMaxSize)})
	}
	return ws
}
