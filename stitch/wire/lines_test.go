package wire_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch/wire"
)

// lines reads every line of in with a limit of max and returns each line,
// or the answer to it.
func lines(t *testing.T, in string, max int) []string {
	t.Helper()
	lr := wire.NewLineReader(strings.NewReader(in), max)
	var got []string
	for {
		line, err := lr.Next()
		var e *wire.Error
		switch {
		case errors.As(err, &e):
			got = append(got, "error "+string(e.Response()))
		case err == io.EOF:
			return got
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, string(line))
		}
	}
}

func TestLineReader(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"arguments":{"s":"` + strings.Repeat("x", 100) + `"}}}`
	tests := []struct {
		name, in string
		max      int
		want     []string
	}{
		{"lines", "{\"a\":1}\n{\"b\":2}\n", 0, []string{`{"a":1}`, `{"b":2}`}},
		{"CRLF", "{\"a\":1}\r\n{\"b\":2}\r\n", 0, []string{`{"a":1}`, `{"b":2}`}},
		{"blank lines", "\n  \r\n{\"a\":1}\n\t\n", 0, []string{`{"a":1}`}},
		{"no newline at the end", "{\"a\":1}\n{\"b\":2}", 0, []string{`{"a":1}`, `{"b":2}`}},
		{"at the limit", "1234567\n12345678\r\n", 8, []string{"1234567", "12345678"}},
		{"over the limit", "123456789\nok\n", 8, []string{`error {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is 9 bytes long, more than the limit of 8"}}`, "ok"}},
		{"over the limit, with an id", long + "\n{\"a\":1}\n", 64, []string{`error {"jsonrpc":"2.0","id":"big","error":{"code":-32700,"message":"the message is 182 bytes long, more than the limit of 64"}}`, `{"a":1}`}},
		{"over the limit at the end", long, 64, []string{`error {"jsonrpc":"2.0","id":"big","error":{"code":-32700,"message":"the message is 182 bytes long, more than the limit of 64"}}`}},
		{"no limit", long + "\n", -1, []string{long}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := lines(t, tc.in, tc.max)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestLineReaderLongLines: lines far longer than the read buffer, over
// and within the limit; the one over it is not kept.
func TestLineReaderLongLines(t *testing.T) {
	big := `{"id":12,"s":"` + strings.Repeat("y", 5<<20) + `"}`
	in := big + "\n" + `{"id":13}` + "\n" + big[:3<<20] + "\n"
	got := lines(t, in, 4<<20)
	want := []string{
		`error {"jsonrpc":"2.0","id":12,"error":{"code":-32700,"message":"the message is 5242896 bytes long, more than the limit of 4194304"}}`,
		`{"id":13}`,
	}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != big[:3<<20] {
		t.Errorf("got %d lines: %.200q", len(got), got)
	}
}

// TestFilter: refused lines are answered on the output, in order, and the
// SDK side reads only the lines that passed, each ending in "\n".
func TestFilter(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a","name":"b"}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"arguments":` + strings.Repeat("[", 2000) + `}}`,
		`{"jsonrpc":"2.0","id":5,"method":"x","params":{"s":"` + strings.Repeat("z", 300) + `"}}`,
		`{"jsonrpc":"2.0","id":6,"method":"ping"} {"jsonrpc":"2.0","id":7,"method":"ping"}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	var refused []int
	f := wire.Filter(strings.NewReader(in), &out, wire.StdioOptions{MaxLineBytes: 256, Refused: func(e *wire.Error) { refused = append(refused, e.Code) }})
	passed, err := io.ReadAll(f.In)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"; string(passed) != want {
		t.Errorf("the SDK read\n%s\nwant\n%s", passed, want)
	}
	want := strings.Join([]string{
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32700,"message":"the message ends early, at byte 39, in an object"}}`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`,
		`{"jsonrpc":"2.0","id":4,"error":{"code":-32700,"message":"the message is 2070 bytes long, more than the limit of 256"}}`,
		`{"jsonrpc":"2.0","id":5,"error":{"code":-32700,"message":"the message is 355 bytes long, more than the limit of 256"}}`,
		`{"jsonrpc":"2.0","id":6,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 41"}}`,
	}, "\n") + "\n"
	if out.String() != want {
		t.Errorf("answers\n%s\nwant\n%s", out.String(), want)
	}
	if len(refused) != 5 {
		t.Errorf("Refused saw %v", refused)
	}
	f.In.Close()
}

// TestFilterDepth: a line within the size limit but nested too deep is
// answered, with the id read before the nesting.
func TestFilterDepth(t *testing.T) {
	in := `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"t","arguments":{"a":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + "}}}\n"
	var out bytes.Buffer
	f := wire.Filter(strings.NewReader(in), &out, wire.StdioOptions{})
	if passed, _ := io.ReadAll(f.In); len(passed) != 0 {
		t.Errorf("the SDK read %.100s", passed)
	}
	if want := `{"jsonrpc":"2.0","id":9,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}` + "\n"; out.String() != want {
		t.Errorf("answer %s, want %s", out.String(), want)
	}
}
