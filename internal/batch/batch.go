// Package batch solves many inputs in parallel and hands back their results in input order.
//
// Workers take inputs in order from a shared counter; each result waits until every earlier
// one has been emitted, so output is deterministic whatever the timing. A cancelled context
// (an interrupt) stops the workers from starting new inputs; the inputs already finished are
// emitted, in order, up to the first one that is missing.
package batch

import (
	"context"
	"sync"
	"time"
)

// Run calls solve for inputs 0..n-1 on up to workers goroutines, each under a context that
// ends after timeout (0: none) or when ctx ends, and emit with each result in order of i.
// It returns how many results were emitted: n unless ctx ended first.
func Run[R any](ctx context.Context, n, workers int, timeout time.Duration,
	solve func(ctx context.Context, i int) R, emit func(i int, r R)) int {
	results := make([]R, n)
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
				mu.Unlock()
				if i >= n || ctx.Err() != nil {
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
	emitted := 0
	for i := range n {
		select {
		case <-done[i]:
		case <-ctx.Done():
			// Interrupted: keep what finished in order, then stop.
			select {
			case <-done[i]:
			default:
				wg.Wait()
				for ; i < n; i++ {
					select {
					case <-done[i]:
						emit(i, results[i])
						emitted++
						continue
					default:
					}
					break
				}
				return emitted
			}
		}
		emit(i, results[i])
		emitted++
	}
	wg.Wait()
	return emitted
}
