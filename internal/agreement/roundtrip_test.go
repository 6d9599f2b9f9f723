package agreement

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// roundTrip checks an accepted document: b := MarshalJSON(v) decodes into a
// fresh value that marshals to the same bytes, and b is JSON-equal to the
// input modulo what docs/generated-api.md allows (see sameJSON).
func roundTrip(t *testing.T, tl tool, root obj, text []byte, ty *tally) {
	t.Helper()
	x := tl.fresh()
	if err := x.UnmarshalJSON(text); err != nil {
		t.Fatalf("%s: second decode of %s fails: %v", tl.name, text, err)
	}
	b1, err := x.MarshalJSON()
	if err != nil {
		t.Errorf("%s: accepted %s but MarshalJSON fails: %v", tl.name, text, err)
		return
	}
	y := tl.fresh()
	if err := y.UnmarshalJSON(b1); err != nil {
		t.Errorf("%s: encoding of accepted %s is rejected:\n%s\n%v", tl.name, text, b1, err)
		return
	}
	b2, err := y.MarshalJSON()
	if err != nil || !bytes.Equal(b1, b2) {
		t.Errorf("%s: round trip of %s is not stable:\n1st %s\n2nd %s (err %v)", tl.name, text, b1, b2, err)
		return
	}
	in, _ := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b1))
	if err != nil {
		t.Errorf("%s: MarshalJSON wrote invalid JSON %s: %v", tl.name, b1, err)
		return
	}
	c := &comparer{root: root, tolerant: tl.tolerant, addrs: tl.addrs}
	if !c.same(root, "", in, out) {
		t.Errorf("%s: round trip of %s lost or changed a member:\nencoded %s", tl.name, text, b1)
		return
	}
	ty.roundTrips++
}

// A comparer decides whether an encoding keeps every member of the input,
// walking both with the lossless schema. Allowed differences (docs/generated-api.md,
// §4.11): an input member holding an empty value (0, "", false, null, [],
// {}) may be omitted (omitempty/omitzero); an absent member with a
// "default" may appear with that default, and one without may appear
// holding a deeply empty value (omitempty does not omit a struct, as in
// encoding/json); a key a strip object (no
// additionalProperties keyword) does not declare is dropped; numbers compare
// by value (exactly, or equal after rounding both to float64 or float32,
// the precision of the Go field); date-time strings compare as instants
// and base64 strings by their bytes, netip.Addr properties as addresses
// (the encoder writes canonical forms);
// key order is free; a property with a runtime tolerance may hold any
// value (trim, lower, upper and catch rewrite it).
type comparer struct {
	root     obj
	tolerant *regexp.Regexp // properties whose value a tolerance may rewrite
	addrs    *regexp.Regexp // netip.Addr properties, compared as addresses
}

func (c *comparer) resolve(s obj) obj {
	return (&generator{root: c.root}).resolve(s)
}

func (c *comparer) tolerates(path string) bool {
	return c.tolerant != nil && c.tolerant.MatchString(path)
}

func (c *comparer) same(s obj, path string, in, out any) bool {
	if c.tolerates(path) {
		return true
	}
	s = c.resolve(s)
	if alts, ok := s["oneOf"].([]any); ok {
		for _, a := range alts {
			if matchesDisc(c.resolve(a.(obj)), in) {
				return c.same(a.(obj), path, in, out)
			}
		}
		return false
	}
	if alts, ok := s["anyOf"].([]any); ok {
		for _, a := range alts {
			if c.same(a.(obj), path, in, out) {
				return true
			}
		}
		return false
	}
	switch x := in.(type) {
	case map[string]any:
		y, ok := out.(map[string]any)
		return ok && c.sameObject(s, path, x, y)
	case []any:
		y, ok := out.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		items, _ := s["items"].(obj)
		for i := range x {
			if !c.same(items, path+"/"+strconv.Itoa(i), x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := out.(json.Number)
		return ok && sameNumber(string(x), string(y))
	case string:
		y, ok := out.(string)
		if ok && durationPaths.MatchString(path) {
			// A time.Duration is written in one form ("P1D" as "PT24H").
			a, b := isoDuration(x), isoDuration(y)
			return a != nil && b != nil && a.Cmp(b) == 0
		}
		if ok && c.addrs != nil && c.addrs.MatchString(path) {
			a, e1 := netip.ParseAddr(x)
			b, e2 := netip.ParseAddr(y)
			return e1 == nil && e2 == nil && a == b
		}
		if ok && s["contentEncoding"] == "base64" {
			a, e1 := base64.StdEncoding.DecodeString(x)
			b, e2 := base64.StdEncoding.DecodeString(y)
			return e1 == nil && e2 == nil && bytes.Equal(a, b)
		}
		if ok && x != y && s["format"] == "date-time" {
			// RFC 3339 §5.6 allows a lowercase t and z; time.Parse does not
			a, e1 := time.Parse(time.RFC3339Nano, strings.ToUpper(x))
			b, e2 := time.Parse(time.RFC3339Nano, strings.ToUpper(y))
			return e1 == nil && e2 == nil && a.Equal(b)
		}
		return ok && x == y
	}
	return in == out
}

func (c *comparer) sameObject(s obj, path string, in, out map[string]any) bool {
	props, _ := s["properties"].(obj)
	ap, hasAP := s["additionalProperties"]
	for k, v := range in {
		ps, declared := props[k].(obj)
		if !declared {
			ps, _ = ap.(obj)
		}
		w, ok := out[k]
		switch {
		case ok && !c.same(ps, path+"/"+escapePointer(k), v, w):
			return false
		case !ok && !empty(v) && (declared || hasAP) && !c.tolerates(path+"/"+escapePointer(k)):
			return false
		}
	}
	for k, w := range out {
		if _, ok := in[k]; ok {
			continue
		}
		ps, _ := props[k].(obj)
		if d, ok := ps["default"]; ok && c.same(ps, path+"/"+escapePointer(k), d, w) {
			continue
		}
		if !deepEmpty(w) {
			return false
		}
	}
	return true
}

// matchesDisc reports whether a variant's const/enum discriminator admits
// the input object.
func matchesDisc(variant obj, in any) bool {
	m, ok := in.(map[string]any)
	if !ok {
		return false
	}
	disc := discriminator([]obj{variant})
	props, _ := variant["properties"].(obj)
	ps, _ := props[disc].(obj)
	if c, ok := ps["const"]; ok {
		return m[disc] == c
	}
	e, _ := ps["enum"].([]any)
	for _, v := range e {
		if m[disc] == v {
			return true
		}
	}
	return false
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return ok && r.Sign() == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// deepEmpty reports whether v is empty or an object of deeply empty members
// (an omitempty struct that encoding/json, and so the encoder, still writes).
func deepEmpty(v any) bool {
	if m, ok := v.(map[string]any); ok {
		for _, w := range m {
			if !deepEmpty(w) {
				return false
			}
		}
		return true
	}
	return empty(v)
}

func sameNumber(a, b string) bool {
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	if ok1 && ok2 && x.Cmp(y) == 0 {
		return true
	}
	f, e1 := strconv.ParseFloat(a, 64)
	g, e2 := strconv.ParseFloat(b, 64)
	if e1 == nil && e2 == nil && f == g {
		return true
	}
	f32, e1 := strconv.ParseFloat(a, 32)
	g32, e2 := strconv.ParseFloat(b, 32)
	return e1 == nil && e2 == nil && f32 == g32
}

// TestComparer pins what the round-trip comparison allows and rejects.
func TestComparer(t *testing.T) {
	root, err := parseSchema(tools[2].lossless) // shop.cancel_order
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		in, out string
		want    bool
	}{
		{`{"orderId":"o-1"}`, `{"orderId":"o-1","reason":"customer request"}`, true},
		{`{"orderId":"o-1","reason":""}`, `{"orderId":"o-1"}`, true},
		{`{"orderId":"o-1"}`, `{"orderId":"o-1","reason":"other"}`, false},
		{`{"orderId":"o-1","reason":"why"}`, `{"orderId":"o-1"}`, false},
		{`{"orderId":"o-1"}`, `{"orderId":"o-2"}`, false},
		{`{"orderId":"o-1"}`, `{}`, false},
	}
	for _, c := range cases {
		in, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c.in)))
		out, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c.out)))
		if got := (&comparer{root: root}).same(root, "", in, out); got != c.want {
			t.Errorf("same(%s, %s) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
	for _, c := range [][2]string{{"1", "1.0"}, {"0.1", "0.100000001"}, {"1e2", "100"}} {
		if !sameNumber(c[0], c[1]) {
			t.Errorf("sameNumber(%s, %s) = false", c[0], c[1])
		}
	}
	if sameNumber("1", "1.001") {
		t.Error("sameNumber(1, 1.001) = true")
	}
}
