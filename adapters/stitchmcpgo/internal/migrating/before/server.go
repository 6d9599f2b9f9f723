// Package before is the mcp-go server of docs/migrating-mcpgo.md before the
// move: tool greet declared with mcp-go's builders, its arguments read
// from the request's map.
package before

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer returns the server with tool greet.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("hello-tools", "v0.1.0")
	s.AddTool(mcp.NewTool("greet",
		mcp.WithDescription("Greet says hello to someone."),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("name", mcp.Required(), mcp.Description("Who to greet."),
			mcp.MinLength(1), mcp.MaxLength(40)),
		mcp.WithNumber("excitement", mcp.Description("How many exclamation marks to add."),
			mcp.Min(0), mcp.Max(3), mcp.DefaultNumber(1)),
	), greet)
	return s
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	excitement := req.GetInt("excitement", 1)
	if excitement < 0 || excitement > 3 {
		return mcp.NewToolResultError("excitement must be between 0 and 3"), nil
	}
	return mcp.NewToolResultText("Hello, " + name + strings.Repeat("!", excitement)), nil
}
