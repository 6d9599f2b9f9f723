package stitch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The methods a handler can ask the client to answer (InputRequest.Method).
const (
	MethodElicit    = "elicitation/create"
	MethodSample    = "sampling/createMessage"
	MethodListRoots = "roots/list"
)

// An InputRequest is one thing a handler needs from the client before it
// can finish: an elicitation (the user answers a form), a sampling request
// (the client's model answers) or the client's roots. Params are the MCP
// request's params as JSON (nil for roots/list).
type InputRequest struct {
	Method string
	Params json.RawMessage
}

// Elicit asks the user, through the client, to fill in a form: message is
// shown, requestedSchema (a JSON object schema of primitive properties) is
// the form.
func Elicit(message string, requestedSchema json.RawMessage) InputRequest {
	p, _ := json.Marshal(struct {
		Message         string          `json:"message"`
		RequestedSchema json.RawMessage `json:"requestedSchema"`
	}{message, requestedSchema})
	return InputRequest{Method: MethodElicit, Params: p}
}

// Sample asks the client's model for a completion: params are MCP's
// CreateMessageRequest params (messages, maxTokens...) as JSON.
func Sample(params json.RawMessage) InputRequest {
	return InputRequest{Method: MethodSample, Params: params}
}

// SampleText asks the client's model to answer one user message of text,
// in at most maxTokens tokens.
func SampleText(text string, maxTokens int) InputRequest {
	type content struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	type message struct {
		Role    string  `json:"role"`
		Content content `json:"content"`
	}
	p, _ := json.Marshal(struct {
		Messages  []message `json:"messages"`
		MaxTokens int       `json:"maxTokens"`
	}{[]message{{"user", content{"text", text}}}, maxTokens})
	return Sample(p)
}

// ListRoots asks the client for its roots.
func ListRoots() InputRequest { return InputRequest{Method: MethodListRoots} }

// CapabilityOf is the client capability an input request of method needs
// ("elicitation", "sampling", "roots"; "" for another method).
func CapabilityOf(method string) string {
	switch method {
	case MethodElicit:
		return "elicitation"
	case MethodSample:
		return "sampling"
	case MethodListRoots:
		return "roots"
	}
	return ""
}

// A NeedInput is what a handler returns as its error when it cannot finish
// without the client's answers to Requests (keyed by names the handler
// chooses). The call's result then asks the client for them, and the
// client calls the tool again with the answers; the handler runs again
// from the start and finds them with Answer. State, which may be nil, is
// handed back to that next run (InputState): whatever the handler needs to
// go on from where it stopped. Nothing waits in between, so any replica of
// the server can take the next call.
//
// Under protocol revision 2026-07-28 the result is an input-required
// result whose requestState is State sealed with the dispatcher's key
// (Options.InputKey), which the client cannot read or change without the
// seal failing. Under older revisions the adapter's SDK sends the requests
// to the client itself, on the call's session, and runs the handler again
// with the answers: the same handler code serves both.
type NeedInput struct {
	Requests map[string]InputRequest
	State    []byte
}

// AskInput returns the NeedInput of requests and state, for a handler to
// return as its error.
func AskInput(state []byte, requests map[string]InputRequest) *NeedInput {
	return &NeedInput{Requests: requests, State: state}
}

func (n *NeedInput) Error() string {
	keys := make([]string, 0, len(n.Requests))
	for k := range n.Requests {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return "the tool needs input from the client: " + strings.Join(keys, ", ")
}

// An InputRequired is the request for input of a call's Result: the
// requests a handler returned in a NeedInput, and its state sealed with
// the dispatcher's key (the requestState the client sends back).
type InputRequired struct {
	Requests     map[string]InputRequest
	RequestState string
}

// Input is what a client sent back with a call that answers an
// input-required result: the answers by the request names (each the MCP
// result of its request, as JSON), the state the handler left (opened and
// checked by the adapter) and the client's capabilities, when known.
type Input struct {
	Responses    map[string]json.RawMessage
	State        []byte
	Capabilities json.RawMessage
}

type inputKey struct{}

// WithInput returns a context carrying in, for an adapter to pass to
// Dispatcher.Call.
func WithInput(ctx context.Context, in Input) context.Context {
	return context.WithValue(ctx, inputKey{}, in)
}

// WithInputFunc is WithInput for an adapter whose client capabilities
// cost something to produce (an SDK value encoded as JSON): the
// Capabilities of in are what caps returns, called once, when InputOf
// (ClientCan, Missing) first asks, and not at all in a call that never
// does; nil from caps means unknown, as in WithInput.
func WithInputFunc(ctx context.Context, in Input, caps func() json.RawMessage) context.Context {
	return context.WithValue(ctx, inputKey{}, &lazyInput{in: in, caps: caps})
}

// WithInputCapabilities is WithInputFunc for the common case: the client's
// capabilities are an SDK value, encoded as JSON (encoding/json) the first
// time they are asked for; a nil caps, or one that does not encode, means
// unknown, as in WithInput.
func WithInputCapabilities[C any](ctx context.Context, in Input, caps *C) context.Context {
	if caps == nil {
		return WithInput(ctx, in)
	}
	return WithInputFunc(ctx, in, func() json.RawMessage {
		b, err := json.Marshal(caps)
		if err != nil {
			return nil
		}
		return b
	})
}

// A lazyInput is the Input of WithInputFunc, its capabilities produced on
// first use.
type lazyInput struct {
	once sync.Once
	in   Input
	caps func() json.RawMessage
}

func (l *lazyInput) get() Input {
	l.once.Do(func() {
		l.in.Capabilities = l.caps()
		l.caps = nil
	})
	return l.in
}

// InputOf returns the Input of ctx: zero when the call answers nothing.
func InputOf(ctx context.Context) Input {
	switch in := ctx.Value(inputKey{}).(type) {
	case Input:
		return in
	case *lazyInput:
		return in.get()
	}
	return Input{}
}

// Answer returns the client's answer to the input request of the handler
// named key (the MCP result of that request, as JSON), and whether there is
// one.
func Answer(ctx context.Context, key string) (json.RawMessage, bool) {
	a, ok := InputOf(ctx).Responses[key]
	return a, ok
}

// InputState returns the state the handler's previous run put in its
// NeedInput, nil when there was none.
func InputState(ctx context.Context) []byte { return InputOf(ctx).State }

// ClientCan reports whether the client declared the capability an input
// request of method needs (MethodElicit, MethodSample, MethodListRoots).
// Unknown capabilities (an adapter that cannot tell) count as declared.
func ClientCan(ctx context.Context, method string) bool {
	caps := InputOf(ctx).Capabilities
	if caps == nil {
		return true
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(caps, &m) != nil {
		return false
	}
	v, ok := m[CapabilityOf(method)]
	return ok && string(v) != "null"
}

// Missing returns the first method, in key order, of requests that the
// client did not declare the capability of ("" when it declared all): an
// adapter answers such a call with the protocol's missing-capability error
// (-32021) instead of asking.
func Missing(ctx context.Context, requests map[string]InputRequest) string {
	keys := make([]string, 0, len(requests))
	for k := range requests {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if m := requests[k].Method; !ClientCan(ctx, m) {
			return m
		}
	}
	return ""
}

// ErrInputState is the error of a requestState that is not one the server
// sealed for this tool, or that has expired.
var ErrInputState = errors.New("the requestState is not one this server issued for this call")

// inputError wraps ErrInputState with why.
func inputError(why string) error { return fmt.Errorf("%w: %s", ErrInputState, why) }

// ReadInput is the Input of a tools/call that answers an input-required
// result, for an adapter to pass to WithInput: requestState ("" when the
// call sent none) opened with the sealer of d for the tool name, each of
// responses (the SDK's answers, by request name) as JSON, which must be a
// JSON object, and capabilities, the client's as the adapter knows them
// (nil when it cannot tell). Its error, for the client, says what is
// wrong.
func ReadInput[R any](d *Dispatcher, name, requestState string, responses map[string]R, capabilities json.RawMessage) (Input, error) {
	in := Input{Capabilities: capabilities}
	if requestState != "" {
		state, err := d.Sealer().Open(name, requestState)
		if err != nil {
			return Input{}, err
		}
		in.State = state
	}
	if len(responses) > 0 {
		in.Responses = make(map[string]json.RawMessage, len(responses))
		for k, r := range responses {
			b, err := json.Marshal(r)
			if err != nil {
				return Input{}, fmt.Errorf("inputResponses[%q]: %v", k, err)
			}
			if len(b) == 0 || b[0] != '{' {
				return Input{}, fmt.Errorf("inputResponses[%q] is not a JSON object", k)
			}
			in.Responses[k] = b
		}
	}
	return in, nil
}
