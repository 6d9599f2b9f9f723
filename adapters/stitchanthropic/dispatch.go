package stitchanthropic

import (
	"context"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/stitchgen/stitchgen/stitch"
)

// Reply runs every tool_use block of msg through d, in order, and returns
// the user message to send back: one tool_result block per tool_use
// block, in the same order, and nothing else (the API wants the results
// first in that message; append text of your own after them if needed).
// ok is false when msg has no tool_use block: the model is done, or
// stopped for another reason (msg.StopReason says which).
//
// The calls run one after another, in the context ctx; each is Call's.
// Blocks of other types (text, thinking, server_tool_use, ...) are not
// the adapter's: send msg.ToParam() back as the assistant turn before the
// reply.
//
// A message that stopped at max_tokens or model_context_window_exceeded
// may end in a tool_use block whose input was cut off (after a streamed
// response, the SDK's Message.Accumulate replaces such an input by {},
// which a tool without required properties would accept): Reply does not
// run that last block, and answers it with a VALIDATION_ERROR result
// (is_error) with one syntax issue saying so, which the model sees. That
// call never reaches the dispatcher, so observers do not see it.
func Reply(ctx context.Context, d *stitch.Dispatcher, msg *anthropic.Message) (reply anthropic.MessageParam, ok bool) {
	var blocks []anthropic.ContentBlockParamUnion
	for i, b := range msg.Content {
		use, isUse := b.AsAny().(anthropic.ToolUseBlock)
		if !isUse {
			continue
		}
		var r anthropic.ToolResultBlockParam
		if i == len(msg.Content)-1 && cutOff(msg.StopReason) {
			r = ToolResult(use.ID, cutOffResult(msg.StopReason))
		} else {
			r = Call(ctx, d, use)
		}
		blocks = append(blocks, anthropic.ContentBlockParamUnion{OfToolResult: &r})
	}
	if blocks == nil {
		return anthropic.MessageParam{}, false
	}
	return anthropic.NewUserMessage(blocks...), true
}

// Call runs one tool_use block: d.CallAs under Profile
// with the block's name and the raw bytes of its input (use.Input, the
// response's own bytes: the SDK keeps them as a json.RawMessage, so a
// duplicate key, 1e2 for an integer or an integer beyond float64 reach the
// exact decoder as the model wrote them), and returns the tool_result
// block answering it (ToolResult).
func Call(ctx context.Context, d *stitch.Dispatcher, use anthropic.ToolUseBlock) anthropic.ToolResultBlockParam {
	return ToolResult(use.ID, d.CallAs(ctx, Profile, use.Name, use.Input))
}

// ToolResult converts r into the tool_result block answering the tool_use
// block id: its content blocks (see the package doc for how each block
// type is sent), and is_error true for a failed call, whose content is the
// one text block of the stitch error envelope. A successful result has no
// is_error key. The structured output is not sent apart: the Messages API
// has no place for it, and the default text block of a tool with an
// output type is that document.
func ToolResult(id string, r *stitch.Result) anthropic.ToolResultBlockParam {
	out := anthropic.ToolResultBlockParam{ToolUseID: id, Content: contents(r.Content)}
	if r.IsError {
		out.IsError = param.NewOpt(true)
	}
	return out
}

// cutOff reports a stop reason that ends the output wherever it is.
func cutOff(r anthropic.StopReason) bool {
	return r == anthropic.StopReasonMaxTokens || r == anthropic.StopReasonModelContextWindowExceeded
}

// cutOffResult is the result of a tool call cut off by stop reason r:
// the VALIDATION_ERROR envelope of package stitch with one syntax issue at
// the root.
func cutOffResult(r anthropic.StopReason) *stitch.Result {
	return stitch.ValidationResult(stitch.Issue{Path: "", Code: stitch.CodeSyntax,
		Message: "the tool call was cut off (stop_reason " + string(r) + ") before its input was complete; it was not run"})
}
