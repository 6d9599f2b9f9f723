package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
)

// record is one element of the linearity inputs: strings with escapes,
// numbers of several shapes, nested arrays and objects.
const record = `{"id":"rec-%d","name":"caf\u00e9 \"quoted\" \ud83d\ude00","n":%d,"x":-1.25e3,"ok":true,"none":null,"tags":["a","b","c"],"sub":{"k":[1,2,{"z":"deep"}]}}`

// linearInput returns {"payload":[record,…]} of at least size bytes.
func linearInput(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"payload":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, record, i, i)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// reportPerByte adds an ns/byte metric: constant across sizes means cost
// linear in the input size.
func reportPerByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
}

// BenchmarkLinear decodes free-form documents of growing size; ns/byte
// stays flat when the cost is linear.
func BenchmarkLinear(b *testing.B) {
	for _, size := range []int{16 << 10, 256 << 10, 4 << 20} {
		in := linearInput(size)
		b.Run("size="+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				var w anyjson.Wrap
				if err := w.UnmarshalJSON(in); err != nil {
					b.Fatal(err)
				}
			}
			reportPerByte(b, len(in))
		})
	}
}

// BenchmarkLinearTyped decodes long typed arrays (range-checked integers).
func BenchmarkLinearTyped(b *testing.B) {
	for _, n := range []int{10000, 100000, 1000000} {
		var in bytes.Buffer
		in.WriteString(`{"items":[`)
		for i := 0; i < n; i++ {
			if i > 0 {
				in.WriteByte(',')
			}
			in.WriteByte(byte('0' + i%10))
		}
		in.WriteString("]}")
		b.Run("items="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(in.Len()))
			for b.Loop() {
				var x limits.Numbers
				if err := x.UnmarshalJSON(in.Bytes()); err != nil {
					b.Fatal(err)
				}
			}
			reportPerByte(b, in.Len())
		})
	}
}

// BenchmarkKeys decodes objects with many keys into a catchall, a map and
// a strict object (all unknown: capped issues): duplicate detection must
// keep the cost per key flat from 50,000 to 200,000 keys.
func BenchmarkKeys(b *testing.B) {
	for _, n := range []int{50000, 100000, 200000} {
		body := manyKeys(n)
		inputs := []struct {
			name   string
			in     []byte
			decode func([]byte) error
		}{
			{"catchall", []byte(`{"id":"x",` + body + `}`), func(in []byte) error { var x limits.Bag; return x.UnmarshalJSON(in) }},
			{"map", []byte(`{"entries":{` + body + `}}`), func(in []byte) error { var x limits.Dict; return x.UnmarshalJSON(in) }},
			{"strict", []byte(`{"a":1,` + body + `}`), func(in []byte) error { var x limits.Tight; x.UnmarshalJSON(in); return nil }},
			// Baseline: encoding/json into a map, to separate the cost of
			// growing a big map (and the GC) from the decoder's own cost.
			{"encoding-json-map", []byte(`{` + body + `}`), func(in []byte) error { var x map[string]int; return json.Unmarshal(in, &x) }},
		}
		for _, c := range inputs {
			b.Run(c.name+"/keys="+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(len(c.in)))
				for b.Loop() {
					if err := c.decode(c.in); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
			})
		}
	}
}
