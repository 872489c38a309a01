# Everyday recipes. `just` is optional: every recipe is one plain go command.

# solve the embedded default vault (or: just run path/to/vault.txt)
run *ARGS:
    go run ./day18 {{ARGS}}

test:
    go test ./...

# the benchmarks matching PATTERN, 10 runs each, saved for `just compare` (the default, the
# bounds and the real inputs, takes about a quarter of an hour on 2 cores; . is every one, hours)
bench OUT="bench-new.txt" PATTERN="Bound|Real":
    go test ./benchmarks -run '^$' -bench '{{PATTERN}}' -count 10 | tee {{OUT}}

# the benchmark report: run the suite once, then benchmarks/README.md, its plots and the README's speed figures
report *ARGS:
    go run ./benchmarks/report {{ARGS}}

# the README's hostile inputs, each row three times in a process of its own (or: only the rows matching REGEX)
hostile REGEX=".":
    benchmarks/hostile/run {{REGEX}}

# compare two saved benchmark runs with benchstat
compare OLD NEW:
    go tool benchstat {{OLD}} {{NEW}}

fmt:
    gofmt -w .

vet:
    go vet ./...

# fuzz one target for a while, e.g. just fuzz FuzzGraphEqualsBFS ./internal/solve
# (TIME may be a count of inputs, 200000x: before Go 1.27 a timed run can end in a bare
# "context deadline exceeded" with no input written, go.dev/issue/75804, not a finding)
fuzz TARGET PKG TIME="30s":
    go test -run '^$' -fuzz '^{{TARGET}}$' -fuzztime {{TIME}} {{PKG}}
