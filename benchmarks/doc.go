// Package benchmarks is the project's benchmark suite, in its test files: each optimization
// beside the baseline it replaced, as variants of one benchmark (variants_test.go: the
// bounds, the route graph, the queues and tables against the library structures the design
// names), the real inputs (BenchmarkReal, BenchmarkPhases), growth families of generated
// vaults (BenchmarkGrowth), and the sliding-block searches and the atlas (klotski_test.go,
// gridboard_test.go). The real inputs are read from ../shared, or the folder DAY18_REAL_DIR
// names; without them those benchmarks skip.
//
// Run it with `go test ./benchmarks -run '^$' -bench .`, compare two runs with benchstat;
// `go run ./benchmarks/report` runs it once and writes the report (README.md, plots/) from
// that run, and `go run ./benchmarks/scale` measures whole processes on families of vaults.
package benchmarks
