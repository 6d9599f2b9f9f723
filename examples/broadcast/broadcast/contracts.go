// Package broadcast is the example service of stitchgen that reproduces the
// incidents of the seed documents:
//
//   - the parts of a broadcast are a union in which media is an object in one
//     variant (image) and an array in another (gallery), so the flattened
//     schema must widen media instead of picking one shape;
//   - an index that is "integer, minimum 0" is shared by many operations of
//     edit_broadcast and must stay exactly that after flattening;
//   - a strict variant (text) sits beside a strip one (image): a sibling
//     variant's key is rejected by the first and dropped, and reported, by
//     the second.
package broadcast

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// SendBroadcast sends a message made of parts to a channel.
//
//stitch:tool send_broadcast output=BroadcastReceipt
type SendBroadcast struct {
	// Channel to post in, without the leading #.
	Channel string `json:"channel" jsonschema:"minLength=1,maxLength=80"`
	// The message, in order.
	Parts []Part `json:"parts" jsonschema:"minItems=1,maxItems=20"`
	// Post silently, without notifying members.
	Silent bool `json:"silent,omitempty"`
}

// Part is one piece of a broadcast.
//
//stitch:union kind
type Part interface{ isPart() }

// TextPart is a paragraph of text. It is strict: keys of other parts are
// errors here.
//
//stitch:variant text
type TextPart struct {
	Text string `json:"text" jsonschema:"minLength=1,maxLength=4000"`
}

// ImagePart is a single image. It strips keys it does not know (and reports
// them).
//
//stitch:variant image
//stitch:strip
type ImagePart struct {
	// The image.
	Media Media `json:"media"`
	// Caption under the image.
	Caption *string `json:"caption,omitempty" jsonschema:"maxLength=200"`
}

// GalleryPart is several images shown together.
//
//stitch:variant gallery
type GalleryPart struct {
	// The images, in display order.
	Media []Media `json:"media" jsonschema:"minItems=2,maxItems=10"`
}

func (TextPart) isPart()    {}
func (ImagePart) isPart()   {}
func (GalleryPart) isPart() {}

// Media is an image reference.
type Media struct {
	URL string `json:"url" jsonschema:"format=uri"`
	// Alternative text for screen readers.
	Alt string `json:"alt,omitempty" jsonschema:"maxLength=300"`
}

// BroadcastReceipt confirms a sent broadcast.
type BroadcastReceipt struct {
	BroadcastID string `json:"broadcastId"`
	Channel     string `json:"channel"`
	// Number of parts sent.
	Parts int `json:"parts"`
	// Number of media items over all parts.
	MediaCount int `json:"mediaCount"`
}

// EditBroadcast applies operations to the parts of a sent broadcast, in order.
//
//stitch:tool edit_broadcast
type EditBroadcast struct {
	BroadcastID string `json:"broadcastId" jsonschema:"pattern=^b-[0-9]+$"`
	Ops         []Op   `json:"ops" jsonschema:"minItems=1"`
}

// Op is one edit operation.
//
//stitch:union op
type Op interface{ isOp() }

// RemoveOp removes the part at index.
//
//stitch:variant remove
type RemoveOp struct {
	// Zero-based part index.
	Index int `json:"index" jsonschema:"minimum=0"`
}

// MoveOp moves the part at index to position to.
//
//stitch:variant move
type MoveOp struct {
	// Zero-based part index.
	Index int `json:"index" jsonschema:"minimum=0"`
	// Zero-based target position.
	To int `json:"to" jsonschema:"minimum=0"`
}

// ReplaceTextOp replaces the text of the text part at index.
//
//stitch:variant replace_text
type ReplaceTextOp struct {
	// Zero-based part index.
	Index int    `json:"index" jsonschema:"minimum=0"`
	Text  string `json:"text" jsonschema:"minLength=1,maxLength=4000"`
}

func (RemoveOp) isOp()      {}
func (MoveOp) isOp()        {}
func (ReplaceTextOp) isOp() {}

// PreviewBroadcast renders how a sent broadcast looks: an image with one
// bar per part, and a line of text saying what is in it. It reports its
// progress and logs what it rendered.
//
//stitch:tool preview_broadcast readOnly openWorld=false
type PreviewBroadcast struct {
	// Broadcast to preview, as returned by send_broadcast.
	BroadcastID string `json:"broadcastId" jsonschema:"pattern=^b-[0-9]+$"`
}
