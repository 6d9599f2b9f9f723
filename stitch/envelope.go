package stitch

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The envelope codes of failed calls (the "error" member of the isError
// result's JSON).
const (
	codeValidation  = "VALIDATION_ERROR"
	codeTool        = "TOOL_ERROR"
	codeInternal    = "INTERNAL_ERROR"
	codeTimeout     = "TIMEOUT"
	codeCanceled    = "CANCELED"
	codeUnknownTool = "UNKNOWN_TOOL"
)

// envelopeJSON is the text of a failed call.
type envelopeJSON struct {
	Error   string  `json:"error"`
	Issues  []Issue `json:"issues,omitempty"`
	Message string  `json:"message,omitempty"`
	Hint    string  `json:"hint"`
}

// envelope builds the isError result of a failed call.
func envelope(code string, issues []Issue, message string) *Result {
	env := envelopeJSON{Error: code, Issues: issues, Message: message, Hint: hint(code)}
	// Encoding cannot fail: the envelope holds only strings. HTML escaping
	// is off so that a model reads "<" and ">" as they are.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(env)
	return &Result{
		Content:   []Content{&TextContent{Text: strings.TrimSuffix(b.String(), "\n")}},
		IsError:   true,
		ErrorCode: code,
		Issues:    issues,
	}
}

// ValidationResult is the VALIDATION_ERROR result the dispatcher answers
// a call with invalid arguments with, for issues: for an adapter that
// refuses a call before it reaches the dispatcher (stitchanthropic's
// answer to a tool call cut off before its input was complete), so that
// the model reads the same envelope either way.
func ValidationResult(issues ...Issue) *Result {
	return envelope(codeValidation, issues, "")
}

// hint is the envelope's advice for an error code.
func hint(code string) string {
	switch code {
	case codeValidation:
		return "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."
	case codeTool:
		return "The tool could not complete the request. Read the message and change the arguments or the approach before retrying."
	case codeInternal:
		return "The tool failed unexpectedly; this is not caused by the arguments. Do not retry the same call right away."
	case codeTimeout:
		return "The tool did not finish in time and may still complete, or may have done part of its work. Check its effect (for example with a read-only tool) before calling it again: a retry may do it twice."
	case codeCanceled:
		return "The call was canceled before the tool finished; the tool may still complete, or may have done part of its work. Check its effect before calling it again."
	case codeUnknownTool:
		return "Call one of the listed tools."
	}
	return ""
}
