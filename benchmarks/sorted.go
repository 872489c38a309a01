package benchmarks

import (
	"iter"
	"maps"
	"slices"
)

// sorted iterates a map in key order, so benchmark names come out in a stable order.
func sorted[V any](m map[string]V) iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}
