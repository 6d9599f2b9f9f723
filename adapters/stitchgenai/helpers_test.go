package stitchgenai_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// fakeGemini is a local Gemini API: it answers the n-th generateContent
// request with the n-th reply and keeps every request body.
type fakeGemini struct {
	srv     *httptest.Server
	mu      sync.Mutex
	replies []string
	bodies  []string
	paths   []string
}

func newFakeGemini(t *testing.T, replies ...string) *fakeGemini {
	t.Helper()
	f := &fakeGemini{replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		n := len(f.bodies)
		f.bodies = append(f.bodies, string(b))
		f.paths = append(f.paths, r.Method+" "+r.URL.Path)
		f.mu.Unlock()
		if n >= len(f.replies) {
			http.Error(w, `{"error":{"code":500,"message":"no reply left","status":"INTERNAL"}}`, http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		io.WriteString(w, f.replies[n])
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// requests returns the request bodies received so far.
func (f *fakeGemini) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.bodies...)
}

// client is a genai client of the Gemini API backend pointed at f; with
// raw, its transport is stitchgenai.Transport.
func (f *fakeGemini) client(t *testing.T, raw bool) *genai.Client {
	t.Helper()
	hc := f.srv.Client()
	if raw {
		hc = stitchgenai.HTTPClient(hc)
	}
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "test-key",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  hc,
		HTTPOptions: genai.HTTPOptions{BaseURL: f.srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// shopToolset serves the example shop under profile p.
func shopToolset(t *testing.T, p stitch.Profile) *stitchgenai.Toolset {
	t.Helper()
	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()))
	if err != nil {
		t.Fatal(err)
	}
	return newToolset(t, d, p)
}

// newToolset serves d under profile p.
func newToolset(t *testing.T, d *stitch.Dispatcher, p stitch.Profile) *stitchgenai.Toolset {
	t.Helper()
	ts, err := stitchgenai.New(d, p)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// callReply is a generateContent response body whose first candidate
// holds the given parts (JSON), in the documented response format.
func callReply(parts ...string) string {
	return `{"candidates":[{"content":{"parts":[` + strings.Join(parts, ",") + `],"role":"model"},"finishReason":"STOP","index":0}],` +
		`"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15},"modelVersion":"gemini-2.5-flash","responseId":"resp-1"}`
}

// textReply is a generateContent response body with a final text answer.
func textReply(text string) string {
	return `{"candidates":[{"content":{"parts":[{"text":` + quote(text) + `}],"role":"model"},"finishReason":"STOP","index":0}],` +
		`"usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":5,"totalTokenCount":25},"modelVersion":"gemini-2.5-flash","responseId":"resp-2"}`
}

func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// generate sends one request.
func generate(t *testing.T, c *genai.Client, config *genai.GenerateContentConfig, history []*genai.Content) *genai.GenerateContentResponse {
	t.Helper()
	resp, err := c.Models.GenerateContent(context.Background(), "gemini-2.5-flash", history, config)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// config is the request configuration of ts, with ExactBody when exact.
func config(ts *stitchgenai.Toolset, exact bool) *genai.GenerateContentConfig {
	cfg := &genai.GenerateContentConfig{Tools: ts.Tools()}
	if exact {
		cfg.HTTPOptions = &genai.HTTPOptions{ExtrasRequestProvider: ts.ExactBody}
	}
	return cfg
}

// compare fails with both texts when got is not want.
func compare(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got: %s\nwant: %s", what, got, want)
	}
}
