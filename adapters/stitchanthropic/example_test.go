package stitchanthropic_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stitchgen/stitchgen/adapters/stitchanthropic"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// conversation is the replayed responses of the example, in order
// (testdata/README.md says where their shape comes from).
var conversation = []string{"1-place-order.json", "2-place-order-split.json", "3-answer.json"}

// An agent loop with the example shop's tools: send the tools and the
// conversation, answer every tool_use with Reply, until the model answers
// without one. A local server replays recorded Messages API responses in
// place of the API (see replay).
func Example() {
	ctx := context.Background()
	srv := replay(conversation...)
	defer srv.Close()

	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()))
	if err != nil {
		log.Fatal(err)
	}
	tools, err := stitchanthropic.Tools(d.Tools())
	if err != nil {
		log.Fatal(err)
	}
	// A real agent: anthropic.NewClient(), which reads ANTHROPIC_API_KEY.
	client := anthropic.NewClient(
		option.WithBaseURL(srv.URL),
		option.WithAPIKey("replayed"),
		option.WithoutEnvironmentDefaults(), // no ANTHROPIC_* variable changes the example
	)
	messages := []anthropic.MessageParam{
		anthropic.NewUserMessage(anthropic.NewTextBlock("Customer 42 wants 120 units of A-1, picked up at store 7.")),
	}
	for turn := 0; turn < 5; turn++ {
		msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{
			Model:     anthropic.ModelClaudeSonnet4_6,
			MaxTokens: 1024,
			Tools:     tools,
			Messages:  messages,
		})
		if err != nil {
			log.Fatal(err)
		}
		messages = append(messages, msg.ToParam())
		reply, ok := stitchanthropic.Reply(ctx, d, msg)
		if !ok {
			for _, b := range msg.Content {
				fmt.Println(b.Text)
			}
			return
		}
		for _, b := range msg.Content {
			if b.Type == "tool_use" {
				fmt.Printf("model calls %s %s\n", b.Name, b.Input)
			}
		}
		for _, b := range reply.OfUser.Content {
			r := b.OfToolResult
			fmt.Printf("tool result (is_error %v): %s\n", r.IsError.Value, r.Content[0].OfText.Text)
		}
		messages = append(messages, reply)
	}
	// Output:
	// model calls place_order {
	//         "customerId": 42,
	//         "items": [{"sku": "A-1", "quantity": 120}],
	//         "giftMessage": null,
	//         "delivery": {"method": "pickup", "storeId": 7}
	//       }
	// tool result (is_error true): {"error":"VALIDATION_ERROR","issues":[{"path":"/items/0/quantity","code":"range","expected":"<= 99","message":"must be <= 99, got 120"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}
	// model calls place_order {
	//         "customerId": 42,
	//         "items": [{"sku": "A-1", "quantity": 99}, {"sku": "A-1", "quantity": 21}],
	//         "giftMessage": null,
	//         "delivery": {"method": "pickup", "storeId": 7}
	//       }
	// tool result (is_error false): {"orderId":"o-1","customerId":42,"units":120,"totalCents":150000,"method":"pickup","status":"placed","giftMessage":null}
	// Order o-1 is placed: 120 units of A-1 in two lines (99 and 21), 1,500.00 in total, for pickup at store 7.
}

// replay starts a local stand-in for the Messages API: it answers each
// POST /v1/messages with the next file of testdata/, in order, and any
// other request, or one past the last file, with an error.
func replay(files ...string) *httptest.Server {
	var mu sync.Mutex
	next := 0
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" || next == len(files) {
			http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"not replayed"}}`, http.StatusBadRequest)
			return
		}
		body, err := os.ReadFile(filepath.Join("testdata", files[next]))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		next++
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
}
