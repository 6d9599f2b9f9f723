package bench

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	gojson "github.com/goccy/go-json"

	"github.com/stitchgen/stitchgen/internal/bench/contracts/l"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/u"
)

// An impl is one way to decode (or only validate) a shape's document.
// bench times it; decode returns the decoded value converted to the
// contract type (nil for a validity pass), for the agreement tests.
type impl struct {
	name   string
	bench  func(b *testing.B, data []byte)
	decode func(data []byte) (any, error)
}

// stitchType is a contract tool input type with its generated methods.
type stitchType[T any] interface {
	*T
	UnmarshalJSON([]byte) error
	DecodeToolCall([]byte) ([]string, []string, error)
}

// contract bundles what the impls of one contract need.
type contract[T any, P stitchType[T], W any] struct {
	schema   string             // lossless input schema (given to the go-sdk)
	fromTwin func(W) (T, error) // twin value → contract value
	sdk      func() *SDKPath[W] // the go-sdk replica
	_        func(P)
}

// loop runs one decode per iteration into a value that is reset each time
// (allocated once, outside the loop, for every impl alike).
func loop[T any](b *testing.B, data []byte, f func([]byte, *T) error) *T {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	v := new(T)
	if err := f(data, v); err != nil { // warm-up: lazy set-up (sonic's JIT, goccy's caches) is not timed
		b.Fatal(err)
	}
	for b.Loop() {
		*v = *new(T)
		if err := f(data, v); err != nil {
			b.Fatal(err)
		}
	}
	return v
}

func (c contract[T, P, W]) impls() []impl {
	unmarshal := func(data []byte, v *T) error { return P(v).UnmarshalJSON(data) }
	toolCall := func(data []byte, v *T) error { _, _, err := P(v).DecodeToolCall(data); return err }
	sdk := c.sdk()
	return []impl{
		c.own("stitch-unmarshal", unmarshal),
		c.own("stitch-toolcall", toolCall),
		c.twin("encoding-json", func(data []byte, v *W) error { return json.Unmarshal(data, v) }),
		c.twin("encoding-json-strict", func(data []byte, v *W) error {
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			return dec.Decode(v)
		}),
		c.twin("gosdk", func(data []byte, v *W) (err error) { *v, err = sdk.Decode(data); return err }),
		c.twin("goccy", func(data []byte, v *W) error { return gojson.Unmarshal(data, v) }),
		c.twin("sonic", func(data []byte, v *W) error { return sonic.Unmarshal(data, v) }),
		c.twin("jsonv2-strict", func(data []byte, v *W) error {
			return jsonv2.Unmarshal(data, v, jsonv2.RejectUnknownMembers(true))
		}),
		validity("valid-encoding-json", json.Valid),
		validity("valid-stitch-skip", StitchValid),
	}
}

// own is an impl that decodes into the contract type itself; its benchmark
// also reports the allocations the decoded value needs at the least.
func (c contract[T, P, W]) own(name string, f func([]byte, *T) error) impl {
	return impl{name: name,
		bench: func(b *testing.B, data []byte) {
			v := loop(b, data, f)
			b.ReportMetric(float64(ValueAllocs(*v)), "value-allocs/op")
		},
		decode: func(data []byte) (any, error) { var v T; err := f(data, &v); return v, err },
	}
}

// twin is an impl that decodes into the twin type without generated methods.
func (c contract[T, P, W]) twin(name string, f func([]byte, *W) error) impl {
	return impl{name: name,
		bench: func(b *testing.B, data []byte) { loop(b, data, f) },
		decode: func(data []byte) (any, error) {
			var w W
			if err := f(data, &w); err != nil {
				return nil, err
			}
			return c.fromTwin(w)
		},
	}
}

type validityErr struct{}

func (validityErr) Error() string { return "not valid JSON" }

func validity(name string, valid func([]byte) bool) impl {
	check := func(data []byte, _ *struct{}) error {
		if !valid(data) {
			return validityErr{}
		}
		return nil
	}
	return impl{name: name,
		bench:  func(b *testing.B, data []byte) { loop(b, data, check) },
		decode: func(data []byte) (any, error) { return nil, check(data, nil) },
	}
}

func mustSDK[W any](schema string) func() *SDKPath[W] {
	return func() *SDKPath[W] {
		p, err := NewSDKPath[W]([]byte(schema))
		if err != nil {
			panic(err)
		}
		return p
	}
}

var (
	contractS = contract[s.SearchProducts, *s.SearchProducts, STwin]{
		schema:   s.SearchProductsLosslessSchema,
		fromTwin: func(w STwin) (s.SearchProducts, error) { return SFromTwin(w), nil },
		sdk:      mustSDK[STwin](s.SearchProductsLosslessSchema)}
	contractU = contract[u.SendNotification, *u.SendNotification, UTwin]{
		schema:   u.SendNotificationLosslessSchema,
		fromTwin: UFromTwin, sdk: mustSDK[UTwin](u.SendNotificationLosslessSchema)}
	contractL = contract[l.SendBatch, *l.SendBatch, LTwin]{
		schema:   l.SendBatchLosslessSchema,
		fromTwin: LFromTwin, sdk: mustSDK[LTwin](l.SendBatchLosslessSchema)}
)

// implsFor returns the impls of a shape, in report order.
func implsFor(shape string) []impl {
	switch shape {
	case "S":
		return contractS.impls()
	case "U", "U-disc-last":
		return contractU.impls()
	case "L":
		return contractL.impls()
	}
	panic("unknown shape " + shape)
}
