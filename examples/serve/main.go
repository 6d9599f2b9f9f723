// Command serve serves the tools of both example services, shop and
// broadcast, with one dispatcher and one observer, on the official MCP Go
// SDK: over stdio by default, or over streamable HTTP with -http ADDR.
//
//	go -C examples run ./serve                      # stdio, for an MCP client that starts it
//	go -C examples run ./serve -http 127.0.0.1:8080 # streamable HTTP on http://127.0.0.1:8080/
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on `addr` (for example 127.0.0.1:8080) instead of stdio")
	flag.Parse()
	logger := log.New(os.Stderr, "serve: ", log.LstdFlags)
	server, err := NewServer(stitch.Options{
		Timeout: 30 * time.Second,
		After: func(_ context.Context, c *stitch.Call) {
			logger.Printf("%s %s in %v dropped=%v repaired=%v issues=%d", c.Tool, c.Outcome(), c.Duration, c.Dropped, c.Repaired, len(c.Issues))
		},
		// A handler abandoned at its deadline that finished after all: its
		// effect happened although the caller was told TIMEOUT.
		Late: func(_ context.Context, c *stitch.Call) {
			logger.Printf("%s finished late: %s in %v err=%v", c.Tool, c.Outcome(), c.Duration, c.Err)
		},
	})
	if err != nil {
		logger.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, server, *addr); err != nil {
		logger.Fatal(err)
	}
}

// NewServer returns an MCP server with the tools of both examples, served
// by one dispatcher with opt. Its tools are the dispatcher's only, which do
// not change while it runs: a client of revision 2026-07-28 may keep the
// tool list for toolsTTL.
func NewServer(opt stitch.Options) (*mcp.Server, error) {
	d, err := stitch.NewDispatcher(opt,
		shop.StitchTools(shop.NewService()),
		broadcast.StitchTools(broadcast.NewService()))
	if err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "stitchgen-examples", Version: "v1.0.0"},
		&mcp.ServerOptions{SetCacheable: stitchgosdk.ToolsCacheHints(toolsTTL, nil)})
	stitchgosdk.AddTools(s, d)
	return s, nil
}

// toolsTTL is how long a client may keep the tool list.
const toolsTTL = 10 * time.Minute

// run serves server on stdio when addr is "", else on addr over streamable
// HTTP, until ctx is done, with the adapter's serving defaults
// (docs/serving.md).
func run(ctx context.Context, server *mcp.Server, addr string) error {
	if addr == "" {
		fmt.Fprintln(os.Stderr, "serve: serving MCP on stdio")
		return stitchgosdk.ServeStdio(ctx, server, nil)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "serve: serving MCP on http://%s/ (streamable HTTP)\n", ln.Addr())
	return stitchgosdk.Serve(ctx, server, ln, nil)
}
