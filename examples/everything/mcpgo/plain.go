package mcpgo

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
)

// What the everything server serves with plain mcp-go: the tool whose
// point is a hand-written schema, and the resources, prompts and
// completions of the reference server (the same as package gosdk's).

// addPlain registers plain mcp-go's tool, resources and prompts on s.
// Completions are mcp-go's default providers, which answer every request
// with no values, as the reference server does.
func addPlain(s *server.MCPServer) {
	addInputPrompt(s)
	s.AddTool(mcp.Tool{
		Name:           "json_schema_2020_12_tool",
		Description:    everything.JSONSchema202012Description,
		RawInputSchema: json.RawMessage(everything.JSONSchema202012),
	}, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(everything.JSONSchema202012Text(string(req.Params.RawArguments))), nil
	})

	s.AddResource(mcp.NewResource("test://static-text", "static-text",
		mcp.WithResourceTitle("Static Text Resource"),
		mcp.WithResourceDescription("A static text resource for testing"), mcp.WithMIMEType("text/plain")),
		textResource("text/plain", "This is the content of the static text resource."))
	s.AddResource(mcp.NewResource("test://static-binary", "static-binary",
		mcp.WithResourceTitle("Static Binary Resource"),
		mcp.WithResourceDescription("A static binary resource (image) for testing"), mcp.WithMIMEType("image/png")),
		func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{
				mcp.BlobResourceContents{URI: req.Params.URI, MIMEType: "image/png", Blob: everything.TestImageBase64},
			}, nil
		})
	s.AddResourceTemplate(mcp.NewResourceTemplate("test://template/{id}/data", "template",
		mcp.WithTemplateTitle("Resource Template"),
		mcp.WithTemplateDescription("A resource template with parameter substitution"), mcp.WithTemplateMIMEType("application/json")),
		templateResource)
	s.AddResource(mcp.NewResource("test://watched-resource", "watched-resource",
		mcp.WithResourceTitle("Watched Resource"),
		mcp.WithResourceDescription("A resource that auto-updates every 3 seconds"), mcp.WithMIMEType("text/plain")),
		textResource("text/plain", "Watched resource content"))

	s.AddPrompt(mcp.NewPrompt("test_simple_prompt",
		mcp.WithPromptTitle("Simple Test Prompt"), mcp.WithPromptDescription("A simple prompt without arguments")),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return prompt(mcp.NewTextContent("This is a simple prompt for testing.")), nil
		})
	s.AddPrompt(mcp.NewPrompt("test_prompt_with_arguments",
		mcp.WithPromptTitle("Prompt With Arguments"), mcp.WithPromptDescription("A prompt with required arguments"),
		mcp.WithArgument("arg1", mcp.ArgumentDescription("First test argument"), mcp.RequiredArgument()),
		mcp.WithArgument("arg2", mcp.ArgumentDescription("Second test argument"), mcp.RequiredArgument())),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			a := req.Params.Arguments
			return prompt(mcp.NewTextContent("Prompt with arguments: arg1='" + a["arg1"] + "', arg2='" + a["arg2"] + "'")), nil
		})
	s.AddPrompt(mcp.NewPrompt("test_prompt_with_embedded_resource",
		mcp.WithPromptTitle("Prompt With Embedded Resource"), mcp.WithPromptDescription("A prompt that includes an embedded resource"),
		mcp.WithArgument("resourceUri", mcp.ArgumentDescription("URI of the resource to embed"), mcp.RequiredArgument())),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return prompt(
				mcp.NewEmbeddedResource(mcp.TextResourceContents{
					URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing.",
				}),
				mcp.NewTextContent("Please process the embedded resource above.")), nil
		})
	s.AddPrompt(mcp.NewPrompt("test_prompt_with_image",
		mcp.WithPromptTitle("Prompt With Image"), mcp.WithPromptDescription("A prompt that includes image content")),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return prompt(
				mcp.NewImageContent(everything.TestImageBase64, "image/png"),
				mcp.NewTextContent("Please analyze the image above.")), nil
		})
}

// textResource is the handler of a resource whose contents are text.
func textResource(mime, text string) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: mime, Text: text}}, nil
	}
}

// templateResource reads test://template/{id}/data.
func templateResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
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
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "application/json", Text: string(text)}}, nil
}

// addInputPrompt registers test_input_required_result_prompt: without the
// user's answer it returns the elicitation it needs (an input-required
// result under revision 2026-07-28; mcp-go asks an older client on its
// session and calls the prompt again), with it the prompt.
func addInputPrompt(s *server.MCPServer) {
	s.AddPrompt(mcp.NewPrompt(everything.PromptInputName, mcp.WithPromptDescription(everything.PromptInputDescription)),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			if r := server.ElicitationResponse(req.Params.InputResponses, everything.PromptInputKey); r != nil && r.Action == mcp.ElicitationResponseActionAccept {
				var c struct{ Context any }
				b, _ := json.Marshal(r.Content)
				_ = json.Unmarshal(b, &c)
				return prompt(mcp.NewTextContent(everything.PromptInputText(c.Context))), nil
			}
			return server.NewInputRequestBuilder("").Elicit(everything.PromptInputKey, mcp.ElicitationParams{
				Message: everything.PromptInputMessage, RequestedSchema: json.RawMessage(everything.PromptInputSchema),
			}).PromptResult(), nil
		})
}

// prompt is a prompt result of user messages, one per content block.
func prompt(blocks ...mcp.Content) *mcp.GetPromptResult {
	r := &mcp.GetPromptResult{}
	for _, c := range blocks {
		r.Messages = append(r.Messages, mcp.PromptMessage{Role: mcp.RoleUser, Content: c})
	}
	return r
}
