package stitchgenai

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// A Call is one function call of a response and what became of it.
type Call struct {
	// FunctionCall is the call as genai parsed it.
	FunctionCall *genai.FunctionCall
	// Args is the argument document the dispatcher decoded (nil: none).
	Args []byte
	// Exact reports that Args are the bytes of the response body, as the
	// model wrote them (the client's transport is Transport, see
	// HTTPClient). When false they are genai's parsed FunctionCall.Args
	// encoded again: integers beyond 2^53 rounded through float64, the
	// last of duplicate keys kept, invalid UTF-8 and lone surrogates turned
	// into U+FFFD, keys sorted.
	Exact bool
	// Result is the dispatcher's result.
	Result *stitch.Result
	// Response is the function response sent back, in its exact bytes
	// (FunctionResponse.Response as ExactBody sends it, unless it has a
	// duplicate key or a lone surrogate).
	Response []byte
	// Part is the function response part of the reply.
	Part *genai.Part
}

// Reply runs every function call of resp's first candidate (the
// candidate genai's FunctionCalls reads) on the dispatcher, in order, with
// Dispatcher.CallAs under the Toolset's profile, and returns the reply to
// append to the conversation after resp's own content: a user-role
// genai.Content with one function response part per call, in the calls'
// order, each echoing its call's ID and name (Result). It
// returns nil and no calls when resp has no function call.
//
// The argument bytes are the body's own when the client's transport is
// Transport and the body's calls are the ones genai parsed into resp (the
// same names, IDs and parsed arguments, in the same order); otherwise they
// are resp's parsed arguments encoded again, and Call.Exact is false.
//
// A failed call (invalid arguments, a handler error, an unknown tool) is a
// function response too: {"error": envelope}, which the model reads and
// can act on.
func (ts *Toolset) Reply(ctx context.Context, resp *genai.GenerateContentResponse) (*genai.Content, []Call) {
	fcs := functionCalls(resp)
	if len(fcs) == 0 {
		return nil, nil
	}
	raws := exactArgs(resp, fcs)
	reply := &genai.Content{Role: genai.RoleUser}
	calls := make([]Call, 0, len(fcs))
	for i, fc := range fcs {
		c := Call{FunctionCall: fc}
		if raws != nil {
			c.Args, c.Exact = raws[i], true
			if raws[i] != nil {
				ts.remember("functionCall", fc.Name, fc.ID, fc.Args, raws[i])
			}
		} else {
			c.Args = encodeArgs(fc.Args)
		}
		c.Result = ts.d.CallAs(ctx, ts.profile, fc.Name, c.Args)
		fr, exact := functionResponse(fc, c.Result)
		ts.remember("functionResponse", fr.Name, fr.ID, fr.Response, exact)
		c.Response = exact
		c.Part = &genai.Part{FunctionResponse: fr}
		reply.Parts = append(reply.Parts, c.Part)
		calls = append(calls, c)
	}
	return reply, calls
}

// functionCalls returns the function calls of resp's first candidate.
func functionCalls(resp *genai.GenerateContentResponse) []*genai.FunctionCall {
	if resp == nil || len(resp.Candidates) == 0 || resp.Candidates[0] == nil || resp.Candidates[0].Content == nil {
		return nil
	}
	var fcs []*genai.FunctionCall
	for _, p := range resp.Candidates[0].Content.Parts {
		if p != nil && p.FunctionCall != nil {
			fcs = append(fcs, p.FunctionCall)
		}
	}
	return fcs
}

// exactArgs returns the argument bytes of each call in fcs from resp's
// raw body, or nil when the body is not at hand or its calls are not fcs.
func exactArgs(resp *genai.GenerateContentResponse, fcs []*genai.FunctionCall) [][]byte {
	body, ok := RawBody(resp)
	if !ok {
		return nil
	}
	raws, err := rawCalls(body)
	if err != nil || len(raws) != len(fcs) {
		return nil
	}
	args := make([][]byte, len(fcs))
	for i, fc := range fcs {
		r := raws[i]
		if r.name != fc.Name || r.id != fc.ID || !parsesTo(r.args, fc.Args) {
			return nil
		}
		args[i] = r.args
	}
	return args
}

// parsesTo reports whether genai's parse of the argument bytes raw is
// parsed.
func parsesTo(raw []byte, parsed map[string]any) bool {
	if raw == nil {
		return parsed == nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return false
	}
	return reflect.DeepEqual(m, parsed)
}

// encodeArgs encodes genai's parsed arguments (nil for none).
func encodeArgs(args map[string]any) []byte {
	if args == nil {
		return nil
	}
	b, err := marshal(args)
	if err != nil {
		return nil // a parsed JSON document always encodes
	}
	return b
}

// FunctionResponse is the function response answering fc with r: ID and
// Name are fc's, and Response is
//
//   - {"output": <structured output>} for a tool with an output type,
//   - {"output": "<text>"} for a text tool (the text blocks, and the text
//     of embedded text resources, joined by newlines),
//   - {"error": <envelope>} for a failed call: the JSON envelope of
//     package stitch (error code, issues with JSON Pointers, hint).
//
// "output" and "error" are the keys the Gemini API documents for a
// function's output and its error details; wrapping every result in one
// of them keeps an output object that has an "error" member of its own
// from being read as a failure. Image and audio blocks and embedded blob
// resources become inline data parts of the response, resource links
// file data parts.
func Result(fc *genai.FunctionCall, r *stitch.Result) *genai.FunctionResponse {
	fr, _ := functionResponse(fc, r)
	return fr
}

// functionResponse is Result and the exact bytes of its
// Response.
func functionResponse(fc *genai.FunctionCall, r *stitch.Result) (*genai.FunctionResponse, []byte) {
	fr := &genai.FunctionResponse{ID: fc.ID, Name: fc.Name}
	var key string
	var value []byte
	var texts []string
	for _, c := range r.Content {
		switch c := c.(type) {
		case *stitch.TextContent:
			texts = append(texts, c.Text)
		case *stitch.ImageContent:
			fr.Parts = append(fr.Parts, &genai.FunctionResponsePart{InlineData: &genai.FunctionResponseBlob{MIMEType: c.MIMEType, Data: c.Data}})
		case *stitch.AudioContent:
			fr.Parts = append(fr.Parts, &genai.FunctionResponsePart{InlineData: &genai.FunctionResponseBlob{MIMEType: c.MIMEType, Data: c.Data}})
		case *stitch.ResourceLink:
			fr.Parts = append(fr.Parts, &genai.FunctionResponsePart{FileData: &genai.FunctionResponseFileData{FileURI: c.URI, MIMEType: c.MIMEType, DisplayName: c.Name}})
		case *stitch.EmbeddedResource:
			switch res := c.Resource; {
			case res == nil:
			case res.Blob != nil:
				fr.Parts = append(fr.Parts, &genai.FunctionResponsePart{InlineData: &genai.FunctionResponseBlob{MIMEType: res.MIMEType, Data: res.Blob}})
			default:
				texts = append(texts, res.Text)
			}
		}
	}
	switch {
	case r.IsError:
		key, value = "error", []byte(r.Text())
	case r.Structured != nil:
		key, value = "output", r.Structured
	default:
		key = "output"
		value, _ = marshal(strings.Join(texts, "\n")) // a string always encodes
	}
	exact := make([]byte, 0, len(key)+len(value)+5)
	exact = append(append(append(append(exact, `{"`...), key...), `":`...), value...)
	exact = append(exact, '}')
	// The map genai holds and sends: the same document, parsed.
	if err := json.Unmarshal(exact, &fr.Response); err != nil {
		// Structured output and the envelope are JSON documents; should a
		// hand-built tool's output not be, the model reads why.
		exact, _ = marshal(map[string]any{"error": map[string]any{"error": "INTERNAL_ERROR", "message": "the tool's output is not a JSON document: " + err.Error()}})
		fr.Response = nil
		_ = json.Unmarshal(exact, &fr.Response)
	}
	return fr, exact
}

// marshal is json.Marshal without HTML escaping: the model reads "<" as
// "<".
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
