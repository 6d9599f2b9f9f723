// Command shop serves the shop example's tools over MCP: on stdio by
// default, or over streamable HTTP with -http ADDR.
//
//	go run ./examples/shop             # stdio, for an MCP client that starts it
//	go run ./examples/shop -http :8080 # streamable HTTP on http://localhost:8080/
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/stitchgen/stitchgen/examples/internal/serving"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on `addr` instead of stdio")
	flag.Parse()
	logger := log.New(os.Stderr, "shop: ", log.LstdFlags)
	server := shop.NewServer(shop.NewService(), shop.StitchOptions{
		Timeout: 30 * time.Second,
		After: func(_ context.Context, c *shop.StitchCall) {
			logger.Printf("%s %s in %v dropped=%v repaired=%v issues=%d", c.Tool, outcome(c.Result), c.Duration, c.Dropped, c.Repaired, len(c.Issues))
		},
	})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := serving.Run(ctx, server, "shop", *addr); err != nil {
		logger.Fatal(err)
	}
}

func outcome(r *shop.StitchResult) string {
	if r.IsError {
		return r.ErrorCode
	}
	return "ok"
}
