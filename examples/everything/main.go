// Command everything is the MCP conformance suite's "everything server"
// with stitchgen tools, on either Go SDK: every fixture tool of the suite's
// server scenarios is a contract of package examples/conformance/everything,
// served by one stitch dispatcher through the adapter of the SDK that -sdk
// names:
//
//   - gosdk (the default): the official MCP Go SDK, adapter stitchgosdk
//     (package gosdk here);
//   - mcpgo: mark3labs/mcp-go, adapter stitchmcpgo (package mcpgo here).
//
// Both serve the same contracts and the same everything.Service; each adds
// the tools that talk to the client's session (sampling, elicitation,
// test_reconnection) with its SDK's API, and registers
// json_schema_2020_12_tool (a hand-written schema with $schema, which
// stitchgen never advertises) and the resources, prompts and completions
// with the plain SDK.
//
//	go run ./examples/everything                                 # stdio, go-sdk
//	go run ./examples/everything -http 127.0.0.1:8080            # streamable HTTP on http://127.0.0.1:8080/
//	go run ./examples/everything -http 127.0.0.1:8080 -sdk mcpgo # the same on mcp-go
//
// With -http, it writes "everything: serving MCP on http://ADDR/" to stderr
// once it listens; with port 0 the line names the port the system chose.
// On stdio it writes "everything: serving MCP on stdio (SDK)".
//
// make conformance runs the suite against both (e2e/conformance).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/stitchgen/stitchgen/examples/everything/gosdk"
	"github.com/stitchgen/stitchgen/examples/everything/mcpgo"
	"github.com/stitchgen/stitchgen/stitch"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on `addr` (for example 127.0.0.1:8080) instead of stdio")
	sdk := flag.String("sdk", "gosdk", "the SDK that serves the tools: gosdk (the official MCP Go SDK) or mcpgo (mark3labs/mcp-go)")
	flag.Parse()
	logger := log.New(os.Stderr, "everything: ", log.LstdFlags)
	server, err := newServer(*sdk, stitch.Options{
		Timeout: 30 * time.Second,
		After: func(_ context.Context, c *stitch.Call) {
			logger.Printf("%s %s in %v issues=%d err=%v", c.Tool, c.Outcome(), c.Duration, len(c.Issues), c.Err)
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

// A server is the everything server on one SDK.
type server struct {
	sdk   string                                    // gosdk or mcpgo
	stdio func(context.Context) error               // serves it on stdin and stdout
	http  func() http.Handler                       // its streamable-HTTP handler
	serve func(context.Context, net.Listener) error // serves it over streamable HTTP on a listener
}

// newServer returns the everything server on sdk, its dispatcher built
// with opt.
func newServer(sdk string, opt stitch.Options) (*server, error) {
	switch sdk {
	case "gosdk":
		s, err := gosdk.NewServer(opt)
		if err != nil {
			return nil, err
		}
		return &server{
			sdk:   sdk,
			stdio: func(ctx context.Context) error { return gosdk.ServeStdio(ctx, s) },
			http:  func() http.Handler { return gosdk.HTTPHandler(s) },
			serve: func(ctx context.Context, ln net.Listener) error { return gosdk.Serve(ctx, ln, s) },
		}, nil
	case "mcpgo":
		s, err := mcpgo.NewServer(opt)
		if err != nil {
			return nil, err
		}
		return &server{
			sdk:   sdk,
			stdio: func(ctx context.Context) error { return mcpgo.ServeStdio(ctx, s) },
			http:  func() http.Handler { return mcpgo.HTTPHandler(s) },
			serve: func(ctx context.Context, ln net.Listener) error { return mcpgo.Serve(ctx, ln, s) },
		}, nil
	}
	return nil, fmt.Errorf("-sdk %q: want gosdk or mcpgo", sdk)
}

// run serves server on stdio when addr is "", else on addr over streamable
// HTTP, until ctx is done, with the adapter's serving defaults
// (docs/serving.md).
func run(ctx context.Context, server *server, addr string) error {
	if addr == "" {
		fmt.Fprintf(os.Stderr, "everything: serving MCP on stdio (%s)\n", server.sdk)
		return server.stdio(ctx)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "everything: serving MCP on http://%s/\n", ln.Addr())
	return server.serve(ctx, ln)
}
