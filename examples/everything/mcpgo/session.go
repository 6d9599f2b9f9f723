package mcpgo

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
)

// handler implements everything.StitchHandler on mcp-go: the tools of
// everything.Service, and those that ask the client something through the
// server of the call's context (server.ServerFromContext), which sends the
// request to the session of the call.
type handler struct{ everything.Service }

var _ everything.StitchHandler = handler{}

// errNoSession is the failure of a session tool called without the
// adapter (a plain Dispatcher.Call).
var errNoSession = errors.New("this tool needs the MCP session; call it through the mcp-go adapter")

// mcpServer returns the mcp-go server of the call whose handler got ctx.
func mcpServer(ctx context.Context) (*server.MCPServer, error) {
	s := server.ServerFromContext(ctx)
	if stitchmcpgo.Request(ctx) == nil || s == nil {
		return nil, errNoSession
	}
	return s, nil
}

// TestSampling handles tool test_sampling: it asks the client's model to
// answer the prompt (sampling/createMessage) and returns the answer.
func (handler) TestSampling(ctx context.Context, in everything.TestSampling) (string, error) {
	s, err := mcpServer(ctx)
	if err != nil {
		return "", err
	}
	res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{
		Request: mcp.Request{Method: string(mcp.MethodSamplingCreateMessage)},
		CreateMessageParams: mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(in.Prompt)}},
			MaxTokens: everything.SamplingMaxTokens,
		},
	})
	if err != nil {
		return "", fmt.Errorf("sampling failed: %w", err)
	}
	answer := "No response"
	if t, ok := res.Content.(mcp.TextContent); ok && t.Text != "" {
		answer = t.Text
	}
	return everything.SamplingText(answer), nil
}

// TestElicitation handles tool test_elicitation: it asks the user for a
// username and an email (elicitation/create) and returns the answer.
func (handler) TestElicitation(ctx context.Context, in everything.TestElicitation) (string, error) {
	action, content, err := elicit(ctx, everything.Elicitation(in))
	if err != nil {
		return "", err
	}
	return everything.ElicitationText(action, content)
}

// TestElicitationSEP1034Defaults handles tool
// test_elicitation_sep1034_defaults.
func (handler) TestElicitationSEP1034Defaults(ctx context.Context, in everything.TestElicitationSEP1034Defaults) (string, error) {
	action, content, err := elicit(ctx, everything.ElicitationDefaults)
	if err != nil {
		return "", err
	}
	return everything.ElicitationCompletedText(action, content)
}

// TestElicitationSEP1330Enums handles tool test_elicitation_sep1330_enums.
func (handler) TestElicitationSEP1330Enums(ctx context.Context, in everything.TestElicitationSEP1330Enums) (string, error) {
	action, content, err := elicit(ctx, everything.ElicitationEnums)
	if err != nil {
		return "", err
	}
	return everything.ElicitationCompletedText(action, content)
}

// elicit sends r to the client (its schema as the raw bytes, so in the
// reference server's key order) and returns the user's action and the
// content of the answer. mcp-go does not check the answer against the
// requested schema, and hands the content over as it decoded it
// (ElicitationResponse.Content is an any): a JSON object becomes the map
// the result text is written from; anything else is not an answer.
func elicit(ctx context.Context, r everything.ElicitRequest) (string, map[string]any, error) {
	s, err := mcpServer(ctx)
	if err != nil {
		return "", nil, err
	}
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  mcp.ElicitationParams{Mode: mcp.ElicitationModeForm, Message: r.Message, RequestedSchema: r.Schema},
	})
	if err != nil {
		return "", nil, fmt.Errorf("elicitation failed: %w", err)
	}
	var content map[string]any
	switch c := res.Content.(type) {
	case nil:
	case map[string]any:
		content = c
	default:
		// An in-process client's handler may answer with any Go value.
		b, err := json.Marshal(c)
		if err == nil {
			err = json.Unmarshal(b, &content)
		}
		if err != nil {
			return "", nil, fmt.Errorf("elicitation answered with content %T, not an object: %w", c, err)
		}
	}
	return string(res.Action), content, nil
}

// reconnectDelay is how long test_reconnection waits before it answers,
// as the reference server does after closing the call's stream.
const reconnectDelay = 100 * time.Millisecond

// TestReconnection handles tool test_reconnection (SEP-1699). The
// reference server closes the call's SSE stream and answers after the
// client reconnected; mcp-go v1.2.1 gives a tool handler no way to close
// the stream of its request (and writes no priming event or retry field),
// so this one only waits and answers: the client gets the result on the
// stream of its POST (docs/mcpgo.md).
func (handler) TestReconnection(ctx context.Context, in everything.TestReconnection) (string, error) {
	t := time.NewTimer(reconnectDelay)
	defer t.Stop()
	select {
	case <-t.C:
		return everything.ReconnectionText, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// TestTriggerToolChange handles tool test_trigger_tool_change: it adds
// everything.DynamicToolName when the server does not have it and removes
// it when it does; mcp-go sends notifications/tools/list_changed.
func (handler) TestTriggerToolChange(ctx context.Context, in everything.TestTriggerToolChange) (string, error) {
	s, err := mcpServer(ctx)
	if err != nil {
		return "", err
	}
	if s.GetTool(everything.DynamicToolName) != nil {
		s.DeleteTools(everything.DynamicToolName)
		return everything.TriggerText(everything.DynamicToolName, false), nil
	}
	s.AddTool(mcp.NewTool(everything.DynamicToolName, mcp.WithDescription(everything.DynamicText)),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(everything.DynamicText), nil
		})
	return everything.TriggerText(everything.DynamicToolName, true), nil
}

// TestTriggerPromptChange handles tool test_trigger_prompt_change: the same
// for prompt everything.DynamicPromptName and
// notifications/prompts/list_changed.
func (handler) TestTriggerPromptChange(ctx context.Context, in everything.TestTriggerPromptChange) (string, error) {
	s, err := mcpServer(ctx)
	if err != nil {
		return "", err
	}
	if _, ok := s.ListPrompts()[everything.DynamicPromptName]; ok {
		s.DeletePrompts(everything.DynamicPromptName)
		return everything.TriggerText(everything.DynamicPromptName, false), nil
	}
	s.AddPrompt(mcp.NewPrompt(everything.DynamicPromptName, mcp.WithPromptDescription(everything.DynamicText)),
		func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return prompt(mcp.NewTextContent(everything.DynamicText)), nil
		})
	return everything.TriggerText(everything.DynamicPromptName, true), nil
}
