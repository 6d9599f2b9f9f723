package stitchopenai

import (
	"encoding/base64"
	"path"
	"strconv"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/stitch"
)

// What OpenAI takes as a tool result, and what the adapter sends for each
// content block of a stitch.Result (docs/providers.md, "OpenAI"):
//
//   - Chat Completions: a tool message's content is a string or an array
//     of text parts, nothing else (openai-go
//     ChatCompletionToolMessageParamContentUnion). A result of one text
//     block is sent as a string; any other result as one text part per
//     block, a block that is not text written as a note saying what it
//     was and that it is not shown (an embedded text resource: its text,
//     after a line naming it).
//   - Responses: a function_call_output's output is a string or an array
//     of input_text, input_image and input_file items (openai-go
//     ResponseFunctionCallOutputItemUnionParam). A result of one text
//     block is sent as a string; any other result as one item per block:
//     text as input_text, an image of a type OpenAI reads (PNG, JPEG,
//     WEBP, GIF) as input_image with a base64 data URL, an embedded blob
//     resource as input_file (a data URL, the file name from its URI), an
//     embedded text resource as input_text after a line naming it; audio,
//     other images and resource links as an input_text note.
//
// Annotations and _meta of a block have no place in either API and are
// not sent. A failed call is one text block, the JSON envelope.

// chatContent is the content of the tool message answering a call.
func chatContent(r *stitch.Result) openai.ChatCompletionToolMessageParamContentUnion {
	if s, ok := onlyText(r); ok {
		return openai.ChatCompletionToolMessageParamContentUnion{OfString: param.NewOpt(s)}
	}
	parts := make([]openai.ChatCompletionContentPartTextParam, 0, len(r.Content))
	for _, c := range r.Content {
		parts = append(parts, openai.ChatCompletionContentPartTextParam{Text: chatText(c)})
	}
	return openai.ChatCompletionToolMessageParamContentUnion{OfArrayOfContentParts: parts}
}

// chatText is the text a Chat Completions tool message carries for c.
func chatText(c stitch.Content) string {
	const textOnly = "a Chat Completions tool message carries text only"
	switch c := c.(type) {
	case *stitch.TextContent:
		return c.Text
	case *stitch.ImageContent:
		return "[image not shown (" + sized(c.MIMEType, len(c.Data)) + "): " + textOnly + "]"
	case *stitch.AudioContent:
		return audioNote(c)
	case *stitch.ResourceLink:
		return linkNote(c)
	case *stitch.EmbeddedResource:
		r := c.Resource
		if r == nil {
			return "[empty embedded resource]"
		}
		if r.Blob == nil {
			return resourceHeader(r) + "\n" + r.Text
		}
		return "[resource " + r.URI + " not shown (" + sized(r.MIMEType, len(r.Blob)) + "): " + textOnly + "]"
	}
	// Content is sealed: every block type is listed above.
	panic("stitchopenai: unknown content block type")
}

// responseOutput is the output of the function_call_output answering a
// call.
func responseOutput(r *stitch.Result) responses.ResponseInputItemFunctionCallOutputOutputUnionParam {
	if s, ok := onlyText(r); ok {
		return responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfString: param.NewOpt(s)}
	}
	items := make(responses.ResponseFunctionCallOutputItemListParam, 0, len(r.Content))
	for _, c := range r.Content {
		items = append(items, responseItem(c))
	}
	return responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfResponseFunctionCallOutputItemArray: items}
}

// responseItem is the function_call_output item for c.
func responseItem(c stitch.Content) responses.ResponseFunctionCallOutputItemUnionParam {
	text := func(s string) responses.ResponseFunctionCallOutputItemUnionParam {
		return responses.ResponseFunctionCallOutputItemUnionParam{OfInputText: &responses.ResponseInputTextContentParam{Text: s}}
	}
	switch c := c.(type) {
	case *stitch.TextContent:
		return text(c.Text)
	case *stitch.ImageContent:
		if !readableImage(c.MIMEType) {
			return text("[image not shown (" + sized(c.MIMEType, len(c.Data)) + "): OpenAI reads PNG, JPEG, WEBP and GIF images]")
		}
		return responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{
			ImageURL: param.NewOpt(dataURL(c.MIMEType, c.Data)),
		}}
	case *stitch.AudioContent:
		return text(audioNote(c))
	case *stitch.ResourceLink:
		return text(linkNote(c))
	case *stitch.EmbeddedResource:
		r := c.Resource
		if r == nil {
			return text("[empty embedded resource]")
		}
		if r.Blob == nil {
			return text(resourceHeader(r) + "\n" + r.Text)
		}
		return responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &responses.ResponseInputFileContentParam{
			FileData: param.NewOpt(dataURL(r.MIMEType, r.Blob)),
			Filename: param.NewOpt(fileName(r.URI)),
		}}
	}
	// Content is sealed: every block type is listed above.
	panic("stitchopenai: unknown content block type")
}

// onlyText returns the text of a result that is one text block.
func onlyText(r *stitch.Result) (string, bool) {
	switch len(r.Content) {
	case 0:
		return "", true
	case 1:
		if t, ok := r.Content[0].(*stitch.TextContent); ok {
			return t.Text, true
		}
	}
	return "", false
}

func audioNote(c *stitch.AudioContent) string {
	return "[audio not played (" + sized(c.MIMEType, len(c.Data)) + "): a tool result to OpenAI carries no audio]"
}

func linkNote(c *stitch.ResourceLink) string {
	var b strings.Builder
	b.WriteString("[resource link, not read: " + c.URI)
	var about []string
	if c.Name != "" {
		about = append(about, "name "+strconv.Quote(c.Name))
	}
	if c.Title != "" {
		about = append(about, "title "+strconv.Quote(c.Title))
	}
	if c.MIMEType != "" {
		about = append(about, c.MIMEType)
	}
	if c.Size != nil {
		about = append(about, strconv.FormatInt(*c.Size, 10)+" bytes")
	}
	if len(about) > 0 {
		b.WriteString(" (" + strings.Join(about, ", ") + ")")
	}
	if c.Description != "" {
		b.WriteString(": " + c.Description)
	}
	b.WriteString("]")
	return b.String()
}

func resourceHeader(r *stitch.ResourceContents) string {
	if r.MIMEType == "" {
		return "[resource " + r.URI + "]"
	}
	return "[resource " + r.URI + " (" + r.MIMEType + ")]"
}

// sized is "image/png, 4 bytes".
func sized(mime string, n int) string {
	if mime == "" {
		mime = "no MIME type"
	}
	return mime + ", " + strconv.Itoa(n) + " bytes"
}

// readableImage reports whether OpenAI's image inputs take the type
// (the vision guide: PNG, JPEG, WEBP, non-animated GIF).
func readableImage(mime string) bool {
	switch mime {
	case "image/png", "image/jpeg", "image/webp", "image/gif":
		return true
	}
	return false
}

func dataURL(mime string, data []byte) string {
	if mime == "" {
		mime = "application/octet-stream"
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// fileName is the last segment of a resource URI, the name OpenAI is given
// for an input_file.
func fileName(uri string) string {
	if i := strings.IndexAny(uri, "?#"); i >= 0 {
		uri = uri[:i]
	}
	if name := path.Base(uri); name != "." && name != "/" && name != "" && !strings.HasSuffix(uri, "/") && !strings.HasSuffix(name, ":") {
		return name
	}
	return "resource"
}
