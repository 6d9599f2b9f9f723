package wire_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch/wire"
)

// nested returns a message whose arguments nest n arrays deep: the whole
// message then nests n+3 levels (message, params, arguments).
func nested(n int) string {
	return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":` +
		strings.Repeat("[", n) + strings.Repeat("]", n) + `}}}`
}

func TestCheck(t *testing.T) {
	const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`
	tests := []struct {
		name, msg string
		want      string // the answer, "" for none
	}{
		{"a call", call, ""},
		{"white space inside", `{ "jsonrpc" : "2.0" , "id" : 7 , "method" : "m" , "method" : "n" }`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"the message has the key \"method\" twice"}}`},
		{"white space after the method", `{"id":"x","method":"tools/call"  ,"params":{"a":1,"a":2}}`, `{"jsonrpc":"2.0","id":"x","error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"a\" twice"}}`},
		{"white space around it", " \r\n\t" + call + "\r\n ", ""},
		{"a duplicate key in the arguments is the decoder's", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"a":2}}}`, ""},
		{"a notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""},
		{"a response", `{"jsonrpc":"2.0","id":"s-1","result":{"x":[1,2.5e-3,true,false,null,"\u00e9\"\\\/\b\f\n\r\t"]}}`, ""},
		{"a batch", `[` + call + `, {"jsonrpc":"2.0","method":"n"}]`, ""},
		{"the empty key twice", `{"jsonrpc":"2.0","id":2,"":1,"method":"m","":2}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"the message has the key \"\" twice"}}`},
		{"the empty key twice in the params", `{"jsonrpc":"2.0","id":2,"method":"m","params":{"":1,"":2}}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"the params of \"m\" have the key \"\" twice"}}`},
		{"an escaped method in the message", `{"jsonrpc":"2.0","id":2,"method":"tools\/call","params":{"name":"a","n\u0061me":"b"}}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"params as an array", `{"jsonrpc":"2.0","id":1,"method":"m","params":[1,1]}`, ""},
		{"nested 1000 levels", nested(997), ""},

		{"empty", "", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is empty"}}`},
		{"blank", " \n", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is empty"}}`},
		{"not JSON", `hello`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 0: unexpected 'h' in a value"}}`},
		{"cut short", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","argu`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"the message ends early, at byte 72, in a string"}}`},
		{"cut short before the id", `{"jsonrpc":"2.0","method":"x","params":{"a":`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message ends early, at byte 44, in a value"}}`},
		{"bytes after the message", call + `{"jsonrpc":"2.0","id":8,"method":"tools/call"}`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 106"}}`},
		{"a comma after it", call + `,`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 106"}}`},
		{"a trailing comma", `{"jsonrpc":"2.0","id":1,}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"invalid JSON at byte 24: unexpected '}' in an object"}}`},
		{"a single-quoted string", `{"id":'a'}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 6: unexpected ''' in a value"}}`},
		{"a control character in a string", "{\"id\":1,\"method\":\"a\tb\"}", `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"invalid JSON at byte 19: unexpected byte 0x09 in a string"}}`},
		{"a bad escape", `{"id":1,"method":"\x"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"invalid JSON at byte 19: unexpected 'x' in a string escape"}}`},
		{"a short \\u escape", `{"id":1,"method":"\u12"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"invalid JSON at byte 22: unexpected '\"' in a \\u escape"}}`},
		{"a leading zero", `{"id":01}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 7: unexpected '1' in an object"}}`},
		{"a bare minus", `{"id":-}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 7: unexpected '}' in a number"}}`},
		{"no digit after the point", `{"id":1.}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 8: unexpected '}' in a number"}}`},
		{"no exponent digit", `{"id":1e+}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 9: unexpected '}' in a number"}}`},
		{"a bad literal", `{"id":1,"params":{"a":tru}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"invalid JSON at byte 25: unexpected '}' in a value"}}`},
		{"nested 1001 levels", nested(998), `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},
		{"nested a million levels", nested(1_000_000), `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},

		{"a string", `"tools/call"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a JSON-RPC message must be an object"}}`},
		{"null", `null`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a JSON-RPC message must be an object"}}`},
		{"two numbers", `1 2`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 2"}}`},
		{"an empty batch", `[ ]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the batch is empty"}}`},
		{"a batch of a number", `[` + call + `,1]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"element 1 of the batch is not an object"}}`},
		{"a batch with a repeated key", `[{"jsonrpc":"2.0","id":1,"id":2}]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"element 0 of the batch: the message has the key \"id\" twice"}}`},
		{"a syntax error after a refused element", `[{"id":1,"id":2},{"id":3,]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 25: unexpected ']' in an object"}}`},
		{"a batch cut short", `[` + call, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message ends early, at byte 107, in the batch"}}`},

		{"method twice", `{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call","params":{"name":"t"}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the message has the key \"method\" twice"}}`},
		{"id twice", `{"jsonrpc":"2.0","id":1,"method":"ping","id":2}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message has the key \"id\" twice"}}`},
		{"params twice", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"},"params":{"name":"b"}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the message has the key \"params\" twice"}}`},
		{"an escaped repeated key", `{"jsonrpc":"2.0","id":1,"\u006dethod":"a","method":"b"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the message has the key \"method\" twice"}}`},
		{"an id of the wrong type", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping","method":"x"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message has the key \"method\" twice"}}`},
		{"name twice", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"},"name":"cancel_order"}}`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"arguments twice", `{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"t","arguments":{"a":1},"arguments":{"a":2}}}`, `{"jsonrpc":"2.0","id":"c","error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"arguments\" twice"}}`},
		{"an escaped name twice", `{"jsonrpc":"2.0","id":1,"params":{"name":"a","\u006eame":"b"},"method":"tools/\u0063all"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"a surrogate pair key twice", `{"id":1,"method":"m","params":{"\ud83d\ude00":1,"😀":2}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"the params of \"m\" have the key \"😀\" twice"}}`},
		{"params twice without a method", `{"jsonrpc":"2.0","id":1,"params":{"a":1,"a":2}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"the params have the key \"a\" twice"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := wire.Check([]byte(tc.msg), 0)
			got := ""
			if e != nil {
				got = string(e.Response())
				if !json.Valid(e.Response()) {
					t.Errorf("the answer is not JSON: %s", got)
				}
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestCheckCase: keys differ by case and by unescaping exactly as the
// decoders compare keys (docs/decoding.md): "Name" is not "name", a lone
// surrogate reads as U+FFFD as in encoding/json.
func TestCheckCase(t *testing.T) {
	for _, msg := range []string{
		`{"id":1,"method":"m","params":{"name":"a","Name":"b"}}`,
		`{"id":1,"method":"m","params":{"\u00e9":1,"e\u0301":2}}`,
	} {
		if e := wire.Check([]byte(msg), 0); e != nil {
			t.Errorf("%s: %s", msg, e.Response())
		}
	}
	e := wire.Check([]byte(`{"id":1,"method":"m","params":{"\ud800":1,"\udfff":2}}`), 0)
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"the params of \"m\" have the key \"�\" twice"}}`; e == nil || string(e.Response()) != want {
		t.Errorf("lone surrogates: got %v, want %s", e, want)
	}
}

// TestCheckManyKeys: an object with many keys costs linear time (the
// key set switches to a map), and the first repeated one is reported.
func TestCheckManyKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"m","params":{`)
	for i := range 200_000 {
		b.WriteString(`"k` + strconv.Itoa(i) + `":0,`)
	}
	b.WriteString(`"k17":1}}`)
	e := wire.Check([]byte(b.String()), 0)
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"the params of \"m\" have the key \"k17\" twice"}}`; e == nil || string(e.Response()) != want {
		t.Errorf("got %v, want %s", e, want)
	}
}

// TestCheckDepthLimit: a depth of its own, counted like the go-sdk's.
func TestCheckDepthLimit(t *testing.T) {
	if e := wire.Check([]byte(nested(2)), 5); e != nil {
		t.Errorf("5 levels within a limit of 5: %s", e.Response())
	}
	e := wire.Check([]byte(nested(3)), 5)
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"the message nests deeper than 5 levels"}}`; e == nil || string(e.Response()) != want {
		t.Errorf("6 levels: got %v, want %s", e, want)
	}
}

// FuzzCheck: the syntax verdict agrees with encoding/json (within the
// depth limit: past it Check stops reading, so a message that nests too
// deep is refused for that whatever follows), and Check never panics.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`,
		`[{"jsonrpc":"2.0","method":"n"},{"id":"a","result":{}}]`,
		`{"id":1,"params":{"\u006eame":"a","name":"b"}}`,
		`{"a":[1,-2.5e+3,true,false,null,"\ud83d\ude00\u00e9\\\/"]}`,
		`{"a":1}x`, `{"a":01}`, `"x"`, `[]`, ``, `{"a":"\ud800"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		e := wire.Check(msg, 0)
		tooDeep := e != nil && strings.HasPrefix(e.Message, "the message nests deeper")
		syntaxOK := e == nil || e.Code != wire.CodeParseError
		if e != nil && e.Message == "the message is empty" {
			syntaxOK = false
		}
		if valid := json.Valid(msg); !tooDeep && valid != syntaxOK {
			t.Errorf("json.Valid %v, Check %v for %q", valid, e, msg)
		}
		if e != nil && !json.Valid(e.Response()) {
			t.Errorf("answer %s is not JSON", e.Response())
		}
	})
}
