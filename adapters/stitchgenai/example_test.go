package stitchgenai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// replayGemini is a local Gemini API that answers the n-th request with
// the n-th file of testdata (see testdata/README.md for their shape) and
// logs what each request declared and answered.
func replayGemini(files ...string) (srv *httptest.Server, requests func() []string) {
	var (
		mu   sync.Mutex
		seen []string
	)
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Contents []struct {
				Parts []struct {
					FunctionResponse *struct {
						Name     string          `json:"name"`
						Response json.RawMessage `json:"response"`
					} `json:"functionResponse"`
				} `json:"parts"`
			} `json:"contents"`
			Tools []struct {
				FunctionDeclarations []struct {
					Name string `json:"name"`
				} `json:"functionDeclarations"`
			} `json:"tools"`
		}
		mu.Lock()
		defer mu.Unlock()
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(seen) == len(files) {
			http.Error(w, `{"error":{"code":400,"message":"unexpected request","status":"INVALID_ARGUMENT"}}`, http.StatusBadRequest)
			return
		}
		var names, responses []string
		for _, t := range req.Tools {
			for _, fd := range t.FunctionDeclarations {
				names = append(names, fd.Name)
			}
		}
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				if fr := p.FunctionResponse; fr != nil {
					responses = append(responses, fr.Name+" "+string(fr.Response))
				}
			}
		}
		seen = append(seen, fmt.Sprintf("request %d: %s %s; function responses: %q", len(seen)+1, r.URL.Path, strings.Join(names, ", "), responses))
		body, err := os.ReadFile(files[len(seen)-1])
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		w.Write(body)
	}))
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// An agent loop with genai: the shop's tools are declared under the gemini
// profile, the model's function call is run on the dispatcher, the
// function response is sent back, and the model's final answer printed.
// The Gemini API is a local server replaying two recorded-format
// responses.
func Example_agentLoop() {
	srv, requests := replayGemini("testdata/place_order_call.json", "testdata/final_answer.json")
	defer srv.Close()
	ctx := context.Background()

	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()))
	if err != nil {
		log.Fatal(err)
	}
	ts, err := stitchgenai.New(d, stitch.ProfileGemini)
	if err != nil {
		log.Fatal(err)
	}
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      "replay",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  stitchgenai.HTTPClient(srv.Client()),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL},
	})
	if err != nil {
		log.Fatal(err)
	}
	config := &genai.GenerateContentConfig{
		Tools:       ts.Tools(),
		HTTPOptions: &genai.HTTPOptions{ExtrasRequestProvider: ts.ExactBody},
	}
	history := []*genai.Content{genai.NewContentFromText("Two sencha teas and a gift-wrapped arabica for customer 42; I'll pick them up at store 7.", genai.RoleUser)}
	for {
		resp, err := client.Models.GenerateContent(ctx, "gemini-2.5-flash", history, config)
		if err != nil {
			log.Fatal(err)
		}
		reply, calls := ts.Reply(ctx, resp)
		for _, c := range calls {
			fmt.Printf("call %s %s (exact arguments: %v): %s\n", c.FunctionCall.ID, c.FunctionCall.Name, c.Exact, c.Response)
		}
		if reply == nil {
			fmt.Println("answer:", resp.Text())
			break
		}
		history = append(history, resp.Candidates[0].Content, reply)
	}
	for _, s := range requests() {
		fmt.Println(s)
	}
	// Output:
	// call h3k9x2mq place_order (exact arguments: true): {"output":{"orderId":"o-1","customerId":42,"units":3,"totalCents":4050,"method":"store","status":"placed","giftMessage":null}}
	// answer: Your order o-1 is placed: 3 units, 4050 cents, ready for pickup at store 7.
	// request 1: /v1beta/models/gemini-2.5-flash:generateContent place_order, get_order, cancel_order; function responses: []
	// request 2: /v1beta/models/gemini-2.5-flash:generateContent place_order, get_order, cancel_order; function responses: ["place_order {\"output\":{\"orderId\":\"o-1\",\"customerId\":42,\"units\":3,\"totalCents\":4050,\"method\":\"store\",\"status\":\"placed\",\"giftMessage\":null}}"]
}
