package everything_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/stitch"
)

func TestGeneratedFileIsFresh(t *testing.T) {
	testmod.CheckFresh(t, "../../..", "./examples/conformance/everything")
}

// handler completes Service with session tools that fail: what a server
// without a session could serve.
type handler struct{ everything.Service }

var errNoSession = errors.New("no session")

func (handler) TestSampling(context.Context, everything.TestSampling) (string, error) {
	return "", errNoSession
}
func (handler) TestElicitation(context.Context, everything.TestElicitation) (string, error) {
	return "", errNoSession
}
func (handler) TestElicitationSEP1034Defaults(context.Context, everything.TestElicitationSEP1034Defaults) (string, error) {
	return "", errNoSession
}
func (handler) TestElicitationSEP1330Enums(context.Context, everything.TestElicitationSEP1330Enums) (string, error) {
	return "", errNoSession
}
func (handler) TestReconnection(context.Context, everything.TestReconnection) (string, error) {
	return "", errNoSession
}
func (handler) TestTriggerToolChange(context.Context, everything.TestTriggerToolChange) (string, error) {
	return "", errNoSession
}
func (handler) TestTriggerPromptChange(context.Context, everything.TestTriggerPromptChange) (string, error) {
	return "", errNoSession
}

// TestTools: the tools are the reference server's, with its descriptions
// and arguments (stitchgen's input schemas are strict and advertise no
// $schema).
func TestTools(t *testing.T) {
	const none = `{"type":"object","properties":{},"additionalProperties":false}`
	want := []struct{ name, description, input string }{
		{"test_simple_text", "Tests simple text content response", none},
		{"test_image_content", "Tests image content response", none},
		{"test_audio_content", "Tests audio content response", none},
		{"test_embedded_resource", "Tests embedded resource content response", none},
		{"test_multiple_content_types", "Tests response with multiple content types (text, image, resource)", none},
		{"test_tool_with_logging", "Tests tool that emits log messages during execution", none},
		{"test_tool_with_progress", "Tests tool that reports progress notifications", none},
		{"test_error_handling", "Tests error response handling", none},
		{"test_reconnection", "Tests SSE stream disconnection and client reconnection (SEP-1699). Server will close the stream mid-call and send the result after client reconnects.", none},
		{"test_sampling", "Tests server-initiated sampling (LLM completion request)",
			`{"type":"object","properties":{"prompt":{"type":"string","description":"The prompt to send to the LLM"}},"required":["prompt"],"additionalProperties":false}`},
		{"test_elicitation", "Tests server-initiated elicitation (user input request)",
			`{"type":"object","properties":{"message":{"type":"string","description":"The message to show the user"}},"required":["message"],"additionalProperties":false}`},
		{"test_elicitation_sep1034_defaults", "Tests elicitation with default values per SEP-1034", none},
		{"test_elicitation_sep1330_enums", "Tests elicitation with enum schema improvements per SEP-1330", none},
		{"test_input_required_result_elicitation", "Tests an input-required result asking for one elicitation", none},
		{"test_input_required_result_sampling", "Tests an input-required result asking for one sampling request", none},
		{"test_input_required_result_list_roots", "Tests an input-required result asking for the client's roots", none},
		{"test_input_required_result_request_state", "Tests that requestState round-trips through an input-required result", none},
		{"test_input_required_result_multiple_inputs", "Tests an input-required result with elicitation, sampling and roots requests at once", none},
		{"test_input_required_result_multi_round", "Tests two rounds of input-required results with an evolving requestState", none},
		{"test_input_required_result_tampered_state", "Tests that a tampered requestState is rejected", none},
		{"test_input_required_result_capabilities", "Tests that input requests are limited to the capabilities the client declared", none},
		{"test_missing_capability", "Tests that a tool needing sampling is refused when the client did not declare the sampling capability", none},
		{"test_custom_headers", "Tests custom headers mirrored from x-mcp-header parameters (SEP-2243)",
			`{"type":"object","properties":{"region":{"type":"string","description":"Plain ASCII string value","x-mcp-header":"Region"},` +
				`"priority":{"type":"integer","description":"Integer numeric value","x-mcp-header":"Priority"},` +
				`"verbose":{"type":"boolean","description":"Boolean value","x-mcp-header":"Verbose"}},"additionalProperties":false}`},
		{"test_trigger_tool_change", "Adds or removes a tool, so that the server sends notifications/tools/list_changed", none},
		{"test_trigger_prompt_change", "Adds or removes a prompt, so that the server sends notifications/prompts/list_changed", none},
		{"test_streaming_elicitation", "Tests that a call asking for input answers with an input-required result on its own stream, never with an independent request", none},
		{"test_logging_tool", "Tests that no log message is sent for a request that did not set a log level", none},
	}
	tools := everything.StitchTools(handler{})
	if len(tools) != len(want) {
		t.Fatalf("%d tools, want %d", len(tools), len(want))
	}
	for i, w := range want {
		tl := tools[i]
		if tl.Name != w.name || tl.Description != w.description || tl.InputSchema != w.input || tl.OutputSchema != "" || tl.Annotations != nil {
			t.Errorf("tool %d: got %s %q %s (output %q, annotations %v)\nwant %s %q %s", i, tl.Name, tl.Description, tl.InputSchema, tl.OutputSchema, tl.Annotations, w.name, w.description, w.input)
		}
	}
}

// peer records what the handlers send to the client.
type peer struct{ got []string }

func (p *peer) Progress(ctx context.Context, progress, total float64, message string) error {
	p.got = append(p.got, fmt.Sprintf("progress %g/%g %s", progress, total, message))
	return nil
}

func (p *peer) Log(ctx context.Context, level stitch.Level, logger string, data any) error {
	p.got = append(p.got, fmt.Sprintf("log %s %q %v", level, logger, data))
	return nil
}

// TestResults: the Service's tools answer what the reference server
// answers, and send what it sends during the call.
func TestResults(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, everything.StitchTools(handler{}))
	if err != nil {
		t.Fatal(err)
	}
	image := &stitch.ImageContent{Data: everything.TestImage, MIMEType: "image/png"}
	tests := []struct {
		tool string
		want []stitch.Content
		sent []string
	}{
		{"test_simple_text", []stitch.Content{&stitch.TextContent{Text: "This is a simple text response for testing."}}, nil},
		{"test_image_content", []stitch.Content{image}, nil},
		{"test_audio_content", []stitch.Content{&stitch.AudioContent{Data: everything.TestAudio, MIMEType: "audio/wav"}}, nil},
		{"test_embedded_resource", []stitch.Content{&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{
			URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content."}}}, nil},
		{"test_multiple_content_types", []stitch.Content{
			&stitch.TextContent{Text: "Multiple content types test:"},
			image,
			&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{
				URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`}},
		}, nil},
		{"test_tool_with_logging", []stitch.Content{&stitch.TextContent{Text: "Tool with logging executed successfully"}},
			[]string{`log info "" Tool execution started`, `log info "" Tool processing data`, `log info "" Tool execution completed`}},
		{"test_tool_with_progress", []stitch.Content{&stitch.TextContent{Text: "Reported progress 0, 50 and 100 of 100"}},
			[]string{"progress 0/100 Completed step 0 of 100", "progress 50/100 Completed step 50 of 100", "progress 100/100 Completed step 100 of 100"}},
	}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			p := &peer{}
			r := d.Call(stitch.WithPeer(context.Background(), p), tc.tool, nil)
			if r.IsError || r.Structured != nil || !reflect.DeepEqual(r.Content, tc.want) {
				t.Errorf("result %+v %s\nwant content %s", r, show(r.Content), show(tc.want))
			}
			if !reflect.DeepEqual(p.got, tc.sent) {
				t.Errorf("sent %q, want %q", p.got, tc.sent)
			}
		})
	}
	t.Run("test_error_handling", func(t *testing.T) {
		r := d.Call(context.Background(), "test_error_handling", []byte(`{}`))
		var env struct{ Error, Message string }
		if err := json.Unmarshal([]byte(r.Text()), &env); err != nil || !r.IsError || env.Error != "TOOL_ERROR" ||
			env.Message != "This tool intentionally returns an error for testing" {
			t.Errorf("result %+v (%v)", r, err)
		}
	})
}

func show(cs []stitch.Content) string {
	b, _ := json.Marshal(cs)
	return string(b)
}

// TestTestFiles: the test files are the reference server's bytes.
func TestTestFiles(t *testing.T) {
	if string(everything.TestImage[1:4]) != "PNG" || string(everything.TestAudio[:4]) != "RIFF" {
		t.Errorf("image %x, audio %x", everything.TestImage[:4], everything.TestAudio[:4])
	}
}

// TestSessionTexts: the session tools' texts are the reference server's,
// the answer's content written as JSON.stringify writes it.
func TestSessionTexts(t *testing.T) {
	for _, r := range []everything.ElicitRequest{everything.Elicitation(everything.TestElicitation{Message: "m"}), everything.ElicitationDefaults, everything.ElicitationEnums} {
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(r.Schema, &schema); err != nil || schema.Type != "object" || len(schema.Properties) == 0 || r.Message == "" {
			t.Errorf("request %q %s: %v", r.Message, r.Schema, err)
		}
	}
	got := []string{everything.SamplingText("hi")}
	for _, c := range []map[string]any{{"username": "<u>", "email": "e"}, nil} {
		s, err := everything.ElicitationText("accept", c)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	s, err := everything.ElicitationCompletedText("decline", nil)
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, s)
	want := []string{
		"LLM response: hi",
		`User response: action=accept, content={"email":"e","username":"<u>"}`,
		`User response: action=accept, content={}`,
		`Elicitation completed: action=decline, content={}`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("texts\n got %q\nwant %q", got, want)
	}
}
