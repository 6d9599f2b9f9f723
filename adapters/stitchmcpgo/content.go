package stitchmcpgo

import (
	"encoding/base64"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// content converts one block. mcp-go holds binary data as base64 text, so
// image, audio and blob bytes are encoded here.
func content(c stitch.Content) mcp.Content {
	switch c := c.(type) {
	case *stitch.TextContent:
		return mcp.TextContent{Type: mcp.ContentTypeText, Text: c.Text,
			Annotated: annotated(c.Annotations), Meta: meta(c.Meta)}
	case *stitch.ImageContent:
		return mcp.ImageContent{Type: mcp.ContentTypeImage, Data: base64.StdEncoding.EncodeToString(c.Data), MIMEType: c.MIMEType,
			Annotated: annotated(c.Annotations), Meta: meta(c.Meta)}
	case *stitch.AudioContent:
		return mcp.AudioContent{Type: mcp.ContentTypeAudio, Data: base64.StdEncoding.EncodeToString(c.Data), MIMEType: c.MIMEType,
			Annotated: annotated(c.Annotations), Meta: meta(c.Meta)}
	case *stitch.ResourceLink:
		return mcp.ResourceLink{Type: mcp.ContentTypeLink, URI: c.URI, Name: c.Name, Title: c.Title,
			Description: c.Description, MIMEType: c.MIMEType, Size: c.Size,
			Annotated: annotated(c.Annotations), Meta: meta(c.Meta)}
	case *stitch.EmbeddedResource:
		return mcp.EmbeddedResource{Type: mcp.ContentTypeResource, Resource: resource(c.Resource),
			Annotated: annotated(c.Annotations), Meta: meta(c.Meta)}
	}
	// Content is sealed: every block type is listed above.
	panic("stitchmcpgo: unknown content block type")
}

// resource converts the contents of an embedded resource: a blob when it
// has bytes, else text. A nil resource stays nil (written as null).
func resource(r *stitch.ResourceContents) mcp.ResourceContents {
	switch {
	case r == nil:
		return nil
	case r.Blob != nil:
		return mcp.BlobResourceContents{URI: r.URI, MIMEType: r.MIMEType,
			Blob: base64.StdEncoding.EncodeToString(r.Blob), Meta: r.Meta}
	}
	return mcp.TextResourceContents{URI: r.URI, MIMEType: r.MIMEType, Text: r.Text, Meta: r.Meta}
}

// annotated converts a block's annotations. A priority of 0 is not
// written, as the other adapters do (stitch cannot tell 0 from unset).
func annotated(a *stitch.ContentAnnotations) mcp.Annotated {
	if a == nil {
		return mcp.Annotated{}
	}
	out := &mcp.Annotations{LastModified: a.LastModified}
	if a.Priority != 0 {
		p := a.Priority
		out.Priority = &p
	}
	for _, r := range a.Audience {
		out.Audience = append(out.Audience, mcp.Role(r))
	}
	return mcp.Annotated{Annotations: out}
}

// meta converts a block's _meta.
func meta(m map[string]any) *mcp.Meta {
	if m == nil {
		return nil
	}
	return &mcp.Meta{AdditionalFields: m}
}
