package stitch

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// A Result is the outcome of one call, independent of any SDK.
type Result struct {
	// Content is what the caller reads. On success: the blocks the handler
	// added with AddContent or, by default, one text block (the output
	// document of a tool with an output type, the text a tool without one
	// returned); see AddContent for how the two combine. On failure: one
	// text block holding the JSON error envelope.
	Content []Content
	// Structured is the output document of a tool with an output type (the
	// structuredContent); nil for text tools and failed calls.
	Structured json.RawMessage
	// IsError reports a failed call.
	IsError bool
	// ErrorCode is the envelope's error code: "" on success, else one of
	// VALIDATION_ERROR, TOOL_ERROR, INTERNAL_ERROR, TIMEOUT, CANCELED,
	// UNKNOWN_TOOL.
	ErrorCode string
	// Issues are the envelope's issues (VALIDATION_ERROR only).
	Issues []Issue
	// InputRequired, when not nil, is the handler's request for input
	// (it returned a NeedInput): the call is neither done nor failed, and
	// Content is empty.
	InputRequired *InputRequired
}

// Text returns the text of the result's text blocks, joined by newlines:
// for a failed call, the JSON envelope.
func (r *Result) Text() string {
	var parts []string
	for _, c := range r.Content {
		if t, ok := c.(*TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// The outcomes of a call that are not an envelope's error code
// (Call.Outcome).
const (
	// OutcomeOK is the outcome of a call whose handler returned a result.
	OutcomeOK = "ok"
	// OutcomeInputRequired is the outcome of a call whose handler asked
	// the client for input (NeedInput): neither done nor failed.
	OutcomeInputRequired = "input_required"
)

// Outcome returns how the call ended, as observers report it: the error
// code of the result's envelope (VALIDATION_ERROR, TOOL_ERROR, TIMEOUT,
// ...) for a failed call, OutcomeInputRequired for a handler's request for
// input, OutcomeOK otherwise.
func (c *Call) Outcome() string {
	switch {
	case c.Result == nil:
		return OutcomeOK
	case c.Result.IsError:
		return c.Result.ErrorCode
	case c.Result.InputRequired != nil:
		return OutcomeInputRequired
	}
	return OutcomeOK
}

// A Call is what observers see of one tool call. Each call has its own
// value; observers may keep it but should not modify it.
type Call struct {
	// Tool is the called tool's name.
	Tool string
	// Profile is the profile the caller was given the schemas in
	// (ProfileMCP for Dispatcher.Call).
	Profile Profile
	// Args is the argument document as received (nil when the client sent
	// none).
	Args []byte
	// Input is the decoded input value (for example a shop.PlaceOrder, not
	// a pointer); nil when the call was rejected before its handler ran.
	Input any
	// Dropped lists the JSON Pointers of the keys a strip policy dropped.
	Dropped []string
	// Repaired lists the JSON Pointers of the strings JSON-string repair
	// parsed.
	Repaired []string
	// Rewritten, Coerced and Caught list the JSON Pointers of the strings
	// trim, lower or upper changed, of the values coerce read from their
	// string form, and of the invalid values catch replaced with the
	// default (DecodeReport; nil for a hand-built tool's Decode that does
	// not fill DecodeOptions.Report).
	Rewritten, Coerced, Caught []string
	// Issues are the problems of a rejected call: the decoder's, the size
	// cap's, or those of a *Error returned by the handler.
	Issues []Issue
	// Err is the handler's error, a recovered panic (with its stack), the
	// context's error of an abandoned handler, or the output encoding
	// error; nil otherwise, and for a handler's request for input
	// (NeedInput), which is not a failure (Outcome says it).
	Err error
	// Duration is the time the call took, decoding included (set before
	// After).
	Duration time.Duration
	// Result is what the caller gets (set before After). In a call given
	// to Late, it is what the caller would have got had the handler
	// returned in time; the caller never sees it.
	Result *Result
	// Late is true in the call given to Options.Late: the outcome of a
	// handler that returned after the dispatcher had given up on it.
	Late bool
	// Trace is the W3C trace context of the request, from its _meta
	// (TraceOf the call's context); zero when it carried none.
	Trace TraceContext
}

// Options configure a Dispatcher. The zero value is ready to use.
type Options struct {
	// MaxArgBytes caps the size of a call's argument document: 0 means
	// 1 MiB, a negative value means no cap. A larger document is rejected
	// with a size issue before it is decoded.
	MaxArgBytes int
	// Timeout, when positive, is the deadline of each handler call. A
	// handler that outlives its context's deadline gives a TIMEOUT result;
	// it is not stopped, only abandoned (Go cannot stop a goroutine), so
	// it may still complete: handlers should watch ctx.Done(), and a tool
	// with an effect should be safe to call twice (docs/serving.md says
	// how). Late reports what an abandoned handler finally did.
	Timeout time.Duration
	// Before, when set, is called for every call once its arguments are
	// decoded (or rejected), before the handler runs; the context it
	// returns, if not nil, is passed to the handler and to After.
	Before func(ctx context.Context, call *Call) context.Context
	// After, when set, is called exactly once for every call, rejected ones
	// included, with Duration, Err and Result filled in.
	After func(ctx context.Context, call *Call)
	// Late, when set, is called once for every call whose handler the
	// dispatcher abandoned (its caller got TIMEOUT or CANCELED while the
	// handler ran on), when that handler returns after all. It gets a
	// copy of the call with Late true, Err the handler's error or its
	// recovered panic (nil when it succeeded), Result what the caller
	// would have got, and Duration the time from the start of the call to
	// the handler's return; its context is the call's, without the
	// cancellation. It runs on the handler's goroutine. A handler that
	// never returns never reaches it; a panic in Late is recovered and
	// ignored.
	Late func(ctx context.Context, call *Call)
	// InputKey is the key that seals the requestState of an
	// input-required result (NeedInput), at least 32 bytes; replicas
	// that share it resume each other's calls. nil: a random key of this
	// dispatcher, so that only it can resume its calls.
	InputKey []byte
	// InputTTL is how long a requestState stays valid: 0 means
	// DefaultInputTTL (15 minutes).
	InputTTL time.Duration
}

// DefaultMaxArgBytes is the argument cap of Options.MaxArgBytes 0.
const DefaultMaxArgBytes = 1 << 20
