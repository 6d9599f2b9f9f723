package stitch_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/stitch"
)

// The messages of TIMEOUT and CANCELED.
const (
	msgTimeout  = "the tool did not finish before its deadline and may still complete"
	msgCanceled = "the call was canceled before the tool finished; the tool may still complete"
)

// textTool is a hand-built tool whose input is its argument text and whose
// handler is run.
func textTool(name string, run func(ctx context.Context, in string) (stitch.Output, error)) stitch.Tool {
	return stitch.Tool{
		Name:        name,
		InputSchema: `{"type":"object"}`,
		Decode: func(args []byte, _ stitch.DecodeOptions) (any, []string, []string, error) {
			return string(args), nil, nil, nil
		},
		Run: func(ctx context.Context, in any) (stitch.Output, error) { return run(ctx, in.(string)) },
	}
}

// lateRecorder keeps what the After and Late observers saw.
type lateRecorder struct {
	mu    sync.Mutex
	after []stitch.Call
	late  []stitch.Call
	ctxs  []context.Context
	seen  chan struct{} // one value per Late call
}

func newLateRecorder() *lateRecorder { return &lateRecorder{seen: make(chan struct{}, 16)} }

func (r *lateRecorder) options(timeout time.Duration) stitch.Options {
	return stitch.Options{
		Timeout: timeout,
		Before: func(ctx context.Context, c *stitch.Call) context.Context {
			return context.WithValue(ctx, ctxKey{}, "before "+c.Tool)
		},
		After: func(_ context.Context, c *stitch.Call) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.after = append(r.after, *c)
		},
		Late: func(ctx context.Context, c *stitch.Call) {
			r.mu.Lock()
			r.late = append(r.late, *c)
			r.ctxs = append(r.ctxs, ctx)
			r.mu.Unlock()
			r.seen <- struct{}{}
		},
	}
}

// waitLate waits (generously) for the next Late call and returns it.
func (r *lateRecorder) waitLate(t *testing.T) (stitch.Call, context.Context) {
	t.Helper()
	select {
	case <-r.seen:
	case <-time.After(10 * time.Second):
		t.Fatal("Late was not called within 10s of the handler's return")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.late[len(r.late)-1], r.ctxs[len(r.ctxs)-1]
}

func (r *lateRecorder) lateCount() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.late)
}

// TestTimeoutEnvelope: TIMEOUT and CANCELED tell the model that the tool
// may still complete (or did part of its work) and to check its effect
// before calling it again; no blind "retry". A handler that watches its
// context gets the same text: the dispatcher cannot tell it from one that
// runs on.
func TestTimeoutEnvelope(t *testing.T) {
	d := newDispatcher(t, stitch.Options{Timeout: 20 * time.Millisecond})
	for _, note := range []string{"hang", "deadline"} {
		r := d.Call(context.Background(), "place_order", []byte(`{"customerId":7,"note":"`+note+`"}`))
		if want := envelope("TIMEOUT", "", msgTimeout, hintTimeout); r.Text() != want {
			t.Errorf("%s:\n got %s\nwant %s", note, r.Text(), want)
		}
		if strings.Contains(strings.ToLower(r.Text()), "retry later") {
			t.Errorf("%s: the envelope still says to retry: %s", note, r.Text())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := d.Call(ctx, "place_order", []byte(`{"customerId":7,"note":"hang"}`))
	if want := envelope("CANCELED", "", msgCanceled, hintCanceled); r.Text() != want {
		t.Errorf("canceled:\n got %s\nwant %s", r.Text(), want)
	}
}

// TestLateOutcome: when a handler the dispatcher abandoned at its deadline
// finally returns, the Late observer is told once, with what the call
// would have returned: a result, an error or a panic (not swallowed).
func TestLateOutcome(t *testing.T) {
	rec := newLateRecorder()
	release := make(chan struct{}, 1)
	late := func(ctx context.Context, in string) (stitch.Output, error) {
		<-release // ignores ctx on purpose
		switch in {
		case "fail":
			return stitch.Output{}, errors.New("the warehouse said no")
		case "panic":
			panic("late boom")
		}
		return stitch.Output{Text: "placed " + in}, nil
	}
	d, err := stitch.NewDispatcher(rec.options(20*time.Millisecond), []stitch.Tool{textTool("slow", late)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in, text, code, err string
	}{
		{"order-1", "placed order-1", "", ""},
		{"fail", envelope("TOOL_ERROR", "", "the warehouse said no", hintTool), "TOOL_ERROR", "the warehouse said no"},
		{"panic", envelope("INTERNAL_ERROR", "", "the tool failed unexpectedly", hintInternal), "INTERNAL_ERROR", "handler panic: late boom\n\ngoroutine "},
	} {
		r := d.Call(context.Background(), "slow", []byte(tc.in))
		if want := envelope("TIMEOUT", "", msgTimeout, hintTimeout); r.Text() != want {
			t.Errorf("%s: the caller got %s\nwant %s", tc.in, r.Text(), want)
		}
		if n := rec.lateCount(); n != 0 && tc.in == "order-1" {
			t.Errorf("%s: Late called before the handler returned", tc.in)
		}
		release <- struct{}{}
		c, ctx := rec.waitLate(t)
		switch {
		case !c.Late || c.Tool != "slow" || c.Input != tc.in || string(c.Args) != tc.in:
			t.Errorf("%s: late call %+v", tc.in, c)
		case c.Result == nil || c.Result.Text() != tc.text || c.Result.ErrorCode != tc.code:
			t.Errorf("%s: late result %+v, want text %s code %q", tc.in, c.Result, tc.text, tc.code)
		case tc.err == "" && c.Err != nil, tc.err != "" && (c.Err == nil || !strings.HasPrefix(c.Err.Error(), tc.err)):
			t.Errorf("%s: late err %v, want %q", tc.in, c.Err, tc.err)
		case c.Duration < 20*time.Millisecond:
			t.Errorf("%s: late duration %v is shorter than the deadline", tc.in, c.Duration)
		case ctx.Err() != nil || ctx.Value(ctxKey{}) != "before slow":
			t.Errorf("%s: Late's context: err %v, value %v", tc.in, ctx.Err(), ctx.Value(ctxKey{}))
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.after) != 3 || len(rec.late) != 3 {
		t.Fatalf("After saw %d calls and Late %d, want 3 and 3", len(rec.after), len(rec.late))
	}
	for i, c := range rec.after {
		if c.Late || c.Result.ErrorCode != "TIMEOUT" || !errors.Is(c.Err, context.DeadlineExceeded) {
			t.Errorf("After's call %d: late %v, code %s, err %v", i, c.Late, c.Result.ErrorCode, c.Err)
		}
	}
}

// TestLateOnlyForAbandoned: Late is not called for a handler that
// returned in time; a canceled call whose handler ran on is late too; a
// panic in Late is recovered.
func TestLateOnlyForAbandoned(t *testing.T) {
	rec := newLateRecorder()
	release := make(chan struct{})
	tools := []stitch.Tool{
		textTool("quick", func(context.Context, string) (stitch.Output, error) { return stitch.Output{Text: "ok"}, nil }),
		textTool("hang", func(context.Context, string) (stitch.Output, error) {
			<-release
			return stitch.Output{Text: "done"}, nil
		}),
	}
	// A deadline no quick call reaches, even on a loaded machine.
	opt := rec.options(time.Minute)
	observe := opt.Late
	opt.Late = func(ctx context.Context, c *stitch.Call) {
		observe(ctx, c)
		panic("an observer that panics")
	}
	d, err := stitch.NewDispatcher(opt, tools)
	if err != nil {
		t.Fatal(err)
	}
	if r := d.Call(context.Background(), "quick", nil); r.Text() != "ok" {
		t.Errorf("quick: %s", r.Text())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := d.Call(ctx, "hang", nil); r.ErrorCode != "CANCELED" {
		t.Errorf("hang: %s", r.Text())
	}
	close(release)
	c, _ := rec.waitLate(t)
	if c.Tool != "hang" || c.Result.Text() != "done" || c.Err != nil {
		t.Errorf("late call %+v", c)
	}
	// Late runs on the handler's goroutine; a further call shows that the
	// dispatcher survived its panic.
	if r := d.Call(context.Background(), "quick", nil); r.Text() != "ok" {
		t.Errorf("after a panicking Late: %s", r.Text())
	}
	if n := rec.lateCount(); n != 1 {
		t.Errorf("Late was called %d times, want 1 (only for the abandoned handler)", n)
	}
}
