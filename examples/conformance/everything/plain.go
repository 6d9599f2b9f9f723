package everything

import (
	"fmt"
	"time"
)

// What the serving commands register with their plain SDK, the same on
// every SDK: the tool whose point is a hand-written schema.

// JSONSchema202012 is the input schema of json_schema_2020_12_tool, as the
// reference server advertises it (SEP-1613: $schema, $defs and
// additionalProperties must reach the client unchanged; SEP-2106, checked
// from revision 2026-07-28: $anchor, allOf and anyOf, if, then and else
// too). stitchgen never
// advertises a $schema, so a server registers this tool with its SDK.
const JSONSchema202012 = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
	`"$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},` +
	`"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},` +
	`"contactMethod":{"type":"string","enum":["phone","email"]},"phone":{"type":"string"},"email":{"type":"string"}},` +
	`"allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],` +
	`"if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},` +
	`"then":{"required":["phone"]},"else":{"required":["email"]},"additionalProperties":false}`

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

// The prompt test_input_required_result_prompt (SEP-2322, revision
// 2026-07-28), which each server registers with its plain SDK (prompts are
// not stitchgen contracts): it asks the client, through an input-required
// result, for the context of the prompt under the key PromptInputKey, with
// PromptInputMessage and PromptInputSchema, and then answers one user
// message of PromptInputText.
const (
	PromptInputName        = "test_input_required_result_prompt"
	PromptInputDescription = "A prompt that asks the client for its context through an input-required result (SEP-2322)"
	PromptInputKey         = "user_context"
	PromptInputMessage     = "What context should the prompt use?"
	PromptInputSchema      = `{"type":"object","properties":{"context":{"type":"string"}},"required":["context"]}`
)

// PromptInputText is the message of test_input_required_result_prompt for
// the context the user gave.
func PromptInputText(context any) string {
	return fmt.Sprintf("Answer with this context in mind: %v", context)
}

// The tool and the prompt that test_trigger_tool_change and
// test_trigger_prompt_change add when they are absent and remove when they
// are there: each change makes the server send a list_changed notification.
const (
	DynamicToolName   = "test_dynamic_tool"
	DynamicPromptName = "test_dynamic_prompt"
	DynamicText       = "A tool or prompt added by a test_trigger_*_change call"
)

// TriggerText is the result text of the trigger tools: whether the tool or
// prompt name is there after the call.
func TriggerText(name string, added bool) string {
	if added {
		return "added " + name
	}
	return "removed " + name
}

// ListTTL is how long a client of revision 2026-07-28 may keep the lists
// of the resources and resource templates, which do not change while a
// server runs (the caching hints of SEP-2549).
const ListTTL = time.Minute
