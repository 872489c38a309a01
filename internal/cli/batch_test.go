package cli

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestBatchOrder checks that results come out in input order whatever order they finish in.
func TestBatchOrder(t *testing.T) {
	var got []int
	batch(context.Background(), 20, 4, 0, func(_ context.Context, i int) int {
		time.Sleep(time.Duration(20-i) * time.Millisecond) // later inputs finish first
		return i * i
	}, func(i, r int, started bool) {
		if r != i*i || !started {
			t.Errorf("result %d for input %d (started %v)", r, i, started)
		}
		got = append(got, i)
	})
	if !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}) {
		t.Errorf("emitted %v", got)
	}
}

// TestBatchTimeout checks that each input gets its own deadline. The slow one gives up by
// itself after 5 s, so that a batch without deadlines fails here, not at the test binary's.
func TestBatchTimeout(t *testing.T) {
	var errs []error
	batch(context.Background(), 3, 2, 20*time.Millisecond, func(ctx context.Context, i int) error {
		if i == 1 {
			select { // the slow one
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(5 * time.Second):
				return errors.New("no deadline after 5 s")
			}
		}
		return nil
	}, func(i int, err error, _ bool) { errs = append(errs, err) })
	if len(errs) != 3 || errs[0] != nil || errs[1] != context.DeadlineExceeded || errs[2] != nil {
		t.Errorf("errors %v", errs)
	}
}

// TestBatchInterrupt checks that a cancelled batch still emits the inputs that were running
// (they see the context end), in order, and says which never started.
func TestBatchInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var got []int
	var notStarted []int
	batch(ctx, 10, 2, 0, func(ctx context.Context, i int) int {
		if i == 3 {
			cancel()
		}
		if i >= 3 {
			<-ctx.Done()
			return -i
		}
		return i
	}, func(i, r int, started bool) {
		if !started {
			notStarted = append(notStarted, i)
			return
		}
		got = append(got, r)
	})
	// Inputs 0-2 finished, 3 was running and maybe 4 (two workers); the rest never started.
	if len(got) < 4 || !slices.Equal(got[:4], []int{0, 1, 2, -3}) || len(got)+len(notStarted) != 10 || len(notStarted) < 5 {
		t.Errorf("emitted %v, not started %v", got, notStarted)
	}
}
