// Command broadcast serves the broadcast example's tools over MCP: on stdio by
// default, or over streamable HTTP with -http ADDR.
//
//	go run ./examples/broadcast             # stdio, for an MCP client that starts it
//	go run ./examples/broadcast -http :8080 # streamable HTTP on http://localhost:8080/
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on `addr` instead of stdio")
	flag.Parse()
	logger := log.New(os.Stderr, "broadcast: ", log.LstdFlags)
	server := broadcast.NewServer(broadcast.NewService(), broadcast.StitchOptions{
		Timeout: 30 * time.Second,
		After: func(_ context.Context, c *broadcast.StitchCall) {
			logger.Printf("%s %s in %v dropped=%v repaired=%v issues=%d", c.Tool, outcome(c.Result), c.Duration, c.Dropped, c.Repaired, len(c.Issues))
		},
	})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, server, *addr); err != nil {
		logger.Fatal(err)
	}
}

// run serves server on stdio, or on addr over streamable HTTP.
func run(ctx context.Context, server *mcp.Server, addr string) error {
	if addr == "" {
		return server.Run(ctx, &mcp.StdioTransport{})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Fprintf(os.Stderr, "broadcast: serving MCP on http://%s/\n", addr)
	if err := srv.ListenAndServe(); err != http.ErrServerClosed {
		return err
	}
	return nil
}

func outcome(r *broadcast.StitchResult) string {
	if r.IsError {
		return r.ErrorCode
	}
	return "ok"
}
