// Command demo is the README's "main job": it starts the shop example's MCP
// server in-process, connects the official Go SDK client to it over an
// in-memory transport, lists the tools and makes one valid and two invalid
// calls, printing what a model would see.
//
//	make demo   (or: go -C examples run ./demo)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// calls are the demo's tool calls: what a model might send.
var calls = []struct{ title, args string }{
	{"a valid order", `{"customerId":42,"items":[{"sku":"AB-1","quantity":2}],"giftMessage":null,` +
		`"delivery":{"method":"store","storeId":7}}`},
	{"wrong-case key, a number sent as a string, a sibling variant's key", `{"customerID":42,` +
		`"items":[{"sku":"AB-1","quantity":"2"}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main St","storeId":7}}`},
	{"a duplicated key and a missing discriminator", `{"customerId":42,"customerId":43,` +
		`"items":[{"sku":"AB-1","quantity":1}],"giftMessage":null,"delivery":{"address":"1 Main St"}}`},
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	d, err := stitch.NewDispatcher(stitch.Options{
		After: func(_ context.Context, c *stitch.Call) {
			fmt.Printf("   observer: %s issues=%d dropped=%v repaired=%v in %v\n", c.Tool, len(c.Issues), c.Dropped, c.Repaired, c.Duration.Round(time.Microsecond))
		},
	}, shop.StitchTools(shop.NewService()))
	if err != nil {
		return err
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "v1.0.0"}, nil)
	stitchgosdk.AddTools(server, d)
	st, ct := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		return err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "demo", Version: "v1"}, nil)
	session, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer session.Close()
	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	fmt.Println("tools/list:")
	for _, t := range tools.Tools {
		fmt.Printf(" - %s: %s\n", t.Name, t.Description)
	}
	for _, c := range calls {
		fmt.Printf("\ncall place_order with %s:\n   %s\n", c.title, c.args)
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "place_order", Arguments: json.RawMessage(c.args)})
		if err != nil {
			return err
		}
		fmt.Printf("   isError=%v\n", res.IsError)
		for _, content := range res.Content {
			if text, ok := content.(*mcp.TextContent); ok {
				fmt.Printf("   %s\n", indent(text.Text))
			}
		}
	}
	return nil
}

func indent(s string) string {
	var v any
	if json.Unmarshal([]byte(s), &v) != nil {
		return s
	}
	b, err := json.MarshalIndent(v, "   ", "  ")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return s
	}
	return string(b)
}
