package wire

import (
	"container/list"
	"context"
	"sync"
)

// A budget is a weighted semaphore whose waiters are served in order of
// arrival (as golang.org/x/sync/semaphore, which the root module does not
// require): a large request waiting at the head is not starved by small
// ones behind it.
type budget struct {
	mu      sync.Mutex
	size    int64
	used    int64
	waiters list.List // of *waiter
}

type waiter struct {
	n     int64
	ready chan struct{}
}

// newBudget returns a budget of size, or nil (no limit) for size <= 0.
func newBudget(size int64) *budget {
	if size <= 0 {
		return nil
	}
	return &budget{size: size}
}

// acquire takes n (at most the budget's size) and reports whether it got
// it before ctx was done. A nil budget always gives.
func (b *budget) acquire(ctx context.Context, n int64) bool {
	if b == nil {
		return true
	}
	n = min(n, b.size)
	b.mu.Lock()
	if b.size-b.used >= n && b.waiters.Len() == 0 {
		b.used += n
		b.mu.Unlock()
		return true
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	elem := b.waiters.PushBack(w)
	b.mu.Unlock()
	select {
	case <-w.ready:
		return true
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready: // given at the same moment: give it back
		b.used -= n
		b.notify()
	default:
		front := b.waiters.Front() == elem
		b.waiters.Remove(elem)
		if front {
			b.notify() // the waiters behind may fit now
		}
	}
	return false
}

// tryAcquire takes n (at most the budget's size) if it is free and no
// one waits for it, without waiting.
func (b *budget) tryAcquire(n int64) bool {
	if b == nil {
		return true
	}
	n = min(n, b.size)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.size-b.used >= n && b.waiters.Len() == 0 {
		b.used += n
		return true
	}
	return false
}

// release gives back n taken by acquire.
func (b *budget) release(n int64) {
	if b == nil {
		return
	}
	n = min(n, b.size)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	b.notify()
}

// notify hands the budget to the waiters at the head that fit.
func (b *budget) notify() {
	for e := b.waiters.Front(); e != nil; e = b.waiters.Front() {
		w := e.Value.(*waiter)
		if b.size-b.used < w.n {
			return
		}
		b.used += w.n
		b.waiters.Remove(e)
		close(w.ready)
	}
}
