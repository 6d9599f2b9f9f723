package wire

import (
	"context"
	"testing"
	"time"
)

// TestBudget: waiters are served in order; a large waiter at the head is
// not passed by small ones; one that gives up lets those behind it in.
func TestBudget(t *testing.T) {
	b := newBudget(10)
	ctx := context.Background()
	if !b.acquire(ctx, 6) {
		t.Fatal("6 of 10")
	}
	got := make(chan string, 3)
	big, cancelBig := context.WithCancel(ctx)
	go func() {
		if b.acquire(big, 8) {
			got <- "big"
		} else {
			got <- "big gave up"
		}
	}()
	waitFor(t, b, 1)
	go func() {
		if b.acquire(ctx, 2) {
			got <- "small"
		}
	}()
	waitFor(t, b, 2)
	// 4 are free and the small one needs 2, but it waits behind the big
	// one.
	select {
	case g := <-got:
		t.Fatalf("%s got in ahead of its turn", g)
	case <-time.After(50 * time.Millisecond):
	}
	cancelBig()
	if g := <-got; g != "big gave up" {
		t.Fatalf("got %s", g)
	}
	if g := <-got; g != "small" {
		t.Fatalf("got %s", g)
	}
	b.release(6)
	b.release(2)
	if !b.acquire(ctx, 10) || b.used != 10 {
		t.Errorf("the budget did not return to full: used %d", b.used)
	}
	if !newBudget(0).acquire(ctx, 1<<40) {
		t.Error("no budget limits nothing")
	}
	if !newBudget(5).acquire(ctx, 9) {
		t.Error("a request larger than the budget takes all of it")
	}
}

func waitFor(t *testing.T, b *budget, waiters int) {
	t.Helper()
	// Until shortly before the test binary's own deadline: however loaded
	// the machine, the waiters come; the count is read again every 1 ms.
	deadline := time.Now().Add(5 * time.Minute)
	if d, ok := t.Deadline(); ok {
		deadline = d.Add(-10 * time.Second)
	}
	for time.Now().Before(deadline) {
		b.mu.Lock()
		n := b.waiters.Len()
		b.mu.Unlock()
		if n == waiters {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("no %d waiters", waiters)
}
