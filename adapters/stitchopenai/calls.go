package stitchopenai

import (
	"context"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/stitch"
)

// ChatReply runs every function tool call of the completion's first
// choice on d, one after the other in the model's order, and returns one
// tool message per call in that order: the messages to append, after the
// assistant message itself (Message.ToParam()), to the next request. Each
// is what ChatCall returns; a failed call, a call to a tool d does
// not have included, is a tool message too, holding the error envelope the
// model reads (the Chat Completions API has no error flag for a tool
// result).
//
// A call of another type (a custom tool's) is not answered: this adapter
// defines function tools only, and the next request needs an answer to it
// from whoever defined it. A request with n > 1 has several choices; pass
// the chosen one's calls to ChatCall. It returns nil when there is
// no call.
func ChatReply(ctx context.Context, d *stitch.Dispatcher, c *openai.ChatCompletion) []openai.ChatCompletionMessageParamUnion {
	if c == nil || len(c.Choices) == 0 {
		return nil
	}
	var out []openai.ChatCompletionMessageParamUnion
	for _, call := range c.Choices[0].Message.ToolCalls {
		if call.Type != "function" && call.Type != "" {
			continue
		}
		out = append(out, ChatCall(ctx, d, call))
	}
	return out
}

// ChatCall runs one function tool call on d under Profile and
// returns the tool message answering it. The arguments the dispatcher's
// exact decoder reads are the bytes the model wrote: function.arguments
// is a JSON string, and its raw JSON (the SDK's
// call.Function.JSON.Arguments.Raw()) is unquoted byte for byte, never
// parsed into a map or re-encoded; only a call that was not decoded from
// JSON (built by hand, or by the SDK's ChatCompletionAccumulator, which
// keeps no raw JSON) is read from call.Function.Arguments.
func ChatCall(ctx context.Context, d *stitch.Dispatcher, call openai.ChatCompletionMessageToolCallUnion) openai.ChatCompletionMessageParamUnion {
	args := arguments(call.Function.JSON.Arguments.Raw(), call.Function.Arguments)
	res := d.CallAs(ctx, Profile, call.Function.Name, args)
	return openai.ChatCompletionMessageParamUnion{OfTool: &openai.ChatCompletionToolMessageParam{
		ToolCallID: call.ID,
		Content:    chatContent(res),
	}}
}

// ResponseReply runs every function_call item of the response's
// output on d, one after the other in the model's order, and returns one
// function_call_output item per call in that order: the input of the next
// request (with PreviousResponseID set to r.ID, or after the response's
// output items when the conversation is sent in full). Each is what
// ResponseCall returns; a failed call, a call to a tool d does not
// have included, is an output too, holding the error envelope the model
// reads (the Responses API has no error flag for a function output).
//
// A function_call with a namespace is not answered (this adapter defines
// no namespace tools), nor is any other item type (custom tool calls,
// built-in tools). It returns nil when there is no call.
func ResponseReply(ctx context.Context, d *stitch.Dispatcher, r *responses.Response) responses.ResponseInputParam {
	if r == nil {
		return nil
	}
	var out responses.ResponseInputParam
	for _, item := range r.Output {
		if item.Type != "function_call" || item.Namespace != "" {
			continue
		}
		call := item.AsFunctionCall()
		if item.RawJSON() == "" { // built by hand: no JSON to read the variant from
			call = responses.ResponseFunctionToolCall{ID: item.ID, CallID: item.CallID, Name: item.Name, Arguments: item.Arguments.OfString}
		}
		out = append(out, ResponseCall(ctx, d, call))
	}
	return out
}

// ResponseCall runs one function call on d under Profile and returns
// the function_call_output item answering it. As in ChatCall, the
// arguments are the raw JSON of the call's arguments string
// (call.JSON.Arguments.Raw()) unquoted byte for byte; only a call that was
// not decoded from JSON is read from call.Arguments.
func ResponseCall(ctx context.Context, d *stitch.Dispatcher, call responses.ResponseFunctionToolCall) responses.ResponseInputItemUnionParam {
	args := arguments(call.JSON.Arguments.Raw(), call.Arguments)
	res := d.CallAs(ctx, Profile, call.Name, args)
	return responses.ResponseInputItemUnionParam{OfFunctionCallOutput: &responses.ResponseInputItemFunctionCallOutputParam{
		CallID: param.NewOpt(call.CallID),
		Output: responseOutput(res),
	}}
}

// arguments returns a call's argument document: the unquoted bytes of the
// arguments field's raw JSON when the SDK decoded it from a response (a
// JSON string), the raw JSON itself when it is some other value (null, for
// one, which the decoder then rejects: the model sent no object), and the
// decoded string when there is no raw JSON.
func arguments(raw, decoded string) []byte {
	if raw == "" {
		return []byte(decoded)
	}
	if raw[0] != '"' {
		return []byte(raw)
	}
	if b, ok := unquote(raw); ok {
		return b
	}
	// Not a string literal after all: the SDK could not have decoded it.
	return []byte(decoded)
}
