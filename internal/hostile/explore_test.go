package hostile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
	"math"
)

func TestExplore(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	dir := "../../../shared/testdata/JSONTestSuite/test_parsing"
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		doc, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		in := append(append([]byte(`{"payload":`), doc...), '}')
		var w anyjson.Wrap
		err := w.UnmarshalJSON(in)
		var r anyjson.RawWrap
		err2 := r.UnmarshalJSON(in)
		var w3 anyjson.Wrap
		_, _, err3 := w3.DecodeToolCall(in)
		s := func(e error) string {
			if e == nil {
				return "OK"
			}
			return strings.ReplaceAll(e.Error(), "\n", " | ")
		}
		v := ""
		if err == nil && strings.HasPrefix(e.Name(), "i_") {
			v = fmt.Sprintf("%#v", w.Payload)
			if len(v) > 120 {
				v = v[:120]
			}
		}
		fmt.Printf("%s\t%s\t%v\t%v\t%s\n", e.Name(), s(err), s(err2) == s(err), s(err3) == s(err), v)
	}
}

func TestExplore2(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	for _, s := range []string{`{"payload":["\ud800"]}`, `{"payload":[1E400, -0, -0.0, 1.0, 100000000000000000000000]}`, "\xef\xbb\xbf{\"payload\":1}", `{"payload":"\u0000"}`} {
		var r anyjson.RawWrap
		err := r.UnmarshalJSON([]byte(s))
		var w anyjson.Wrap
		err2 := w.UnmarshalJSON([]byte(s))
		b, _ := w.MarshalJSON()
		b2, _ := r.MarshalJSON()
		fmt.Printf("%s\n raw: %v %s\n any: %v %T %#v %s\n", s, err, b2, err2, w.Payload, w.Payload, b)
		if a, ok := w.Payload.([]any); ok {
			for _, x := range a {
				fmt.Printf("  %T %v\n", x, x)
			}
		}
	}
}

func TestExplore3(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	for _, s := range []string{`{"s":"","f":-0,"i":-0}`, `{"s":"","f":1e400,"i":1e2}`, `{"s":"","f":123e-10000000,"i":100000000000000000000}`, `{"s":"","f":-0.0,"i":-9223372036854775808}`, `{"s":"","f":0.1e1,"i":-9223372036854775809}`} {
		var x limits.Scalars
		err := x.UnmarshalJSON([]byte(s))
		b, _ := x.MarshalJSON()
		fmt.Printf("%s\n  %v %s %v\n", s, err, b, math.Signbit(x.F))
	}
}

func TestExplore4(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	long := strings.Repeat("7", 100)
	for _, s := range []string{`{"s":"","f":` + long + `,"i":0}`, `{"s":"","f":0.` + long + `,"i":` + long + `}`, `{"s":"` + long + `","f":1` + long + `.5,"i":"x"}`} {
		var x limits.Scalars
		err := x.UnmarshalJSON([]byte(s))
		fmt.Printf("%v\n", err)
	}
}
