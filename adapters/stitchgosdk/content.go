package stitchgosdk

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// content converts one block.
func content(c stitch.Content) mcp.Content {
	switch c := c.(type) {
	case *stitch.TextContent:
		return &mcp.TextContent{Text: c.Text, Annotations: annotations(c.Annotations), Meta: c.Meta}
	case *stitch.ImageContent:
		return &mcp.ImageContent{Data: c.Data, MIMEType: c.MIMEType, Annotations: annotations(c.Annotations), Meta: c.Meta}
	case *stitch.AudioContent:
		return &mcp.AudioContent{Data: c.Data, MIMEType: c.MIMEType, Annotations: annotations(c.Annotations), Meta: c.Meta}
	case *stitch.ResourceLink:
		return &mcp.ResourceLink{URI: c.URI, Name: c.Name, Title: c.Title, Description: c.Description,
			MIMEType: c.MIMEType, Size: c.Size, Annotations: annotations(c.Annotations), Meta: c.Meta}
	case *stitch.EmbeddedResource:
		e := &mcp.EmbeddedResource{Annotations: annotations(c.Annotations), Meta: c.Meta}
		if r := c.Resource; r != nil {
			e.Resource = &mcp.ResourceContents{URI: r.URI, MIMEType: r.MIMEType, Text: r.Text, Blob: r.Blob, Meta: r.Meta}
		}
		return e
	}
	// Content is sealed: every block type is listed above.
	panic("stitchgosdk: unknown content block type")
}

func annotations(a *stitch.ContentAnnotations) *mcp.Annotations {
	if a == nil {
		return nil
	}
	out := &mcp.Annotations{Priority: a.Priority, LastModified: a.LastModified}
	for _, r := range a.Audience {
		out.Audience = append(out.Audience, mcp.Role(r))
	}
	return out
}
