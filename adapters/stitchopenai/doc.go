// Package stitchopenai serves the tools of a stitch.Dispatcher to OpenAI's
// function calling through the official Go SDK
// (github.com/openai/openai-go/v3), on the Chat Completions API and on the
// Responses API, under profile openai-strict (Profile).
//
// Chat Completions:
//
//	tools, err := stitchopenai.ChatTools(d.Tools())
//	params := openai.ChatCompletionNewParams{Model: model, Messages: messages, Tools: tools}
//	for {
//		c, err := client.Chat.Completions.New(ctx, params)
//		...
//		calls := stitchopenai.ChatToolMessages(ctx, d, c)
//		if len(calls) == 0 {
//			return c.Choices[0].Message.Content, nil // the final answer
//		}
//		params.Messages = append(params.Messages, c.Choices[0].Message.ToParam())
//		params.Messages = append(params.Messages, calls...)
//	}
//
// Responses:
//
//	tools, err := stitchopenai.ResponseTools(d.Tools())
//	params := responses.ResponseNewParams{Model: model, Input: input, Tools: tools}
//	for {
//		r, err := client.Responses.New(ctx, params)
//		...
//		outputs := stitchopenai.ResponseToolOutputs(ctx, d, r)
//		if len(outputs) == 0 {
//			return r.OutputText(), nil
//		}
//		params.PreviousResponseID = openai.String(r.ID)
//		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: outputs}
//	}
//
// # What is sent
//
// Every tool is a function tool whose parameters are the generated schema
// of the tool's openai-strict schema (Tool.Schema(Profile)), byte for byte, with "strict" always written: true
// when the profile made the tool strict, false for a tool it serves
// non-strict (its advertised schema; the generator warned why). The
// Responses API would otherwise make the tool strict, since it normalizes
// a function without "strict" to strict mode.
//
// The definitions are built as the SDK's own param types, set with
// param.SetJSON to the JSON the adapter writes. The SDK's field for the
// schema, FunctionParameters (and FunctionToolParam.Parameters), is a
// map[string]any; a schema passed through it is re-encoded: its keys come
// out sorted (the description of a property no longer next to it, a
// discriminator no longer first), and every number goes through float64
// (an int64 bound such as 9223372036854775807 is sent as
// 9223372036854776000, a different and out-of-range bound). The SDK's
// other way in, SetExtraFields, goes through encoding/json, which escapes
// "<", ">" and "&" in the schema's strings as \u003c, \u003e, \u0026.
// Neither is used. Tests compare the request bodies the SDK sends with
// the expected text.
//
// # What is dispatched
//
// A tool call's arguments are a JSON string in both APIs. The adapter
// reads the raw JSON of that string from the SDK's response type (the
// respjson metadata: Function.JSON.Arguments.Raw() for a chat tool call,
// JSON.Arguments.Raw() for a Responses function call) and unquotes it
// itself, byte for byte, into the argument document the dispatcher's exact
// decoder reads (Dispatcher.CallAs with Profile): a duplicate key, 1e2 for
// an integer or a 20-digit integer arrive as the model wrote them. Where
// the SDK's decoding of the string would have replaced bytes (invalid
// UTF-8, a lone surrogate escape, each made U+FFFD), the bytes are kept,
// and the decoder rejects them. Under openai-strict, a null for an
// optional property is read as absent, so its default applies.
//
// Each call is answered in the API's own request types: a tool message
// (Chat Completions) or a function_call_output item (Responses), to append
// to the next request. A failed call is answered too, with the JSON error
// envelope of package stitch as its text: neither API has an error flag
// for a tool result, and the model reads the envelope's issues and hint.
// Result content other than text is sent where the API takes it and
// written as a note where it does not (content.go): never dropped
// silently. The Chat Completions API takes text only in a tool message;
// the Responses API also takes images and files in a function output.
//
// OpenAI's function calling guide says strict mode does not hold for
// calls the model makes in parallel; a service that needs it sets
// ParallelToolCalls to false in its request params (the adapter leaves
// request params alone). A call that does not match is decoded exactly
// anyway and answered with the envelope.
//
// A handler's stitch.Progress and stitch.Log do nothing here (the APIs
// have no channel for them); stitch.AddContent works.
//
// It is a module of its own, so that a service using another adapter does
// not download this SDK.
package stitchopenai
