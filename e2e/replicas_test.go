package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// The replica tests serve the fixture's tools (their answers depend on the
// arguments only, not on which replica runs them) from two replicas in
// stateless mode behind a round-robin reverse proxy, as docs/deploying.md
// describes, and call them with the go-sdk client through the proxy.

// statelessHandler returns replica i's stateless streamable-HTTP handler
// on the named SDK, whose dispatcher counts the tool calls it serves in
// served.
type statelessHandler func(t *testing.T, served *atomic.Int64) http.Handler

var statelessSDKs = []struct {
	name    string
	handler statelessHandler
}{
	{"go-sdk", func(t *testing.T, served *atomic.Int64) http.Handler {
		s := mcp.NewServer(&mcp.Implementation{Name: "replica", Version: "v1.0.0"}, nil)
		stitchgosdk.AddTools(s, countingDispatcher(t, served))
		return stitchgosdk.HTTPHandler(s, &stitchgosdk.HTTPOptions{Streamable: mcp.StreamableHTTPOptions{Stateless: true}})
	}},
	{"mcp-go", func(t *testing.T, served *atomic.Int64) http.Handler {
		s := stitchmcpgo.NewServer("replica", "v1.0.0", countingDispatcher(t, served))
		h, sh := stitchmcpgo.HTTPHandler(s, nil, server.WithStateLess(true))
		t.Cleanup(func() { _ = sh.Shutdown(context.Background()) })
		return h
	}},
}

// countingDispatcher serves the fixture's tools and counts their calls.
func countingDispatcher(t *testing.T, served *atomic.Int64) *stitch.Dispatcher {
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	return newDispatcher(t, fixture.StitchTools(h), stitch.Options{
		Timeout: time.Minute,
		After:   func(context.Context, *stitch.Call) { served.Add(1) },
	})
}

// roundRobin is a reverse proxy (loopback) that sends each POST to the
// next backend in turn, and any other request (the client's GET stream)
// to the first; it counts the POSTs each backend got.
func roundRobin(t *testing.T, backends ...*httptest.Server) (*httptest.Server, []*atomic.Int64) {
	urls := make([]*url.URL, len(backends))
	posts := make([]*atomic.Int64, len(backends))
	for i, b := range backends {
		u, err := url.Parse(b.URL)
		if err != nil {
			t.Fatal(err)
		}
		urls[i], posts[i] = u, new(atomic.Int64)
	}
	var next atomic.Int64
	proxy := httptest.NewServer(&httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			i := 0
			if pr.In.Method == http.MethodPost {
				i = int((next.Add(1) - 1) % int64(len(urls)))
				posts[i].Add(1)
			}
			pr.SetURL(urls[i])
			pr.Out.Host = pr.In.Host
		},
		FlushInterval: -1, // server-sent events as they come
	})
	t.Cleanup(proxy.Close)
	return proxy, posts
}

// replicaCall is one call and the exact text of its answer.
type replicaCall struct {
	tool, args, text string
	isError          bool
}

// replicaCalls are valid and invalid calls with their exact answers.
func replicaCalls(n int) []replicaCall {
	var calls []replicaCall
	for i := 1; i <= n; i++ {
		k := strconv.Itoa(i)
		switch i % 4 {
		case 0:
			calls = append(calls, replicaCall{"place_order", `{"customerId":` + k + `}`, `{"orderId":"o-` + k + `","customerId":` + k + `}`, false})
		case 1:
			calls = append(calls, replicaCall{"place_order", `{"customerId":-` + k + `}`,
				`{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"range","expected":">= 1","message":"must be >= 1, got -` + k + `"}],"hint":"` + hintValidation + `"}`, true})
		case 2:
			calls = append(calls, replicaCall{"ping", `{"echo":"call ` + k + `"}`, "pong call " + k, false})
		case 3:
			calls = append(calls, replicaCall{"ping", `{"echo":` + k + `}`,
				`{"error":"VALIDATION_ERROR","issues":[{"path":"/echo","code":"type","expected":"string","message":"expected string, got number"}],"hint":"` + hintValidation + `"}`, true})
		}
	}
	return calls
}

// connectHTTP connects a go-sdk client to endpoint with hc (nil: the
// default client), asking for protocol version (the newest: "").
func connectHTTP(ctx context.Context, endpoint string, hc *http.Client, version string) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-replicas", Version: "v0"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc}, &mcp.ClientSessionOptions{ProtocolVersion: version})
}

// protocolEras are the protocol versions the replica test runs: the
// sessionless 2026-07-28, and the two before it, which have sessions
// unless the server is stateless.
var protocolEras = []string{"2026-07-28", "2025-11-25", "2025-06-18"}

// checkCall makes c and compares its answer in full.
func checkCall(ctx context.Context, t *testing.T, cs *mcp.ClientSession, c replicaCall) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
	if err != nil {
		t.Errorf("%s %s: %v", c.tool, c.args, err)
		return
	}
	if len(res.Content) != 1 {
		t.Errorf("%s %s: %d content blocks, want 1", c.tool, c.args, len(res.Content))
		return
	}
	if got := text(res); got != c.text || res.IsError != c.isError {
		t.Errorf("%s %s:\n got isError=%v %s\nwant isError=%v %s", c.tool, c.args, res.IsError, got, c.isError, c.text)
	}
}

func TestReplicasStateless(t *testing.T) {
	for _, sdk := range statelessSDKs {
		for _, version := range protocolEras {
			t.Run(sdk.name+"/"+version, func(t *testing.T) {
				// A failsafe only: on a loaded machine the test takes what
				// it takes, well under this.
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				var served [2]atomic.Int64
				a := httptest.NewServer(sdk.handler(t, &served[0]))
				t.Cleanup(a.Close)
				b := httptest.NewServer(sdk.handler(t, &served[1]))
				t.Cleanup(b.Close)
				proxy, posts := roundRobin(t, a, b)

				cs, err := connectHTTP(ctx, proxy.URL, nil, version)
				if err != nil {
					t.Fatal(err)
				}
				if got := cs.InitializeResult().ProtocolVersion; got != version {
					t.Errorf("negotiated protocol version %s, want %s", got, version)
				}
				calls := replicaCalls(40)
				for _, c := range calls {
					checkCall(ctx, t, cs, c)
				}
				if err := cs.Close(); err != nil {
					t.Errorf("close: %v", err)
				}

				// Sequential POSTs alternate between the replicas, so each
				// served half of the tool calls (one more when the
				// initialization's POSTs were odd in number).
				n0, n1 := served[0].Load(), served[1].Load()
				if n0+n1 != int64(len(calls)) || n0-n1 > 1 || n1-n0 > 1 {
					t.Errorf("replicas served %d and %d tool calls, want %d in all, split evenly (POSTs: %d and %d)",
						n0, n1, len(calls), posts[0].Load(), posts[1].Load())
				}
			})
		}
	}
}

// Without the stateless mode, a 2025 client's session lives in one
// replica and the round robin breaks it at its second request: what
// docs/deploying.md says needs session affinity.
func TestReplicasStatefulNeedAffinity(t *testing.T) {
	stateful := []struct {
		name    string
		handler statelessHandler
	}{
		{"go-sdk", func(t *testing.T, served *atomic.Int64) http.Handler {
			s := mcp.NewServer(&mcp.Implementation{Name: "replica", Version: "v1.0.0"}, nil)
			stitchgosdk.AddTools(s, countingDispatcher(t, served))
			return stitchgosdk.HTTPHandler(s, nil)
		}},
		{"mcp-go", func(t *testing.T, served *atomic.Int64) http.Handler {
			s := stitchmcpgo.NewServer("replica", "v1.0.0", countingDispatcher(t, served))
			h, sh := stitchmcpgo.HTTPHandler(s, nil, server.WithStateful(true))
			t.Cleanup(func() { _ = sh.Shutdown(context.Background()) })
			return h
		}},
	}
	sessionID := regexp.MustCompile(`session ID: [^)]+`)
	for _, sdk := range stateful {
		t.Run(sdk.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			var served atomic.Int64
			a := httptest.NewServer(sdk.handler(t, &served))
			t.Cleanup(a.Close)
			b := httptest.NewServer(sdk.handler(t, &served))
			t.Cleanup(b.Close)
			proxy, _ := roundRobin(t, a, b)
			cs, err := connectHTTP(ctx, proxy.URL, nil, "2025-11-25")
			if err == nil {
				cs.Close()
				t.Fatal("a stateful session survived the round robin")
			}
			want := `sending "notifications/initialized": failed to connect (session ID: ID): session not found`
			if got := sessionID.ReplaceAllString(err.Error(), "session ID: ID"); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// The bearer-token middlewares of docs/deploying.md: the go-sdk's auth
// package on the go-sdk, a plain net/http middleware on mcp-go.

const (
	goodToken   = "token-of-the-test"
	metadataURL = "https://mcp.example.com/.well-known/oauth-protected-resource"
)

// verifyToken is the go-sdk auth package's TokenVerifier: a real service
// asks its authorization server or checks a JWT.
func verifyToken(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	if token != goodToken {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{UserID: "user-1", Expiration: time.Now().Add(time.Hour)}, nil
}

// requireToken is a plain net/http bearer-token middleware (mcp-go has
// none of its own).
func requireToken(valid func(token string) bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || !valid(token) {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+metadataURL+`"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bearer adds a token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

func TestAuthBearerToken(t *testing.T) {
	var served atomic.Int64
	sdks := []struct {
		name    string
		handler http.Handler
		// The answers to a request without a token and with a wrong one.
		missing, wrong string
	}{
		{"go-sdk", auth.RequireBearerToken(verifyToken, &auth.RequireBearerTokenOptions{ResourceMetadataURL: metadataURL})(statelessSDKs[0].handler(t, &served)),
			"no bearer token\n", "invalid token\n"},
		{"mcp-go", requireToken(func(token string) bool { return token == goodToken }, statelessSDKs[1].handler(t, &served)),
			"unauthorized\n", "unauthorized\n"},
	}
	for _, sdk := range sdks {
		t.Run(sdk.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			srv := httptest.NewServer(sdk.handler)
			t.Cleanup(srv.Close)
			before := served.Load()

			initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`
			for _, c := range []struct{ name, authorization, body string }{
				{"missing", "", sdk.missing},
				{"not bearer", "Basic dXNlcjpwYXNz", sdk.missing},
				{"wrong", "Bearer not-" + goodToken, sdk.wrong},
			} {
				req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL, strings.NewReader(initialize))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				if c.authorization != "" {
					req.Header.Set("Authorization", c.authorization)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					t.Fatal(err)
				}
				got := fmt.Sprintf("%d %q %q %q", resp.StatusCode, resp.Header.Get("WWW-Authenticate"), resp.Header.Get("Content-Type"), body)
				want := fmt.Sprintf("%d %q %q %q", http.StatusUnauthorized, `Bearer resource_metadata="`+metadataURL+`"`, "text/plain; charset=utf-8", c.body)
				if got != want {
					t.Errorf("%s token: got %s\nwant %s", c.name, got, want)
				}
			}
			if _, err := connectHTTP(ctx, srv.URL, nil, ""); err == nil {
				t.Error("a client without a token connected")
			}

			cs, err := connectHTTP(ctx, srv.URL, &http.Client{Transport: bearer{goodToken, http.DefaultTransport}}, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range replicaCalls(4) {
				checkCall(ctx, t, cs, c)
			}
			if err := cs.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
			if n := served.Load() - before; n != 4 {
				t.Errorf("the server served %d tool calls, want the 4 with the token", n)
			}
		})
	}
}
