package everything

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"
	"time"

	"github.com/stitchgen/stitchgen/stitch"
)

// The reference server's test files, base64 as it writes them: a 1x1 red
// PNG pixel and a minimal WAV file.
const (
	TestImageBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
	TestAudioBase64 = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="
)

// TestImage and TestAudio are the decoded test files (adapters encode the
// bytes of a block as base64 again).
var (
	TestImage = mustBase64(TestImageBase64)
	TestAudio = mustBase64(TestAudioBase64)
)

func mustBase64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// step is the pause between the notifications of test_tool_with_logging
// and test_tool_with_progress: the scenarios check that a client receives
// several notifications during one call.
const step = 50 * time.Millisecond

// Service implements the tools of the package that need only package
// stitch. It has no state; the zero value is ready to use. Embed it in a
// type that adds TestSampling, TestElicitation,
// TestElicitationSEP1034Defaults, TestElicitationSEP1330Enums,
// TestReconnection, TestTriggerToolChange and TestTriggerPromptChange to
// get a StitchHandler.
type Service struct{}

// TestSimpleText handles tool test_simple_text: one text block.
func (Service) TestSimpleText(ctx context.Context, in TestSimpleText) (string, error) {
	return "This is a simple text response for testing.", nil
}

// TestImageContent handles tool test_image_content: one image block and no
// text.
func (Service) TestImageContent(ctx context.Context, in TestImageContent) (string, error) {
	stitch.AddContent(ctx, &stitch.ImageContent{Data: TestImage, MIMEType: "image/png"})
	return "", nil
}

// TestAudioContent handles tool test_audio_content: one audio block.
func (Service) TestAudioContent(ctx context.Context, in TestAudioContent) (string, error) {
	stitch.AddContent(ctx, &stitch.AudioContent{Data: TestAudio, MIMEType: "audio/wav"})
	return "", nil
}

// TestEmbeddedResource handles tool test_embedded_resource: one embedded
// text resource.
func (Service) TestEmbeddedResource(ctx context.Context, in TestEmbeddedResource) (string, error) {
	stitch.AddContent(ctx, &stitch.EmbeddedResource{Resource: &stitch.ResourceContents{
		URI:      "test://embedded-resource",
		MIMEType: "text/plain",
		Text:     "This is an embedded resource content.",
	}})
	return "", nil
}

// TestMultipleContentTypes handles tool test_multiple_content_types: the
// returned text, then an image and an embedded JSON resource.
func (Service) TestMultipleContentTypes(ctx context.Context, in TestMultipleContentTypes) (string, error) {
	stitch.AddContent(ctx,
		&stitch.ImageContent{Data: TestImage, MIMEType: "image/png"},
		&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{
			URI:      "test://mixed-content-resource",
			MIMEType: "application/json",
			Text:     `{"test":"data","value":123}`,
		}})
	return "Multiple content types test:", nil
}

// TestToolWithLogging handles tool test_tool_with_logging: three info log
// messages, 50 ms apart. The client's logging level decides which of them
// it gets.
func (Service) TestToolWithLogging(ctx context.Context, in TestToolWithLogging) (string, error) {
	msgs := []string{"Tool execution started", "Tool processing data", "Tool execution completed"}
	for i, msg := range msgs {
		if i > 0 {
			if err := sleep(ctx, step); err != nil {
				return "", err
			}
		}
		if err := stitch.Log(ctx, stitch.LevelInfo, "", msg); err != nil {
			return "", err
		}
	}
	return "Tool with logging executed successfully", nil
}

// TestToolWithProgress handles tool test_tool_with_progress: progress 0,
// 50 and 100 of 100, 50 ms apart, sent when the client asked for progress.
//
// The reference server answers with the call's progress token as text;
// package stitch does not show a handler the token (the adapter attaches
// it to each notification), so the text here says what was reported.
func (Service) TestToolWithProgress(ctx context.Context, in TestToolWithProgress) (string, error) {
	const total = 100
	for i, p := range []float64{0, 50, 100} {
		if i > 0 {
			if err := sleep(ctx, step); err != nil {
				return "", err
			}
		}
		msg := "Completed step " + strconv.FormatFloat(p, 'f', -1, 64) + " of " + strconv.Itoa(total)
		if err := stitch.Progress(ctx, p, total, msg); err != nil {
			return "", err
		}
	}
	return "Reported progress 0, 50 and 100 of 100", nil
}

// ErrIntentional is the failure of tool test_error_handling.
//
//lint:ignore ST1005 a sentence the client reads in the envelope's message, never wrapped by Go code
var ErrIntentional = errors.New("This tool intentionally returns an error for testing")

// TestErrorHandling handles tool test_error_handling: it always fails,
// which the caller reads as an isError result whose envelope carries the
// message (TOOL_ERROR).
func (Service) TestErrorHandling(ctx context.Context, in TestErrorHandling) (string, error) {
	return "", ErrIntentional
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
