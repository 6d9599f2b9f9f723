package everything

import (
	"bytes"
	"encoding/json"
	"strings"
)

// What the tools that need an SDK's session send and answer, the same on
// every adapter: the serving command's methods send these requests with
// its SDK and build their result text with these functions.

// SamplingMaxTokens is the maxTokens of the sampling/createMessage request
// of tool test_sampling; its one message is the prompt, as text from the
// user.
const SamplingMaxTokens = 100

// SamplingText is the result text of tool test_sampling for the text of
// the model's answer.
func SamplingText(answer string) string { return "LLM response: " + answer }

// An ElicitRequest is the elicitation/create request of a tool: the message
// shown to the user and the requested schema (JSON, in the reference
// server's key order).
type ElicitRequest struct {
	Message string
	Schema  json.RawMessage
}

// Elicitation is the request of tool test_elicitation. Its schema is the
// one the scenario (tools-call-elicitation) describes and answers, a
// required username and email; the reference server asks for a
// "response" instead, which an SDK that validates the user's answer
// against the requested schema (the Go SDK does) would reject.
func Elicitation(in TestElicitation) ElicitRequest {
	return ElicitRequest{Message: in.Message, Schema: json.RawMessage(`{"type":"object","properties":{` +
		`"username":{"type":"string","description":"User's response"},` +
		`"email":{"type":"string","description":"User's email address"}},` +
		`"required":["username","email"]}`)}
}

// ElicitationDefaults is the request of tool
// test_elicitation_sep1034_defaults: a default for every primitive type
// (SEP-1034).
var ElicitationDefaults = ElicitRequest{
	Message: "Please review and update the form fields with defaults",
	Schema: json.RawMessage(`{"type":"object","properties":{` +
		`"name":{"type":"string","description":"User name","default":"John Doe"},` +
		`"age":{"type":"integer","description":"User age","default":30},` +
		`"score":{"type":"number","description":"User score","default":95.5},` +
		`"status":{"type":"string","description":"User status","enum":["active","inactive","pending"],"default":"active"},` +
		`"verified":{"type":"boolean","description":"Verification status","default":true}},` +
		`"required":[]}`),
}

// ElicitationEnums is the request of tool test_elicitation_sep1330_enums:
// the five enum forms of SEP-1330 (untitled and titled single-select, the
// deprecated enumNames, untitled and titled multi-select).
var ElicitationEnums = ElicitRequest{
	Message: "Please select options from the enum fields",
	Schema: json.RawMessage(`{"type":"object","properties":{` +
		`"untitledSingle":{"type":"string","description":"Select one option","enum":["option1","option2","option3"]},` +
		`"titledSingle":{"type":"string","description":"Select one option with titles","oneOf":[` +
		`{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},` +
		`"legacyEnum":{"type":"string","description":"Select one option (legacy)","enum":["opt1","opt2","opt3"],` +
		`"enumNames":["Option One","Option Two","Option Three"]},` +
		`"untitledMulti":{"type":"array","description":"Select multiple options","minItems":1,"maxItems":3,` +
		`"items":{"type":"string","enum":["option1","option2","option3"]}},` +
		`"titledMulti":{"type":"array","description":"Select multiple options with titles","minItems":1,"maxItems":3,` +
		`"items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}},` +
		`"required":[]}`),
}

// ElicitationText is the result text of tool test_elicitation for the
// user's action and the content of the answer (nil when there is none).
func ElicitationText(action string, content map[string]any) (string, error) {
	return elicitText("User response: ", action, content)
}

// ElicitationCompletedText is the result text of the SEP-1034 and SEP-1330
// elicitation tools.
func ElicitationCompletedText(action string, content map[string]any) (string, error) {
	return elicitText("Elicitation completed: ", action, content)
}

func elicitText(prefix, action string, content map[string]any) (string, error) {
	if content == nil {
		content = map[string]any{}
	}
	// Written as JSON.stringify writes it: no HTML escaping, no newline.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(content); err != nil {
		return "", err
	}
	return prefix + "action=" + action + ", content=" + strings.TrimSuffix(b.String(), "\n"), nil
}

// ReconnectionText is the result text of tool test_reconnection.
const ReconnectionText = "Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure."
