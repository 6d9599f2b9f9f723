package stitch

import (
	"context"
	"sync"
)

// A Content is one content block of a tool result: *TextContent,
// *ImageContent, *AudioContent, *ResourceLink or *EmbeddedResource, the
// block types of MCP. Adapters translate them to their SDK's types.
type Content interface{ isContent() }

// A TextContent is a text block.
type TextContent struct {
	Text        string
	Annotations *ContentAnnotations
	Meta        map[string]any
}

// An ImageContent is an image; Data holds the raw bytes (adapters encode
// them as base64).
type ImageContent struct {
	Data        []byte
	MIMEType    string
	Annotations *ContentAnnotations
	Meta        map[string]any
}

// An AudioContent is audio; Data holds the raw bytes.
type AudioContent struct {
	Data        []byte
	MIMEType    string
	Annotations *ContentAnnotations
	Meta        map[string]any
}

// A ResourceLink points at a resource the client may read.
type ResourceLink struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Size        *int64
	Annotations *ContentAnnotations
	Meta        map[string]any
}

// An EmbeddedResource carries a resource's contents in the result.
type EmbeddedResource struct {
	Resource    *ResourceContents
	Annotations *ContentAnnotations
	Meta        map[string]any
}

// ResourceContents are the contents of an embedded resource: Text for a
// text resource, Blob (raw bytes) for a binary one.
type ResourceContents struct {
	URI      string
	MIMEType string
	Text     string
	Blob     []byte
	Meta     map[string]any
}

// ContentAnnotations are the optional MCP annotations of a content block.
type ContentAnnotations struct {
	Audience     []string // "user", "assistant"
	Priority     float64  // 0 (least) to 1 (most important)
	LastModified string   // ISO 8601
}

func (*TextContent) isContent()      {}
func (*ImageContent) isContent()     {}
func (*AudioContent) isContent()     {}
func (*ResourceLink) isContent()     {}
func (*EmbeddedResource) isContent() {}

// callKey is the context key of the running call's state.
type callKey struct{}

// callState collects what a handler adds to its result. It is sealed once
// the dispatcher has the handler's outcome: a handler that outlived its
// call cannot change a result that was already sent.
type callState struct {
	mu     sync.Mutex
	blocks []Content
	sealed bool
}

// AddContent adds content blocks to the result of the call whose handler
// received ctx, in the order added:
//
//   - for a tool with an output type, the added blocks replace the default
//     text block (the output document); structuredContent stays the output;
//   - for a tool without one, the text the handler returns comes first as a
//     text block, unless it is "", and the added blocks follow it.
//
// It reports whether the blocks were taken: false outside a handler's
// context, or once the call has ended (a handler abandoned at its
// deadline). It is safe for concurrent use.
func AddContent(ctx context.Context, blocks ...Content) bool {
	s, _ := ctx.Value(callKey{}).(*callState)
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sealed {
		return false
	}
	s.blocks = append(s.blocks, blocks...)
	return true
}

// seal ends the collection and returns the blocks added.
func (s *callState) seal() []Content {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sealed = true
	return s.blocks
}
