package batch_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/statespace/puzzles/internal/batch"
)

// TestOrder checks that results come out in input order whatever order they finish in.
func TestOrder(t *testing.T) {
	var got []int
	n := batch.Run(context.Background(), 20, 4, 0, func(_ context.Context, i int) int {
		time.Sleep(time.Duration(20-i) * time.Millisecond) // later inputs finish first
		return i * i
	}, func(i, r int) {
		if r != i*i {
			t.Errorf("result %d for input %d", r, i)
		}
		got = append(got, i)
	})
	if n != 20 || !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}) {
		t.Errorf("emitted %d: %v", n, got)
	}
}

// TestTimeout checks that each input gets its own deadline.
func TestTimeout(t *testing.T) {
	var errs []error
	batch.Run(context.Background(), 3, 2, 20*time.Millisecond, func(ctx context.Context, i int) error {
		if i == 1 {
			<-ctx.Done() // the slow one
			return ctx.Err()
		}
		return nil
	}, func(i int, err error) { errs = append(errs, err) })
	if len(errs) != 3 || errs[0] != nil || errs[1] != context.DeadlineExceeded || errs[2] != nil {
		t.Errorf("errors %v", errs)
	}
}

// TestInterrupt checks that an interrupt keeps the results finished before it, in order.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var got []int
	n := batch.Run(ctx, 10, 1, 0, func(ctx context.Context, i int) int {
		if i == 3 {
			cancel()
			<-ctx.Done()
			return -1
		}
		return i
	}, func(i, r int) { got = append(got, r) })
	if n != 4 || !slices.Equal(got, []int{0, 1, 2, -1}) {
		t.Errorf("emitted %d: %v", n, got)
	}
}
