package after

import (
	"context"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/stitch"
)

// NewServer returns an mcp-go server with the tools of this package.
func NewServer() (*server.MCPServer, error) {
	d, err := stitch.NewDispatcher(stitch.Options{Timeout: 30 * time.Second}, StitchTools(Service{}))
	if err != nil {
		return nil, err
	}
	return stitchmcpgo.NewServer("hello-tools", "v0.1.0", d), nil
}

// Run serves the tools on stdio, or on streamable HTTP at addr, with the
// adapter's serving defaults, until ctx is done.
func Run(ctx context.Context, addr string) error {
	s, err := NewServer()
	if err != nil {
		return err
	}
	if addr == "" {
		return stitchmcpgo.ServeStdio(ctx, s, os.Stdin, os.Stdout, nil)
	}
	return stitchmcpgo.ListenAndServe(ctx, s, addr, nil)
}
