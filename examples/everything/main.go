// Command everything is the MCP conformance suite's "everything server"
// with stitchgen tools, on the official MCP Go SDK: every fixture tool of
// the suite's server scenarios is a contract of package
// examples/conformance/everything, served by one stitch dispatcher through
// the go-sdk adapter. Only json_schema_2020_12_tool (a hand-written schema
// with $schema, which stitchgen never advertises) and the resources,
// prompts and completions are registered with the plain SDK.
//
//	go run ./examples/everything                      # stdio
//	go run ./examples/everything -http 127.0.0.1:8080 # streamable HTTP on http://127.0.0.1:8080/
//
// With -http, it writes "everything: serving MCP on http://ADDR/" to stderr
// once it listens; with port 0 the line names the port the system chose.
//
// make conformance runs the suite against it (e2e/conformance).
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

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/stitch"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on `addr` (for example 127.0.0.1:8080) instead of stdio")
	flag.Parse()
	logger := log.New(os.Stderr, "everything: ", log.LstdFlags)
	server, err := NewServer(stitch.Options{
		Timeout: 30 * time.Second,
		After: func(_ context.Context, c *stitch.Call) {
			logger.Printf("%s %s in %v issues=%d err=%v", c.Tool, outcome(c.Result), c.Duration, len(c.Issues), c.Err)
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

// NewServer returns the everything server: the stitchgen tools served by
// one dispatcher with opt, and the plain SDK's tool, resources, prompts
// and completions.
func NewServer(opt stitch.Options) (*mcp.Server, error) {
	d, err := stitch.NewDispatcher(opt, everything.StitchTools(handler{}))
	if err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "stitchgen-everything", Version: "v1.0.0"}, &mcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   subscribe,
		UnsubscribeHandler: unsubscribe,
	})
	stitchgosdk.AddTools(s, d)
	addPlain(s)
	return s, nil
}

// run serves server on stdio when addr is "", else on addr over streamable
// HTTP, until ctx is done, with the adapter's serving defaults
// (docs/serving.md).
func run(ctx context.Context, server *mcp.Server, addr string) error {
	if addr == "" {
		return stitchgosdk.ServeStdio(ctx, server, nil)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "everything: serving MCP on http://%s/\n", ln.Addr())
	return stitchgosdk.Serve(ctx, ln, HTTPHandler(server), nil)
}

// HTTPHandler serves server over streamable HTTP with the adapter's
// serving defaults, stateful (the server's sampling and elicitation
// requests need a session), keeping each stream's events so that a client
// whose stream the server closed (test_reconnection) resumes it with
// Last-Event-ID. The SDK's DNS rebinding protection stays on: a request to
// a loopback address with another Host is refused.
func HTTPHandler(server *mcp.Server) http.Handler {
	return stitchgosdk.HTTPHandler(server, &stitchgosdk.HTTPOptions{
		Streamable: mcp.StreamableHTTPOptions{EventStore: mcp.NewMemoryEventStore(nil)},
	})
}

func outcome(r *stitch.Result) string {
	if r.IsError {
		return r.ErrorCode
	}
	return "ok"
}
