package stitch

import "strings"

// The stable issue codes of a decode error (docs/decoding.md).
const (
	CodeUnknownKey    = "unknown_key"
	CodeDuplicateKey  = "duplicate_key"
	CodeMissing       = "missing"
	CodeType          = "type"
	CodeNull          = "null"
	CodeRange         = "range"
	CodeLength        = "length"
	CodePattern       = "pattern"
	CodeEnum          = "enum"
	CodeFormat        = "format"
	CodeUnique        = "unique"
	CodeDiscriminator = "discriminator"
	CodeAmbiguous     = "ambiguous"
	CodeSyntax        = "syntax"
	CodeDepth         = "depth"
	CodeSize          = "size"
	CodeCustom        = "custom"
)

// An Issue is one problem found in a tool call's arguments (or in a value
// decoded with json.Unmarshal).
//
// Path is the RFC 6901 JSON Pointer of the offending value ("" for the
// whole document); for unknown_key, duplicate_key and missing it points at
// the key itself, for discriminator at the discriminator key. Code is one
// of the Code constants. Expected names the expected type or the allowed
// values when that helps; Message says what is wrong.
type Issue struct {
	Path     string `json:"path"`
	Code     string `json:"code"`
	Expected string `json:"expected,omitempty"`
	Message  string `json:"message"`
}

// String renders the issue as "<path>: <code>: <message>", the root
// written as (root).
func (is Issue) String() string {
	p := is.Path
	if p == "" {
		p = "(root)"
	}
	return p + ": " + is.Code + ": " + is.Message
}

// An Error lists every problem a decode found. The generated decoders
// return a *Error; a handler may return one too, to report problems with
// its input that only it can see (the call then fails with
// VALIDATION_ERROR and these issues).
type Error struct {
	Issues []Issue `json:"issues"`
}

// Error lists every issue, one per line.
func (e *Error) Error() string {
	var b strings.Builder
	for i, is := range e.Issues {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(is.String())
	}
	return b.String()
}
