package cli

import (
	"context"
	"sync"
	"time"
)

// batch solves inputs 0..n-1 on up to workers goroutines, each under a context that ends
// after timeout (0: none) or when ctx ends, and calls emit with each result in order of i
// as soon as it and every one before it are done: output is deterministic whatever the
// timing. Once ctx ends no input is started; the ones running finish (they see ctx end and
// stop early) and are emitted, and emit is called with started false for the rest.
func batch[R any](ctx context.Context, n, workers int, timeout time.Duration,
	solve func(ctx context.Context, i int) R, emit func(i int, r R, started bool)) {
	results := make([]R, n)
	started := make([]bool, n)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				ok := i < n && ctx.Err() == nil
				if ok {
					started[i] = true
				}
				mu.Unlock()
				if !ok {
					return
				}
				ictx, cancel := ctx, context.CancelFunc(func() {})
				if timeout > 0 {
					ictx, cancel = context.WithTimeout(ctx, timeout)
				}
				results[i] = solve(ictx, i)
				cancel()
				close(done[i])
			}
		}()
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	for i := range n {
		select {
		case <-done[i]:
			emit(i, results[i], true)
			continue
		case <-all:
		}
		// Every worker has returned: the rest either finished or never started.
		for ; i < n; i++ {
			select {
			case <-done[i]:
				emit(i, results[i], true)
			default:
				var zero R
				emit(i, zero, false)
			}
		}
		return
	}
}
