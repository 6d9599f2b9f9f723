package everything

// What the serving commands register with their plain SDK, the same on
// every SDK: the tool whose point is a hand-written schema.

// JSONSchema202012 is the input schema of json_schema_2020_12_tool, as the
// reference server advertises it (SEP-1613: $schema, $defs and
// additionalProperties must reach the client unchanged). stitchgen never
// advertises a $schema, so a server registers this tool with its SDK.
const JSONSchema202012 = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
	`"$defs":{"address":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},` +
	`"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"}},"additionalProperties":false}`

// JSONSchema202012Description is the description of
// json_schema_2020_12_tool.
const JSONSchema202012Description = "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)"

// JSONSchema202012Text is the result text of json_schema_2020_12_tool for
// the arguments of the call (the JSON text of the arguments object).
func JSONSchema202012Text(args string) string {
	if args == "" {
		args = "{}"
	}
	return "JSON Schema 2020-12 tool called with: " + args
}
