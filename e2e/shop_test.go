package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/stitch"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
)

// recordingShop records the inputs its handler methods receive and adds two
// misbehaviours selected by the order note: "panic" and "hang" (a handler
// that ignores its context).
type recordingShop struct {
	*shop.Service
	mu      sync.Mutex
	got     []shop.PlaceOrder
	release chan struct{}
}

func newRecordingShop(t *testing.T) *recordingShop {
	s := &recordingShop{Service: shop.NewService(), release: make(chan struct{})}
	t.Cleanup(func() { close(s.release) })
	return s
}

func (s *recordingShop) PlaceOrder(ctx context.Context, in shop.PlaceOrder) (shop.OrderReceipt, error) {
	s.mu.Lock()
	s.got = append(s.got, in)
	s.mu.Unlock()
	if in.Note != nil {
		switch *in.Note {
		case "panic":
			panic("the warehouse is on fire")
		case "hang":
			<-s.release
		}
	}
	return s.Service.PlaceOrder(ctx, in)
}

// observed collects what the After observer saw.
type observed struct {
	mu    sync.Mutex
	calls []stitch.Call
}

func (o *observed) after(_ context.Context, c *stitch.Call) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, *c)
}

func (o *observed) last() stitch.Call {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.calls[len(o.calls)-1]
}

func shopSession(t *testing.T, opt stitch.Options) (*mcp.ClientSession, *recorder, *recordingShop, *observed) {
	obs := &observed{}
	opt.After = obs.after
	h := newRecordingShop(t)
	cs, rec := connect(t, newServer(t, shop.StitchTools(h), opt))
	return cs, rec, h, obs
}

func TestShopToolsListEqualsManifest(t *testing.T) {
	manifest := generate(t, "./examples/shop/shop")
	cs, rec, _, _ := shopSession(t, stitch.Options{})
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := servedTools(t, rec.last(), manifest); string(got) != string(manifest) {
		t.Errorf("tools/list differs from the manifest:\nserved   %s\nmanifest %s", got, manifest)
	}
}

func ptr[T any](v T) *T { return &v }

func TestShopValidCallReachesHandlerExactly(t *testing.T) {
	cs, _, h, obs := shopSession(t, stitch.Options{})
	args := `{"customerId":9007199254740993,"items":[{"sku":"A-1","quantity":2,"giftWrap":true},{"sku":"B\u002d2","quantity":1.0}],` +
		`"note":"ring twice","giftMessage":null,"delivery":{"method":"store","storeId":0},"coupons":["SPRING24"]}`
	res := call(t, cs, "place_order", args)
	want := shop.PlaceOrder{
		CustomerID:  9007199254740993,
		Items:       []shop.Item{{SKU: "A-1", Quantity: 2, GiftWrap: true}, {SKU: "B-2", Quantity: 1}},
		Note:        ptr("ring twice"),
		GiftMessage: nil,
		Delivery:    shop.Pickup{Method: "store", StoreID: 0},
		Coupons:     []string{"SPRING24"},
	}
	if len(h.got) != 1 || !reflect.DeepEqual(h.got[0], want) {
		t.Fatalf("handler got %#v\nwant %#v", h.got, want)
	}
	wantOut := `{"orderId":"o-1","customerId":9007199254740993,"units":3,"totalCents":4050,"method":"store","status":"placed","giftMessage":null}`
	if res.IsError || text(res) != wantOut {
		t.Errorf("result isError=%v %s\nwant %s", res.IsError, text(res), wantOut)
	}
	var structured map[string]any
	if err := json.Unmarshal([]byte(wantOut), &structured); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.StructuredContent, structured) {
		t.Errorf("structuredContent %v, want %v", res.StructuredContent, structured)
	}
	c := obs.last()
	if c.Tool != "place_order" || !reflect.DeepEqual(c.Input, want) || c.Issues != nil || c.Dropped != nil || c.Repaired != nil || c.Err != nil || c.Result.IsError {
		t.Errorf("observer saw %+v", c)
	}
}

// A valid order others vary: one item, courier delivery.
const order = `{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street"}}`

func TestShopBadCalls(t *testing.T) {
	tests := []struct {
		name, args string
		want       []issue
	}{
		{"unknown key",
			`{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street"},"expressShipping":true}`,
			[]issue{{"/expressShipping", "unknown_key"}}},
		{"wrong case",
			`{"CustomerID":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street"}}`,
			[]issue{{"/CustomerID", "unknown_key"}, {"/customerId", "missing"}}},
		{"duplicate key",
			`{"customerId":1,"customerId":2,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street"}}`,
			[]issue{{"/customerId", "duplicate_key"}}},
		{"string for an integer",
			`{"customerId":1,"items":[{"sku":"A-1","quantity":"1"}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street"}}`,
			[]issue{{"/items/0/quantity", "type"}}},
		{"missing discriminator",
			`{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"address":"1 Main Street"}}`,
			[]issue{{"/delivery/method", "discriminator"}}},
		{"sibling-variant key on a strict variant",
			`{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street","storeId":4}}`,
			[]issue{{"/delivery/storeId", "unknown_key"}}},
		{"several problems at once",
			`{"customerId":0,"items":[],"delivery":{"method":"drone"}}`,
			[]issue{{"/customerId", "range"}, {"/delivery/method", "discriminator"}, {"/giftMessage", "missing"}, {"/items", "length"}}},
	}
	cs, _, h, obs := shopSession(t, stitch.Options{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := parseEnvelope(t, call(t, cs, "place_order", tc.args))
			want := sorted(tc.want)
			if env.Error != "VALIDATION_ERROR" || env.Hint != hintValidation || env.Message != "" || !reflect.DeepEqual(issuesOf(env), want) {
				t.Errorf("envelope %+v\nwant issues %v", env, want)
			}
			c := obs.last()
			var seen []issue
			for _, is := range c.Issues {
				seen = append(seen, issue{is.Path, is.Code})
			}
			if c.Input != nil || !reflect.DeepEqual(sorted(seen), want) || c.Result.ErrorCode != "VALIDATION_ERROR" {
				t.Errorf("observer saw input %v issues %v result %+v", c.Input, seen, c.Result)
			}
		})
	}
	if len(h.got) != 0 {
		t.Errorf("the handler ran for rejected calls: %v", h.got)
	}
	if res := call(t, cs, "place_order", order); res.IsError {
		t.Errorf("the reference order is rejected: %s", text(res))
	}
}

func TestShopHandlerErrorIsToolError(t *testing.T) {
	cs, _, _, obs := shopSession(t, stitch.Options{})
	env := parseEnvelope(t, call(t, cs, "get_order", `{"orderId":"o-404"}`))
	want := envelope{Error: "TOOL_ERROR", Message: "no order o-404; place_order returns the order id",
		Hint: "The tool could not complete the request. Read the message and change the arguments or the approach before retrying."}
	if !reflect.DeepEqual(env, want) {
		t.Errorf("got %+v\nwant %+v", env, want)
	}
	if c := obs.last(); c.Err == nil || c.Err.Error() != want.Message {
		t.Errorf("observer saw err %v", c.Err)
	}
}

func TestShopDefaultFillsAbsentOptional(t *testing.T) {
	cs, _, _, _ := shopSession(t, stitch.Options{})
	if res := call(t, cs, "place_order", order); res.IsError {
		t.Fatal(text(res))
	}
	res := call(t, cs, "cancel_order", `{"orderId":"o-1"}`)
	if res.IsError || text(res) != "cancelled o-1 (customer request)" || res.StructuredContent != nil {
		t.Errorf("cancel_order: isError=%v %s", res.IsError, text(res))
	}
}

func TestShopPanicAndHangKeepServing(t *testing.T) {
	// A deadline that no valid call reaches, however loaded the machine:
	// only the hanging handler, which waits until the test ends, meets it.
	cs, _, _, obs := shopSession(t, stitch.Options{Timeout: 2 * time.Second})
	panicky := `{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"note":"panic","delivery":{"method":"pickup","storeId":3}}`
	env := parseEnvelope(t, call(t, cs, "place_order", panicky))
	if env.Error != "INTERNAL_ERROR" || env.Message != "the tool failed unexpectedly" || env.Issues != nil {
		t.Errorf("panic: %+v", env)
	}
	if c := obs.last(); c.Err == nil || c.Input == nil {
		t.Errorf("observer did not see the panic: %+v", c)
	}
	hanging := `{"customerId":1,"items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"note":"hang","delivery":{"method":"pickup","storeId":3}}`
	env = parseEnvelope(t, call(t, cs, "place_order", hanging))
	wantTimeout := envelope{Error: "TIMEOUT", Message: "the tool did not finish before its deadline and may still complete", Hint: hintTimeout}
	if !reflect.DeepEqual(env, wantTimeout) {
		t.Errorf("hang: %+v\nwant %+v", env, wantTimeout)
	}
	if res := call(t, cs, "place_order", order); res.IsError {
		t.Errorf("the server did not survive: %s", text(res))
	}
}

// TestShopLateOrdersReported: orders whose handler ignored its context
// are placed after their callers were told TIMEOUT; the envelope says so,
// and the Late observer gets every late receipt (which get_order then
// finds), so nothing happens behind the service's back.
func TestShopLateOrdersReported(t *testing.T) {
	var mu sync.Mutex
	late := map[string]string{} // customer id → late result text
	lateSeen := make(chan struct{}, 8)
	h := newRecordingShop(t)
	server := newServer(t, shop.StitchTools(h), stitch.Options{
		Timeout: 50 * time.Millisecond,
		Late: func(_ context.Context, c *stitch.Call) {
			in := c.Input.(shop.PlaceOrder)
			mu.Lock()
			late[strconv.FormatInt(in.CustomerID, 10)] = c.Result.Text()
			mu.Unlock()
			lateSeen <- struct{}{}
		},
	})
	cs, _ := connect(t, server)
	// The hanging calls time out however late the short deadline fires;
	// get_order, which must not, asks a server of the same shop with the
	// default deadline.
	gets, _ := connect(t, newServer(t, shop.StitchTools(h), stitch.Options{}))
	const n = 8
	for i := 1; i <= n; i++ {
		args := `{"customerId":` + strconv.Itoa(i) + `,"note":"hang","items":[{"sku":"A-1","quantity":1}],"giftMessage":null,"delivery":{"method":"pickup","storeId":3}}`
		env := parseEnvelope(t, call(t, cs, "place_order", args))
		if want := (envelope{Error: "TIMEOUT", Message: "the tool did not finish before its deadline and may still complete", Hint: hintTimeout}); !reflect.DeepEqual(env, want) {
			t.Errorf("call %d: %+v\nwant %+v", i, env, want)
		}
	}
	for range n {
		h.release <- struct{}{} // one hanging handler goes on
	}
	for i := range n {
		select {
		case <-lateSeen:
		case <-time.After(10 * time.Second):
			t.Fatalf("the Late observer saw %d of %d late orders", i, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i <= n; i++ {
		var r shop.OrderReceipt
		if err := json.Unmarshal([]byte(late[strconv.Itoa(i)]), &r); err != nil || r.CustomerID != int64(i) || r.Status != "placed" {
			t.Errorf("customer %d: late result %q", i, late[strconv.Itoa(i)])
			continue
		}
		got := call(t, gets, "get_order", `{"orderId":"`+r.OrderID+`"}`)
		if got.IsError || text(got) != late[strconv.Itoa(i)] {
			t.Errorf("get_order %s: %s, the late observer saw %s", r.OrderID, text(got), late[strconv.Itoa(i)])
		}
	}
}

// TestShopConcurrentCalls serves one server to several client sessions
// that call in parallel (run it with -race): valid orders, rejected ones,
// panicking and hanging handlers interleave, and every caller gets the
// result of its own call.
func TestShopConcurrentCalls(t *testing.T) {
	obs := &observed{}
	h := newRecordingShop(t)
	// A deadline that no valid call reaches, however loaded the machine
	// (under -race, 64 calls at once on 2 cores): only the hanging
	// handlers, which wait until the test ends, meet it.
	server := newServer(t, shop.StitchTools(h), stitch.Options{Timeout: 2 * time.Second, After: obs.after})
	var sessions []*mcp.ClientSession
	for range 4 {
		cs, _ := connect(t, server)
		sessions = append(sessions, cs)
	}
	const n = 64
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			concurrentCall(t, sessions[i%len(sessions)], i)
		}()
	}
	wg.Wait()
	obs.mu.Lock()
	seen := len(obs.calls)
	obs.mu.Unlock()
	if seen != n {
		t.Errorf("observer saw %d calls, want %d", seen, n)
	}
	if res := call(t, sessions[0], "place_order", order); res.IsError {
		t.Errorf("the server did not survive: %s", text(res))
	}
}

// concurrentCall makes call number i of TestShopConcurrentCalls: every third
// is rejected, then every eighth hangs or panics, the rest are valid orders
// whose receipt must echo the call's own values.
func concurrentCall(t *testing.T, cs *mcp.ClientSession, i int) {
	id := strconv.Itoa(i)
	note, want := "", ""
	switch {
	case i%3 == 0:
		want = "VALIDATION_ERROR"
	case i%8 == 1:
		note, want = `"note":"hang",`, "TIMEOUT"
	case i%8 == 2:
		note, want = `"note":"panic",`, "INTERNAL_ERROR"
	}
	args := `{"customerId":` + id + `,` + note + `"items":[{"sku":"S-` + id + `","quantity":` + strconv.Itoa(i%99+1) + `}],"giftMessage":"gift ` + id + `","delivery":{"method":"pickup","storeId":` + id + `}}`
	if want == "VALIDATION_ERROR" {
		args = `{"customerId":` + id + `,"customerId":1}`
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order", Arguments: json.RawMessage(args)})
	if err != nil {
		t.Errorf("call %d: %v", i, err)
		return
	}
	var out shop.OrderReceipt
	var env envelope
	switch {
	case want != "":
		if json.Unmarshal([]byte(text(res)), &env) != nil || !res.IsError || env.Error != want {
			t.Errorf("call %d: want %s, got %s", i, want, text(res))
		}
	case res.IsError:
		t.Errorf("call %d: %s", i, text(res))
	case json.Unmarshal([]byte(text(res)), &out) != nil || out.CustomerID != int64(i) || out.Units != i%99+1 ||
		out.GiftMessage == nil || *out.GiftMessage != "gift "+id:
		t.Errorf("call %d got another call's result: %s", i, text(res))
	}
}

func TestShopStreamableHTTP(t *testing.T) {
	server := newServer(t, shop.StitchTools(shop.NewService()), stitch.Options{})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order", Arguments: json.RawMessage(order)})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"orderId":"o-1","customerId":1,"units":1,"totalCents":1250,"method":"courier","status":"placed","giftMessage":null}`
	if res.IsError || text(res) != want {
		t.Errorf("got isError=%v %s\nwant %s", res.IsError, text(res), want)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_order", Arguments: json.RawMessage(`{"orderId":"o-1","orderID":"o-2"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if env := parseEnvelope(t, res); !reflect.DeepEqual(issuesOf(env), []issue{{"/orderID", "unknown_key"}}) {
		t.Errorf("got %+v", env)
	}
}
