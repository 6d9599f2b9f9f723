package stitchopenai_test

import (
	"context"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/stitch"
)

// blocks is a hand-built text tool whose handler returns no text of its
// own and adds one block of every kind.
func blocks() stitch.Tool {
	size := int64(1234)
	return stitch.Tool{
		Name:        "blocks",
		InputSchema: `{"type":"object"}`,
		Profiles:    []stitch.ProfileSchema{{Profile: stitchopenai.Profile, Schema: `{"type":"object"}`}},
		Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) {
			return nil, nil, nil, nil
		},
		Run: func(ctx context.Context, _ any) (stitch.Output, error) {
			stitch.AddContent(ctx,
				&stitch.TextContent{Text: "order placed", Annotations: &stitch.ContentAnnotations{Audience: []string{"assistant"}}},
				&stitch.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"},
				&stitch.ImageContent{Data: []byte("<svg/>"), MIMEType: "image/svg+xml"},
				&stitch.AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav"},
				&stitch.ResourceLink{URI: "file:///orders/o-1.pdf", Name: "o-1.pdf", Title: "Invoice", MIMEType: "application/pdf", Size: &size, Description: "The invoice."},
				&stitch.ResourceLink{URI: "file:///orders/o-2.pdf"},
				&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "file:///orders/o-1.txt", MIMEType: "text/plain", Text: "1 x A1"}},
				&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "file:///orders/o-1.pdf", MIMEType: "application/pdf", Blob: []byte("%PDF")}},
				&stitch.EmbeddedResource{},
			)
			return stitch.Output{}, nil
		},
	}
}

// TestChatContent: a Chat Completions tool message carries text only:
// every block is a text part, the ones that are not text a note.
func TestChatContent(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{blocks()})
	if err != nil {
		t.Fatal(err)
	}
	msg := stitchopenai.ChatToolMessage(context.Background(), d, openai.ChatCompletionMessageToolCallUnion{
		ID: "call_1", Type: "function", Function: openai.ChatCompletionMessageFunctionToolCallFunction{Name: "blocks", Arguments: "{}"},
	})
	client, rp := newClient(t, chatAnswer("ok"))
	if _, err := client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{Model: "gpt-test", Messages: []openai.ChatCompletionMessageParamUnion{msg}}); err != nil {
		t.Fatal(err)
	}
	diff(t, "the tool message", rp.body(t, 0), `{"messages":[{"content":[`+
		`{"text":"order placed","type":"text"},`+
		`{"text":"[image not shown (image/png, 4 bytes): a Chat Completions tool message carries text only]","type":"text"},`+
		`{"text":"[image not shown (image/svg+xml, 6 bytes): a Chat Completions tool message carries text only]","type":"text"},`+
		`{"text":"[audio not played (audio/wav, 4 bytes): a tool result to OpenAI carries no audio]","type":"text"},`+
		`{"text":"[resource link, not read: file:///orders/o-1.pdf (name \"o-1.pdf\", title \"Invoice\", application/pdf, 1234 bytes): The invoice.]","type":"text"},`+
		`{"text":"[resource link, not read: file:///orders/o-2.pdf]","type":"text"},`+
		`{"text":"[resource file:///orders/o-1.txt (text/plain)]\n1 x A1","type":"text"},`+
		`{"text":"[resource file:///orders/o-1.pdf not shown (application/pdf, 4 bytes): a Chat Completions tool message carries text only]","type":"text"},`+
		`{"text":"[empty embedded resource]","type":"text"}`+
		`],"tool_call_id":"call_1","role":"tool"}],"model":"gpt-test"}`)
}

// TestResponseContent: a function_call_output takes text, images and
// files: the PNG is an input_image, the blob an input_file, the rest text.
func TestResponseContent(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{blocks()})
	if err != nil {
		t.Fatal(err)
	}
	out := stitchopenai.ResponseToolOutput(context.Background(), d, responses.ResponseFunctionToolCall{CallID: "call_1", Name: "blocks", Arguments: "{}"})
	client, rp := newClient(t, response("resp_2", message("ok")))
	if _, err := client.Responses.New(context.Background(), responses.ResponseNewParams{
		Model: "gpt-test", Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{out}},
	}); err != nil {
		t.Fatal(err)
	}
	diff(t, "the function_call_output", rp.body(t, 0), `{"input":[{"output":[`+
		`{"text":"order placed","type":"input_text"},`+
		`{"image_url":"data:image/png;base64,iVBORw==","type":"input_image"},`+
		`{"text":"[image not shown (image/svg+xml, 6 bytes): OpenAI reads PNG, JPEG, WEBP and GIF images]","type":"input_text"},`+
		`{"text":"[audio not played (audio/wav, 4 bytes): a tool result to OpenAI carries no audio]","type":"input_text"},`+
		`{"text":"[resource link, not read: file:///orders/o-1.pdf (name \"o-1.pdf\", title \"Invoice\", application/pdf, 1234 bytes): The invoice.]","type":"input_text"},`+
		`{"text":"[resource link, not read: file:///orders/o-2.pdf]","type":"input_text"},`+
		`{"text":"[resource file:///orders/o-1.txt (text/plain)]\n1 x A1","type":"input_text"},`+
		`{"file_data":"data:application/pdf;base64,JVBERg==","filename":"o-1.pdf","type":"input_file"},`+
		`{"text":"[empty embedded resource]","type":"input_text"}`+
		`],"call_id":"call_1","type":"function_call_output"}],"model":"gpt-test"}`)
}

// TestOneTextBlockIsAString: the common result, one text block, is sent
// as a plain string (the round trips show it); a tool that returns no
// text at all sends "".
func TestOneTextBlockIsAString(t *testing.T) {
	empty := blocks()
	empty.Run = func(context.Context, any) (stitch.Output, error) { return stitch.Output{}, nil }
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{empty})
	if err != nil {
		t.Fatal(err)
	}
	msg := stitchopenai.ChatToolMessage(context.Background(), d, openai.ChatCompletionMessageToolCallUnion{ID: "call_1", Function: openai.ChatCompletionMessageFunctionToolCallFunction{Name: "blocks"}})
	got, _ := msg.MarshalJSON()
	diff(t, "tool message", string(got), `{"content":"","tool_call_id":"call_1","role":"tool"}`)
	out := stitchopenai.ResponseToolOutput(context.Background(), d, responses.ResponseFunctionToolCall{CallID: "call_1", Name: "blocks"})
	got, _ = out.MarshalJSON()
	diff(t, "function_call_output", string(got), `{"output":"","call_id":"call_1","type":"function_call_output"}`)
}
