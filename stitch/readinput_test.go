package stitch_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// ReadInput opens the state for its tool, keeps each answer as the JSON
// object it encodes to and the capabilities as given; a state that does
// not open, or an answer that is not an object, is an error that says so.
func TestReadInput(t *testing.T) {
	d := newDispatcher(t, stitch.Options{})
	sealed := d.Sealer().Seal("ping", []byte("round-2"))
	caps := json.RawMessage(`{"elicitation":{}}`)
	in, err := stitch.ReadInput(d, "ping", sealed, map[string]any{"name": map[string]string{"action": "accept"}}, caps)
	want := stitch.Input{
		Responses:    map[string]json.RawMessage{"name": json.RawMessage(`{"action":"accept"}`)},
		State:        []byte("round-2"),
		Capabilities: caps,
	}
	if err != nil || !reflect.DeepEqual(in, want) {
		t.Errorf("ReadInput = %+v, %v\nwant %+v", in, err, want)
	}
	if in, err := stitch.ReadInput[any](d, "ping", "", nil, nil); err != nil || !reflect.DeepEqual(in, stitch.Input{}) {
		t.Errorf("nothing sent: ReadInput = %+v, %v", in, err)
	}
	for _, c := range []struct {
		name, tool, state string
		responses         map[string]any
		want              string
	}{
		{"other tool", "place_order", sealed, nil, `the requestState is not one this server issued for this call: it was issued for "ping"`},
		{"not an object", "ping", "", map[string]any{"name": []int{1}}, `inputResponses["name"] is not a JSON object`},
		{"does not encode", "ping", "", map[string]any{"name": func() {}}, `inputResponses["name"]: json: unsupported type: func()`},
	} {
		if _, err := stitch.ReadInput(d, c.tool, c.state, c.responses, nil); err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// WithInputFunc hands on an Input whose capabilities caps produces on
// first use, once, for InputOf, ClientCan and Missing alike; a call that
// never asks never calls caps, and nil from caps means unknown.
func TestWithInputFunc(t *testing.T) {
	in := stitch.Input{State: []byte("s"), Responses: map[string]json.RawMessage{"a": json.RawMessage(`{}`)}}
	calls := 0
	ctx := stitch.WithInputFunc(context.Background(), in, func() json.RawMessage {
		calls++
		return json.RawMessage(`{"sampling":{}}`)
	})
	if calls != 0 {
		t.Fatalf("caps called %d times before anything asked", calls)
	}
	if got := stitch.InputState(ctx); string(got) != "s" {
		t.Errorf("InputState = %q, want %q", got, "s")
	}
	want := in
	want.Capabilities = json.RawMessage(`{"sampling":{}}`)
	if got := stitch.InputOf(ctx); !reflect.DeepEqual(got, want) {
		t.Errorf("InputOf = %+v, want %+v", got, want)
	}
	if !stitch.ClientCan(ctx, stitch.MethodSample) || stitch.ClientCan(ctx, stitch.MethodElicit) {
		t.Errorf("ClientCan: sampling %v, elicitation %v; want true, false", stitch.ClientCan(ctx, stitch.MethodSample), stitch.ClientCan(ctx, stitch.MethodElicit))
	}
	if m := stitch.Missing(ctx, map[string]stitch.InputRequest{"x": stitch.ListRoots()}); m != stitch.MethodListRoots {
		t.Errorf("Missing = %q, want %q", m, stitch.MethodListRoots)
	}
	if calls != 1 {
		t.Errorf("caps called %d times, want 1", calls)
	}
	unknown := stitch.WithInputFunc(context.Background(), stitch.Input{}, func() json.RawMessage { return nil })
	if !stitch.ClientCan(unknown, stitch.MethodElicit) {
		t.Error("ClientCan with unknown capabilities = false, want true")
	}
}

// countedCaps counts its encodings.
type countedCaps struct {
	Sampling *struct{} `json:"sampling,omitempty"`
	n        *int
}

func (c countedCaps) MarshalJSON() ([]byte, error) {
	*c.n++
	type plain countedCaps
	return json.Marshal(plain(c))
}

// WithInputCapabilities encodes an SDK's capabilities value once, when
// first asked; a nil value is unknown capabilities.
func TestWithInputCapabilities(t *testing.T) {
	n := 0
	ctx := stitch.WithInputCapabilities(context.Background(), stitch.Input{}, &countedCaps{Sampling: &struct{}{}, n: &n})
	if n != 0 {
		t.Fatalf("encoded %d times before anything asked", n)
	}
	if !stitch.ClientCan(ctx, stitch.MethodSample) || stitch.ClientCan(ctx, stitch.MethodElicit) {
		t.Errorf("ClientCan: sampling %v, elicitation %v; want true, false", stitch.ClientCan(ctx, stitch.MethodSample), stitch.ClientCan(ctx, stitch.MethodElicit))
	}
	if got := string(stitch.InputOf(ctx).Capabilities); got != `{"sampling":{}}` || n != 1 {
		t.Errorf("Capabilities %s after %d encodings, want {\"sampling\":{}} after 1", got, n)
	}
	unknown := stitch.WithInputCapabilities[countedCaps](context.Background(), stitch.Input{State: []byte("s")}, nil)
	if in := stitch.InputOf(unknown); in.Capabilities != nil || string(in.State) != "s" || !stitch.ClientCan(unknown, stitch.MethodElicit) {
		t.Errorf("nil capabilities: %+v, ClientCan(elicitation) %v; want unknown (nil, true)", in, stitch.ClientCan(unknown, stitch.MethodElicit))
	}
}
