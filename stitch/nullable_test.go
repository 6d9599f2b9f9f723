package stitch_test

import (
	"encoding/json"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

func TestNullableStates(t *testing.T) {
	var absent stitch.Nullable[int]
	null, value := stitch.Null[int](), stitch.Value(7)
	for _, tt := range []struct {
		name        string
		n           stitch.Nullable[int]
		set, isNull bool
		v           int
		ok, zero    bool
	}{
		{"absent", absent, false, false, 0, false, true},
		{"null", null, true, true, 0, false, false},
		{"value", value, true, false, 7, true, false},
		{"zero value", stitch.Value(0), true, false, 0, true, false},
	} {
		v, ok := tt.n.Get()
		if tt.n.IsSet() != tt.set || tt.n.IsNull() != tt.isNull || v != tt.v || ok != tt.ok || tt.n.IsZero() != tt.zero {
			t.Errorf("%s: IsSet %v IsNull %v Get %v,%v IsZero %v", tt.name, tt.n.IsSet(), tt.n.IsNull(), v, ok, tt.n.IsZero())
		}
	}
}

// Outside a generated decoder, encoding/json with omitzero keeps the
// three states too.
func TestNullableEncodingJSON(t *testing.T) {
	type S struct {
		A stitch.Nullable[string] `json:"a,omitzero"`
	}
	for _, in := range []string{`{}`, `{"a":null}`, `{"a":"x"}`, `{"a":""}`} {
		var s S
		if err := json.Unmarshal([]byte(in), &s); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(s)
		if err != nil || string(out) != in {
			t.Errorf("Marshal(Unmarshal(%s)) = %s, %v", in, out, err)
		}
	}
	var s S
	err := json.Unmarshal([]byte(`{"a":1}`), &s)
	if err == nil || err.Error() != "json: cannot unmarshal number into Go struct field S.a of type string" {
		t.Errorf("err = %v", err)
	}
}
