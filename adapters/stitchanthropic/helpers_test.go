package stitchanthropic_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// A provider is a local Messages API: it records every request body and
// answers the requests with the given responses, in order (a response
// that starts with "event: " is sent as a server-sent event stream) (one more
// request than responses is answered with a 500 that fails the test).
type provider struct {
	t       testing.TB
	srv     *httptest.Server
	mu      sync.Mutex
	bodies  []string
	headers []http.Header
	replies []string
}

func newProvider(t testing.TB, replies ...string) *provider {
	p := &provider{t: t, replies: replies}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *provider) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil || r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		p.t.Errorf("provider: %s %s (%v)", r.Method, r.URL.Path, err)
		http.Error(w, "unexpected request", http.StatusBadRequest)
		return
	}
	n := len(p.bodies)
	p.bodies = append(p.bodies, string(body))
	p.headers = append(p.headers, r.Header.Clone())
	if n >= len(p.replies) {
		p.t.Errorf("provider: request %d has no response", n+1)
		http.Error(w, "no response", http.StatusInternalServerError)
		return
	}
	if strings.HasPrefix(p.replies[n], "event: ") {
		w.Header().Set("Content-Type", "text/event-stream")
	} else {
		w.Header().Set("Content-Type", "application/json")
	}
	io.WriteString(w, p.replies[n])
}

// requests returns the request bodies received so far.
func (p *provider) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.bodies...)
}

// header returns the headers of request i.
func (p *provider) header(i int) http.Header {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.headers[i]
}

// client is an SDK client of the local provider, independent of the
// environment (no ANTHROPIC_* variable, no profile file) and without
// retries.
func (p *provider) client() anthropic.Client {
	return anthropic.NewClient(
		option.WithoutEnvironmentDefaults(),
		option.WithBaseURL(p.srv.URL),
		option.WithHTTPClient(p.srv.Client()),
		option.WithAPIKey("test-key"),
		option.WithMaxRetries(0),
	)
}

// send sends params and fails the test on an error.
func (p *provider) send(t testing.TB, params anthropic.MessageNewParams) *anthropic.Message {
	t.Helper()
	c := p.client()
	msg, err := c.Messages.New(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// field returns the raw bytes of key in the JSON object doc, as they are
// in doc (encoding/json copies a json.RawMessage without re-encoding it).
func field(t testing.TB, doc, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatalf("%v in %s", err, doc)
	}
	return string(m[key])
}

// elements returns the raw bytes of each element of the JSON array doc.
func elements(t testing.TB, doc string) []string {
	t.Helper()
	var list []json.RawMessage
	if err := json.Unmarshal([]byte(doc), &list); err != nil {
		t.Fatalf("%v in %s", err, doc)
	}
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = string(e)
	}
	return out
}

// testdata reads a file of testdata/.
func testdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stream sends params as a streaming request and returns the message
// Message.Accumulate builds from the events.
func (p *provider) stream(t testing.TB, params anthropic.MessageNewParams) *anthropic.Message {
	t.Helper()
	c := p.client()
	s := c.Messages.NewStreaming(context.Background(), params)
	var msg anthropic.Message
	for s.Next() {
		if err := msg.Accumulate(s.Current()); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return &msg
}

// events writes server-sent events, one per JSON document, with the
// document's type as the event name.
func events(docs ...string) string {
	var b strings.Builder
	for _, d := range docs {
		var head struct{ Type string }
		_ = json.Unmarshal([]byte(d), &head)
		b.WriteString("event: " + head.Type + "\ndata: " + d + "\n\n")
	}
	return b.String()
}
