package gosdk

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
)

// handler implements everything.StitchHandler on the Go SDK: the tools of
// everything.Service, and those that reach the client's session or the
// transport through the adapter's request (stitchgosdk.Request).
type handler struct {
	everything.Service
	server *serverBox
}

// serverBox holds the server the handler's tools are served by, which
// exists only after the dispatcher that serves them: the trigger tools
// change its tools and prompts.
type serverBox struct {
	mu                 sync.Mutex
	s                  *mcp.Server
	hasTool, hasPrompt bool // the dynamic tool and prompt are there
}

var _ everything.StitchHandler = handler{}

// errNoSession is the failure of a session tool called without the
// adapter (a plain Dispatcher.Call).
var errNoSession = errors.New("this tool needs the MCP session; call it through the go-sdk adapter")

// session returns the SDK session of the call whose handler got ctx.
func session(ctx context.Context) (*mcp.ServerSession, error) {
	req := stitchgosdk.Request(ctx)
	if req == nil || req.Session == nil {
		return nil, errNoSession
	}
	return req.Session, nil
}

// TestSampling handles tool test_sampling: it asks the client's model to
// answer the prompt (sampling/createMessage) and returns the answer.
func (handler) TestSampling(ctx context.Context, in everything.TestSampling) (string, error) {
	ss, err := session(ctx)
	if err != nil {
		return "", err
	}
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Prompt}}},
		MaxTokens: everything.SamplingMaxTokens,
	})
	if err != nil {
		return "", fmt.Errorf("sampling failed: %w", err)
	}
	answer := "No response"
	if t, ok := res.Content.(*mcp.TextContent); ok && t.Text != "" {
		answer = t.Text
	}
	return everything.SamplingText(answer), nil
}

// TestElicitation handles tool test_elicitation: it asks the user for a
// username and an email (elicitation/create) and returns the answer.
func (handler) TestElicitation(ctx context.Context, in everything.TestElicitation) (string, error) {
	res, err := elicit(ctx, everything.Elicitation(in))
	if err != nil {
		return "", err
	}
	return everything.ElicitationText(res.Action, res.Content)
}

// TestElicitationSEP1034Defaults handles tool
// test_elicitation_sep1034_defaults.
func (handler) TestElicitationSEP1034Defaults(ctx context.Context, in everything.TestElicitationSEP1034Defaults) (string, error) {
	res, err := elicit(ctx, everything.ElicitationDefaults)
	if err != nil {
		return "", err
	}
	return everything.ElicitationCompletedText(res.Action, res.Content)
}

// TestElicitationSEP1330Enums handles tool test_elicitation_sep1330_enums.
func (handler) TestElicitationSEP1330Enums(ctx context.Context, in everything.TestElicitationSEP1330Enums) (string, error) {
	res, err := elicit(ctx, everything.ElicitationEnums)
	if err != nil {
		return "", err
	}
	return everything.ElicitationCompletedText(res.Action, res.Content)
}

// elicit sends r to the client. The SDK checks an accepted answer against
// the requested schema.
func elicit(ctx context.Context, r everything.ElicitRequest) (*mcp.ElicitResult, error) {
	ss, err := session(ctx)
	if err != nil {
		return nil, err
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: r.Message, RequestedSchema: r.Schema})
	if err != nil {
		return nil, fmt.Errorf("elicitation failed: %w", err)
	}
	return res, nil
}

// reconnectDelay is how long test_reconnection waits after closing the
// call's stream before it answers, as the reference server does; the
// answer then waits in the event store for the client to resume the
// stream.
const reconnectDelay = 100 * time.Millisecond

// TestReconnection handles tool test_reconnection (SEP-1699): on
// streamable HTTP it closes the SSE stream of the call, telling the
// client to reconnect after 10 ms, and answers after reconnectDelay. On
// other transports it just answers.
func (handler) TestReconnection(ctx context.Context, in everything.TestReconnection) (string, error) {
	if req := stitchgosdk.Request(ctx); req != nil && req.Extra != nil && req.Extra.CloseSSEStream != nil {
		req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 10 * time.Millisecond})
	}
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
// it when it does; the SDK sends notifications/tools/list_changed.
func (h handler) TestTriggerToolChange(ctx context.Context, in everything.TestTriggerToolChange) (string, error) {
	h.server.mu.Lock()
	defer h.server.mu.Unlock()
	s := h.server.s
	if h.server.hasTool = !h.server.hasTool; !h.server.hasTool {
		s.RemoveTools(everything.DynamicToolName)
		return everything.TriggerText(everything.DynamicToolName, false), nil
	}
	s.AddTool(&mcp.Tool{Name: everything.DynamicToolName, Description: everything.DynamicText,
		InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: everything.DynamicText}}}, nil
		})
	return everything.TriggerText(everything.DynamicToolName, true), nil
}

// TestTriggerPromptChange handles tool test_trigger_prompt_change: the same
// for prompt everything.DynamicPromptName and
// notifications/prompts/list_changed.
func (h handler) TestTriggerPromptChange(ctx context.Context, in everything.TestTriggerPromptChange) (string, error) {
	h.server.mu.Lock()
	defer h.server.mu.Unlock()
	s := h.server.s
	if h.server.hasPrompt = !h.server.hasPrompt; !h.server.hasPrompt {
		s.RemovePrompts(everything.DynamicPromptName)
		return everything.TriggerText(everything.DynamicPromptName, false), nil
	}
	s.AddPrompt(&mcp.Prompt{Name: everything.DynamicPromptName, Description: everything.DynamicText},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return prompt(&mcp.TextContent{Text: everything.DynamicText}), nil
		})
	return everything.TriggerText(everything.DynamicPromptName, true), nil
}
