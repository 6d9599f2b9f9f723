package stitchopenai_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// recorded starts a local stand-in for the OpenAI API that answers the
// requests to path with the recorded responses in testdata/dir (see
// testdata/README.md), in name order. A request after the first must carry
// the tool result for call_shop_1, or it is answered with an error.
func recorded(dir, path string) *httptest.Server {
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
	if err != nil || len(files) == 0 {
		log.Fatalf("no recorded responses in testdata/%s: %v", dir, err)
	}
	var mu sync.Mutex
	n := 0
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		i := n
		n++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path != path || i >= len(files) || (i > 0 && !strings.Contains(string(body), `"call_shop_1"`)) {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"message":"unexpected request","type":"invalid_request_error"}}`)
			return
		}
		reply, err := os.ReadFile(files[i])
		if err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		_, _ = w.Write(reply)
	}))
}

// An agent loop on Chat Completions with the shop example's tools: the
// tools go out under openai-strict, the model's tool call is dispatched to
// the shop, its result goes back as a tool message, and the model answers.
// The model is a local server replaying recorded responses.
func ExampleChatReply() {
	srv := recorded("chat", "/chat/completions")
	defer srv.Close()
	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("sk-example"), option.WithMaxRetries(0))
	ctx := context.Background()

	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()))
	if err != nil {
		log.Fatal(err)
	}
	tools, err := stitchopenai.ChatTools(d.Tools())
	if err != nil {
		log.Fatal(err)
	}
	params := openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT6_1Sol,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Send two A1 to customer 7 at 1 Main Street, in the morning, with a birthday card.")},
		Tools:    tools,
	}
	for {
		c, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			log.Fatal(err)
		}
		results := stitchopenai.ChatReply(ctx, d, c)
		if len(results) == 0 {
			fmt.Println("answer:", c.Choices[0].Message.Content)
			return
		}
		for _, m := range results {
			fmt.Println("tool result:", m.OfTool.Content.OfString.Value)
		}
		params.Messages = append(params.Messages, c.Choices[0].Message.ToParam())
		params.Messages = append(params.Messages, results...)
	}
	// Output:
	// tool result: {"orderId":"o-1","customerId":7,"units":2,"totalCents":2500,"method":"courier","status":"placed","giftMessage":"Happy birthday!"}
	// answer: Order o-1 is placed: 2 units of A1 for 25.00, by courier in the morning, with your gift message.
}

// The same agent loop on the Responses API: each request continues the
// previous response with the function_call_output items.
func ExampleResponseReply() {
	srv := recorded("responses", "/responses")
	defer srv.Close()
	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("sk-example"), option.WithMaxRetries(0))
	ctx := context.Background()

	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()))
	if err != nil {
		log.Fatal(err)
	}
	tools, err := stitchopenai.ResponseTools(d.Tools())
	if err != nil {
		log.Fatal(err)
	}
	params := responses.ResponseNewParams{
		Model: openai.ChatModelGPT6_1Sol,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Send two A1 to customer 7 at 1 Main Street, in the morning, with a birthday card.")},
		Tools: tools,
	}
	for {
		r, err := client.Responses.New(ctx, params)
		if err != nil {
			log.Fatal(err)
		}
		outputs := stitchopenai.ResponseReply(ctx, d, r)
		if len(outputs) == 0 {
			fmt.Println("answer:", r.OutputText())
			return
		}
		for _, o := range outputs {
			fmt.Println("tool result:", o.OfFunctionCallOutput.Output.OfString.Value)
		}
		params.PreviousResponseID = openai.String(r.ID)
		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: outputs}
	}
	// Output:
	// tool result: {"orderId":"o-1","customerId":7,"units":2,"totalCents":2500,"method":"courier","status":"placed","giftMessage":"Happy birthday!"}
	// answer: Order o-1 is placed: 2 units of A1 for 25.00, by courier in the morning, with your gift message.
}
