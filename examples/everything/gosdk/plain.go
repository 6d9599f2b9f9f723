package gosdk

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
)

// What the everything server serves with the plain SDK: the tool whose
// point is a hand-written schema, and the resources, prompts and
// completions of the reference server.

// addPlain registers the plain SDK's tool, resources and prompts on s.
func addPlain(s *mcp.Server) {
	addInputPrompt(s)
	s.AddTool(&mcp.Tool{
		Name:        "json_schema_2020_12_tool",
		Description: everything.JSONSchema202012Description,
		InputSchema: json.RawMessage(everything.JSONSchema202012),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return textResult(everything.JSONSchema202012Text(string(req.Params.Arguments))), nil
	})

	s.AddResource(&mcp.Resource{
		URI: "test://static-text", Name: "static-text", Title: "Static Text Resource",
		Description: "A static text resource for testing", MIMEType: "text/plain",
	}, textResource("text/plain", "This is the content of the static text resource."))
	s.AddResource(&mcp.Resource{
		URI: "test://static-binary", Name: "static-binary", Title: "Static Binary Resource",
		Description: "A static binary resource (image) for testing", MIMEType: "image/png",
	}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
			{URI: req.Params.URI, MIMEType: "image/png", Blob: everything.TestImage},
		}}, nil
	})
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: "test://template/{id}/data", Name: "template", Title: "Resource Template",
		Description: "A resource template with parameter substitution", MIMEType: "application/json",
	}, templateResource)
	s.AddResource(&mcp.Resource{
		URI: "test://watched-resource", Name: "watched-resource", Title: "Watched Resource",
		Description: "A resource that auto-updates every 3 seconds", MIMEType: "text/plain",
	}, textResource("text/plain", "Watched resource content"))

	s.AddPrompt(&mcp.Prompt{
		Name: "test_simple_prompt", Title: "Simple Test Prompt", Description: "A simple prompt without arguments",
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return prompt(&mcp.TextContent{Text: "This is a simple prompt for testing."}), nil
	})
	s.AddPrompt(&mcp.Prompt{
		Name: "test_prompt_with_arguments", Title: "Prompt With Arguments", Description: "A prompt with required arguments",
		Arguments: []*mcp.PromptArgument{
			{Name: "arg1", Description: "First test argument", Required: true},
			{Name: "arg2", Description: "Second test argument", Required: true},
		},
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		a := req.Params.Arguments
		return prompt(&mcp.TextContent{Text: "Prompt with arguments: arg1='" + a["arg1"] + "', arg2='" + a["arg2"] + "'"}), nil
	})
	s.AddPrompt(&mcp.Prompt{
		Name: "test_prompt_with_embedded_resource", Title: "Prompt With Embedded Resource",
		Description: "A prompt that includes an embedded resource",
		Arguments:   []*mcp.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}},
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return prompt(
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing.",
			}},
			&mcp.TextContent{Text: "Please process the embedded resource above."}), nil
	})
	s.AddPrompt(&mcp.Prompt{
		Name: "test_prompt_with_image", Title: "Prompt With Image", Description: "A prompt that includes image content",
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return prompt(
			&mcp.ImageContent{Data: everything.TestImage, MIMEType: "image/png"},
			&mcp.TextContent{Text: "Please analyze the image above."}), nil
	})
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// textResource is the handler of a resource whose contents are text.
func textResource(mime, text string) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: mime, Text: text}}}, nil
	}
}

// templateResource reads test://template/{id}/data.
func templateResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	id, _ := strings.CutPrefix(req.Params.URI, "test://template/")
	id, _ = strings.CutSuffix(id, "/data")
	text, err := json.Marshal(struct {
		ID           string `json:"id"`
		TemplateTest bool   `json:"templateTest"`
		Data         string `json:"data"`
	}{id, true, "Data for ID: " + id})
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
		{URI: req.Params.URI, MIMEType: "application/json", Text: string(text)},
	}}, nil
}

// addInputPrompt registers test_input_required_result_prompt: without the
// user's answer it returns the elicitation it needs (an input-required
// result under revision 2026-07-28; the SDK asks an older client on its
// session and calls the prompt again), with it the prompt.
func addInputPrompt(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{Name: everything.PromptInputName, Description: everything.PromptInputDescription},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			if r, ok := req.Params.InputResponses[everything.PromptInputKey].(*mcp.ElicitResult); ok && r.Action == "accept" {
				return prompt(&mcp.TextContent{Text: everything.PromptInputText(r.Content["context"])}), nil
			}
			return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{everything.PromptInputKey: &mcp.ElicitParams{
				Message: everything.PromptInputMessage, RequestedSchema: json.RawMessage(everything.PromptInputSchema),
			}}}, nil
		})
}

// prompt is a prompt result of user messages, one per content block.
func prompt(blocks ...mcp.Content) *mcp.GetPromptResult {
	r := &mcp.GetPromptResult{}
	for _, c := range blocks {
		r.Messages = append(r.Messages, &mcp.PromptMessage{Role: "user", Content: c})
	}
	return r
}

// complete answers every completion request with no values, as the
// reference server does.
func complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
}

// subscribe and unsubscribe accept every subscription; the SDK keeps track
// of them (Server.ResourceUpdated notifies the subscribers).
func subscribe(ctx context.Context, req *mcp.SubscribeRequest) error     { return nil }
func unsubscribe(ctx context.Context, req *mcp.UnsubscribeRequest) error { return nil }
