package stitchanthropic

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/stitchgen/stitchgen/stitch"
)

// imageTypes are the media types of a base64 image source
// (anthropic.Base64ImageSourceMediaType).
var imageTypes = []anthropic.Base64ImageSourceMediaType{
	anthropic.Base64ImageSourceMediaTypeImageJPEG,
	anthropic.Base64ImageSourceMediaTypeImagePNG,
	anthropic.Base64ImageSourceMediaTypeImageGIF,
	anthropic.Base64ImageSourceMediaTypeImageWebP,
}

func imageType(mime string) (anthropic.Base64ImageSourceMediaType, bool) {
	for _, t := range imageTypes {
		if string(t) == mime {
			return t, true
		}
	}
	return "", false
}

// contents converts a result's blocks, in order. A tool_result of the
// Messages API holds text, image and document blocks: a block stitch has
// and the API has not is written as a text block saying what was left
// out, so the model knows; an empty text block is left out (the API
// rejects empty text). Annotations and _meta have no place and are not
// sent.
func contents(blocks []stitch.Content) []anthropic.ToolResultBlockParamContentUnion {
	var out []anthropic.ToolResultBlockParamContentUnion
	for _, c := range blocks {
		if b, ok := content(c); ok {
			out = append(out, b)
		}
	}
	return out
}

func content(c stitch.Content) (anthropic.ToolResultBlockParamContentUnion, bool) {
	switch c := c.(type) {
	case *stitch.TextContent:
		if c.Text == "" {
			return anthropic.ToolResultBlockParamContentUnion{}, false
		}
		return text(c.Text), true
	case *stitch.ImageContent:
		if b, ok := image(c.MIMEType, c.Data); ok {
			return b, true
		}
		return text(fmt.Sprintf("[%s image of %d bytes left out: the Messages API takes images of type %s]", orUnknown(c.MIMEType), len(c.Data), imageTypeList())), true
	case *stitch.AudioContent:
		return text(fmt.Sprintf("[%s audio of %d bytes left out: a tool result of the Messages API takes no audio]", orUnknown(c.MIMEType), len(c.Data))), true
	case *stitch.ResourceLink:
		return text("[resource link " + describe(c.URI, c.Name, c.MIMEType) + ": a tool result of the Messages API has no resource links]"), true
	case *stitch.EmbeddedResource:
		return embedded(c.Resource), true
	}
	// Content is sealed: every block type is listed above.
	panic("stitchanthropic: unknown content block type")
}

func text(s string) anthropic.ToolResultBlockParamContentUnion {
	return anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}}
}

func image(mime string, data []byte) (anthropic.ToolResultBlockParamContentUnion, bool) {
	t, ok := imageType(mime)
	if !ok {
		return anthropic.ToolResultBlockParamContentUnion{}, false
	}
	return anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
		Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
			Data: base64.StdEncoding.EncodeToString(data), MediaType: t,
		}},
	}}, true
}

// embedded converts an embedded resource: a text resource is a document
// block with a plain text source, titled with its URI; a blob is a
// document with a base64 PDF source (application/pdf) or an image (an
// image type the API takes); any other blob, or a nil resource, is a text
// block saying it was left out.
func embedded(r *stitch.ResourceContents) anthropic.ToolResultBlockParamContentUnion {
	switch {
	case r == nil:
		return text("[empty embedded resource left out]")
	case r.Blob == nil:
		doc := &anthropic.DocumentBlockParam{Source: anthropic.DocumentBlockParamSourceUnion{
			OfText: &anthropic.PlainTextSourceParam{Data: r.Text},
		}}
		if r.URI != "" {
			doc.Title = param.NewOpt(r.URI)
		}
		return anthropic.ToolResultBlockParamContentUnion{OfDocument: doc}
	case r.MIMEType == "application/pdf":
		doc := &anthropic.DocumentBlockParam{Source: anthropic.DocumentBlockParamSourceUnion{
			OfBase64: &anthropic.Base64PDFSourceParam{Data: base64.StdEncoding.EncodeToString(r.Blob)},
		}}
		if r.URI != "" {
			doc.Title = param.NewOpt(r.URI)
		}
		return anthropic.ToolResultBlockParamContentUnion{OfDocument: doc}
	}
	if b, ok := image(r.MIMEType, r.Blob); ok {
		return b
	}
	return text(fmt.Sprintf("[embedded resource %s of %d bytes left out: a tool result of the Messages API takes text, PDF documents and images of type %s]",
		describe(r.URI, "", r.MIMEType), len(r.Blob), imageTypeList()))
}

// describe writes a resource as `uri ("name", mime/type)`.
func describe(uri, name, mime string) string {
	var extra []string
	if name != "" {
		extra = append(extra, strconv.Quote(name))
	}
	if mime != "" {
		extra = append(extra, mime)
	}
	if len(extra) == 0 {
		return uri
	}
	return uri + " (" + strings.Join(extra, ", ") + ")"
}

func orUnknown(mime string) string {
	if mime == "" {
		return "untyped"
	}
	return mime
}

func imageTypeList() string {
	s := make([]string, len(imageTypes))
	for i, t := range imageTypes {
		s[i] = string(t)
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
