package wire

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The JSON-RPC error codes wire answers with.
const (
	// CodeParseError: the message is not one JSON text (a syntax error,
	// bytes after it), is empty, or is over a size or depth limit, so it
	// was not parsed.
	CodeParseError = -32700
	// CodeInvalidRequest: the JSON is no JSON-RPC message (not an object,
	// an empty or refused batch) or the message repeats a key.
	CodeInvalidRequest = -32600
	// CodeInvalidParams: a request's params object repeats a key.
	CodeInvalidParams = -32602
	// CodeBusy: the server refused the request for its load (too many
	// requests or sessions); the client may try again later. JSON-RPC
	// leaves -32000 to -32099 to implementations.
	CodeBusy = -32000
)

// An Error is why a message was refused before any SDK parsed it: the
// JSON-RPC error to answer with, and the id of the request when it could
// be read.
type Error struct {
	Code    int
	Message string
	// ID is the request's id as it was sent (`7`, `"a"`), or nil when it
	// is unknown: not read before the problem, repeated, or of no valid
	// id type. The answer then carries a null id.
	ID json.RawMessage
}

func (e *Error) Error() string {
	return "JSON-RPC error " + strconv.Itoa(e.Code) + ": " + e.Message
}

// Response returns the JSON-RPC error response that answers the refused
// message, on one line and without a line ending.
func (e *Error) Response() []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	if e.ID == nil {
		b.WriteString("null")
	} else {
		b.Write(e.ID)
	}
	b.WriteString(`,"error":{"code":`)
	b.WriteString(strconv.Itoa(e.Code))
	b.WriteString(`,"message":`)
	// Encoding a string cannot fail; HTML escaping stays off so that "<"
	// reads as it is.
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(e.Message)
	b.Truncate(b.Len() - 1) // Encode's newline
	b.WriteString(`}}`)
	return b.Bytes()
}
