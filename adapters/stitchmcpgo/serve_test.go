package stitchmcpgo_test

import (
	"context"
	"io"
	"net"
	"reflect"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
)

// TestServeStdio: ServeStdio answers a client on a pair of pipes, with
// progress and log messages, and returns nil when the client's side
// closes.
func TestServeStdio(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	inR, inW := io.Pipe()   // client -> server
	outR, outW := io.Pipe() // server -> client
	served := make(chan error, 1)
	go func() {
		served <- stitchmcpgo.ServeStdio(context.Background(), s, inR, outW)
		outW.Close()
	}()
	c := client.NewClient(transport.NewIO(outR, inW, nil))
	n := newNotes()
	c.OnNotification(n.add)
	initialize(t, c, legacy)
	sc := &conn{c: c, tr: c.GetTransport(), notes: n}
	if got := sc.raw(t, "tools/call", callParams("place_order", `{"customerId":9007199254740993}`)); got != structured("9007199254740993") {
		t.Errorf("place_order: %s", got)
	}
	if got := sc.raw(t, "tools/call", callParams("nope", `{}`)); got != envelope(unknownNope) {
		t.Errorf("nope: %s", got)
	}
	setLevel(t, sc, mcp.LoggingLevelWarning)
	if got, want := sc.report(t, true), []string{progressHalf, progressTwo, logWarning, logDone}; !reflect.DeepEqual(got, want) {
		t.Errorf("report: the client got\n %q\nwant %q", got, want)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("ServeStdio = %v, want nil", err)
	}
	c.Close()
}

// TestServeHTTP: ServeHTTP serves streamable HTTP at the root path and
// returns nil once its context is done.
func TestServeHTTP(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- stitchmcpgo.ServeHTTPOn(ctx, s, ln) }()
	c, err := client.NewStreamableHttpClient("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	initialize(t, c, legacy)
	hc := &conn{c: c, tr: c.GetTransport()}
	if got := hc.raw(t, "tools/call", callParams("place_order", `{"customerId":7}`)); got != structured("7") {
		t.Errorf("place_order: %s", got)
	}
	c.Close()
	cancel()
	if err := <-served; err != nil {
		t.Errorf("ServeHTTP = %v, want nil", err)
	}
}
