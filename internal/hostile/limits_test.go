package hostile

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
)

// deepArrays returns {"payload":[[[…]]]} with n arrays, unclosed when
// closed is false.
func deepArrays(n int, closed bool) []byte {
	var b bytes.Buffer
	b.WriteString(wrapPrefix)
	b.WriteString(strings.Repeat("[", n))
	if closed {
		b.WriteString(strings.Repeat("]", n))
		b.WriteByte('}')
	}
	return b.Bytes()
}

// measured is what one decode cost.
type measured struct {
	err        error
	elapsed    time.Duration
	allocBytes uint64 // bytes allocated during the decode
	stackGrow  int64  // StackInuse after the decode minus before, inside the decoding goroutine
}

// measure runs decode in a fresh goroutine with a small stack ceiling: a
// decoder that recursed once per nesting level of a million-deep document
// would exceed it and crash the test binary.
func measure(t *testing.T, decode func() error) measured {
	t.Helper()
	old := debug.SetMaxStack(16 << 20)
	defer debug.SetMaxStack(old)
	done := make(chan measured, 1)
	runtime.GC()
	go func() {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		err := decode()
		el := time.Since(start)
		runtime.ReadMemStats(&after)
		done <- measured{err: err, elapsed: el, allocBytes: after.TotalAlloc - before.TotalAlloc,
			stackGrow: int64(after.StackInuse) - int64(before.StackInuse)}
	}()
	select {
	case m := <-done:
		return m
	case <-time.After(30 * time.Second):
		t.Fatal("decode did not complete in 30s")
		return measured{}
	}
}

// TestDepthLimit: a million nested arrays (closed or not) in a free-form
// value, and a million nested objects through a recursive typed decoder,
// are rejected with one depth issue at level 513, quickly and without
// stack growth proportional to the depth.
func TestDepthLimit(t *testing.T) {
	const n = 1000000
	deepPath := "/payload" + strings.Repeat("/0", 511)
	closed, unclosed, nest := deepArrays(n, true), deepArrays(n, false), deepNest(n)
	cases := []struct {
		name   string
		decode func() error
		want   string
	}{
		{"any closed", func() error { var w anyjson.Wrap; return w.UnmarshalJSON(closed) },
			deepPath + ": depth: nesting deeper than 512 levels at byte offset 522"},
		{"any unclosed", func() error { var w anyjson.Wrap; _, _, err := w.DecodeToolCall(unclosed); return err },
			deepPath + ": depth: nesting deeper than 512 levels at byte offset 522"},
		{"raw closed", func() error { var w anyjson.RawWrap; return w.UnmarshalJSON(closed) },
			deepPath + ": depth: nesting deeper than 512 levels at byte offset 522"}, // at the value, as for any (TestRawMessageIssuePath)
		{"recursive struct", func() error { var x limits.Nest; return x.UnmarshalJSON(nest) },
			strings.Repeat("/child", 512) + ": depth: nesting deeper than 512 levels at byte offset 4608"},
	}
	for _, c := range cases {
		m := measure(t, c.decode)
		t.Logf("%s: %v, %d bytes allocated, stack grew %d bytes", c.name, m.elapsed, m.allocBytes, m.stackGrow)
		if got := errText(m.err); got != c.want {
			t.Errorf("%s:\n got %.300q\nwant %.300q", c.name, got, c.want)
		}
		if m.allocBytes > 1<<20 {
			t.Errorf("%s: %d bytes allocated to reject the document (want < 1 MiB: the rest is never read)", c.name, m.allocBytes)
		}
		if m.stackGrow > 4<<20 {
			t.Errorf("%s: stack grew by %d bytes", c.name, m.stackGrow)
		}
	}
	var w anyjson.Wrap
	if err := w.UnmarshalJSON(deepArrays(511, true)); err != nil {
		t.Errorf("512 levels (object + 511 arrays): %v", err)
	}
	if err := w.UnmarshalJSON(deepArrays(512, true)); err == nil {
		t.Error("513 levels accepted")
	}
}

// deepNest returns {"child":{"child":…{}…}} with n levels.
func deepNest(n int) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Repeat(`{"child":`, n))
	b.WriteString("{}")
	b.WriteString(strings.Repeat("}", n))
	return b.Bytes()
}
