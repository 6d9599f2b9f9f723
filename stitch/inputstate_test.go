package stitch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func testSealer(t *testing.T, key byte) *InputSealer {
	t.Helper()
	s, err := NewInputSealer(bytes.Repeat([]byte{key}, 32), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestInputSealer: a state opens for its tool under the key that sealed
// it, on another sealer with the same key too; anything else is refused
// with the reason.
func TestInputSealer(t *testing.T) {
	a, b := testSealer(t, 1), testSealer(t, 1)
	sealed := a.Seal("tool_a", []byte("round-2:Ada"))
	got, err := b.Open("tool_a", sealed)
	if err != nil || string(got) != "round-2:Ada" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	if got, err := a.Open("tool_a", a.Seal("tool_a", nil)); err != nil || got != nil {
		t.Errorf("empty state: Open = %q, %v", got, err)
	}
	later := testSealer(t, 1)
	later.now = func() time.Time { return time.Now().Add(2 * time.Minute) }
	for _, c := range []struct {
		name string
		s    *InputSealer
		tool string
		rs   string
		want string
	}{
		{"tampered", a, "tool_a", sealed + "-TAMPERED", "the requestState is not one this server issued for this call: its signature does not match"},
		{"changed state", a, "tool_a", flip(sealed, 12), "the requestState is not one this server issued for this call: its signature does not match"},
		{"other key", testSealer(t, 2), "tool_a", sealed, "the requestState is not one this server issued for this call: its signature does not match"},
		{"other tool", a, "tool_b", sealed, `the requestState is not one this server issued for this call: it was issued for "tool_a"`},
		{"expired", later, "tool_a", sealed, "the requestState is not one this server issued for this call: it has expired"},
		{"no dot", a, "tool_a", "abc", "the requestState is not one this server issued for this call: it is malformed"},
	} {
		_, err := c.s.Open(c.tool, c.rs)
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrInputState) {
			t.Errorf("%s: Open error %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := NewInputSealer([]byte("short"), 0); err == nil || err.Error() != "stitch: an input key must have at least 32 bytes" {
		t.Errorf("short key: %v", err)
	}
}

// TestNeedInput: a handler's NeedInput is the call's InputRequired, with
// its state sealed for the tool; the next call gets the answers.
func TestNeedInput(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	tool := Tool{
		Name:   "ask",
		Decode: func([]byte, DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
		Run: func(ctx context.Context, _ any) (Output, error) {
			if a, ok := Answer(ctx, "q"); ok {
				return Output{Text: string(InputState(ctx)) + " " + string(a)}, nil
			}
			return Output{}, AskInput([]byte("s1"), map[string]InputRequest{"q": ListRoots()})
		},
	}
	d, err := NewDispatcher(Options{InputKey: key}, []Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	r := d.Call(context.Background(), "ask", nil)
	if r.InputRequired == nil || r.IsError || len(r.Content) != 0 || r.InputRequired.Requests["q"].Method != MethodListRoots {
		t.Fatalf("first call: %+v", r)
	}
	state, err := d.Sealer().Open("ask", r.InputRequired.RequestState)
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithInput(context.Background(), Input{State: state, Responses: map[string]json.RawMessage{"q": []byte(`{"roots":[]}`)}})
	if r := d.Call(ctx, "ask", nil); r.InputRequired != nil || r.Text() != `s1 {"roots":[]}` {
		t.Errorf("second call: %+v", r)
	}
}

// flip changes the character at i of a base64url string to another one of
// the alphabet.
func flip(s string, i int) string {
	c := byte('B')
	if s[i] == 'B' {
		c = 'C'
	}
	return s[:i] + string(c) + s[i+1:]
}
