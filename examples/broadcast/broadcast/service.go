package broadcast

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/stitchgen/stitchgen/stitch"
)

// Service implements StitchHandler with in-memory broadcasts. It is safe for
// concurrent use.
type Service struct {
	mu    sync.Mutex
	next  int
	sent  map[string][]Part
	chans map[string]string
}

// NewService returns a service without broadcasts.
func NewService() *Service {
	return &Service{sent: map[string][]Part{}, chans: map[string]string{}}
}

// SendBroadcast handles tool send_broadcast.
func (s *Service) SendBroadcast(ctx context.Context, in SendBroadcast) (BroadcastReceipt, error) {
	r := BroadcastReceipt{Channel: in.Channel, Parts: len(in.Parts)}
	for _, p := range in.Parts {
		switch p := p.(type) {
		case ImagePart:
			r.MediaCount++
		case GalleryPart:
			r.MediaCount += len(p.Media)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	r.BroadcastID = "b-" + strconv.Itoa(s.next)
	s.sent[r.BroadcastID] = append([]Part(nil), in.Parts...)
	s.chans[r.BroadcastID] = in.Channel
	return r, nil
}

// EditBroadcast handles tool edit_broadcast. Operations apply in order; the
// first one that does not fit leaves the broadcast unchanged.
func (s *Service) EditBroadcast(ctx context.Context, in EditBroadcast) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	parts, ok := s.sent[in.BroadcastID]
	if !ok {
		return "", fmt.Errorf("no broadcast %s", in.BroadcastID)
	}
	parts = append([]Part(nil), parts...)
	for i, op := range in.Ops {
		var err error
		if parts, err = apply(parts, op); err != nil {
			return "", fmt.Errorf("ops[%d]: %w", i, err)
		}
	}
	s.sent[in.BroadcastID] = parts
	return fmt.Sprintf("%s now has %d parts", in.BroadcastID, len(parts)), nil
}

// apply runs one operation on parts.
func apply(parts []Part, op Op) ([]Part, error) {
	idx := func(i int) error {
		if i >= len(parts) {
			return fmt.Errorf("index %d is out of range: the broadcast has %d parts", i, len(parts))
		}
		return nil
	}
	switch op := op.(type) {
	case RemoveOp:
		if err := idx(op.Index); err != nil {
			return nil, err
		}
		return append(parts[:op.Index], parts[op.Index+1:]...), nil
	case MoveOp:
		if err := idx(op.Index); err != nil {
			return nil, err
		}
		if err := idx(op.To); err != nil {
			return nil, err
		}
		p := parts[op.Index]
		parts = append(parts[:op.Index], parts[op.Index+1:]...)
		return append(parts[:op.To], append([]Part{p}, parts[op.To:]...)...), nil
	case ReplaceTextOp:
		if err := idx(op.Index); err != nil {
			return nil, err
		}
		if _, ok := parts[op.Index].(TextPart); !ok {
			return nil, fmt.Errorf("part %d is not a text part", op.Index)
		}
		parts[op.Index] = TextPart{Text: op.Text}
		return parts, nil
	}
	return nil, fmt.Errorf("unsupported operation %T", op)
}

// PreviewBroadcast handles tool preview_broadcast: two progress steps, an
// info log, then the preview as a text block and an image (a text tool
// that adds content and returns "" gives exactly the blocks it added).
func (s *Service) PreviewBroadcast(ctx context.Context, in PreviewBroadcast) (string, error) {
	s.mu.Lock()
	parts, ok := s.sent[in.BroadcastID]
	channel := s.chans[in.BroadcastID]
	s.mu.Unlock()
	if !ok {
		return "", fmt.Errorf("no broadcast %s", in.BroadcastID)
	}
	if err := stitch.Progress(ctx, 0, 2, "rendering the preview"); err != nil {
		return "", err
	}
	img, err := previewPNG(len(parts))
	if err != nil {
		return "", err
	}
	if err := stitch.Progress(ctx, 1, 2, "preview rendered"); err != nil {
		return "", err
	}
	summary := fmt.Sprintf("Preview of %s in #%s: %d parts", in.BroadcastID, channel, len(parts))
	if err := stitch.Log(ctx, stitch.LevelInfo, "broadcast", summary); err != nil {
		return "", err
	}
	stitch.AddContent(ctx, &stitch.TextContent{Text: summary}, &stitch.ImageContent{Data: img, MIMEType: "image/png"})
	return "", stitch.Progress(ctx, 2, 2, "done")
}

// previewPNG draws one dark bar per part on white.
func previewPNG(parts int) ([]byte, error) {
	img := image.NewGray(image.Rect(0, 0, 4*parts+4, 8))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for p := range parts {
		for y := 2; y < 6; y++ {
			img.SetGray(2+4*p, y, color.Gray{})
			img.SetGray(3+4*p, y, color.Gray{})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
