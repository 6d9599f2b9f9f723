// Command broadcast serves the broadcast example's tools over MCP: on stdio by
// default, or over streamable HTTP with -http ADDR.
//
//	go run ./examples/broadcast             # stdio, for an MCP client that starts it
//	go run ./examples/broadcast -http :8080 # streamable HTTP on http://localhost:8080/
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/internal/serving"
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
	if err := serving.Run(ctx, server, "broadcast", *addr); err != nil {
		logger.Fatal(err)
	}
}

func outcome(r *broadcast.StitchResult) string {
	if r.IsError {
		return r.ErrorCode
	}
	return "ok"
}
