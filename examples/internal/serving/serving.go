// Package serving runs an example's MCP server on stdio or on streamable
// HTTP; the examples' main packages share it.
package serving

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Run serves server on stdio when addr is "", else on addr over streamable
// HTTP, until ctx is done. name prefixes the one line it prints.
func Run(ctx context.Context, server *mcp.Server, name, addr string) error {
	if addr == "" {
		return server.Run(ctx, &mcp.StdioTransport{})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Fprintf(os.Stderr, "%s: serving MCP on http://%s/\n", name, addr)
	if err := srv.ListenAndServe(); err != http.ErrServerClosed {
		return err
	}
	return nil
}
