package before

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// GreetArgs are greet's arguments for mcp-go's typed handler.
type GreetArgs struct {
	Name       string `json:"name"`
	Excitement int    `json:"excitement"`
}

// AddTypedGreet registers greet with a typed handler: mcp-go decodes the
// arguments into GreetArgs with encoding/json; the schema is still the
// builders'.
func AddTypedGreet(s *server.MCPServer, tool mcp.Tool) {
	s.AddTool(tool, mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args GreetArgs) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("Hello, " + args.Name + strings.Repeat("!", args.Excitement)), nil
	}))
}
