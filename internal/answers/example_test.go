package answers_test

import (
	"encoding/json"
	"fmt"

	"github.com/statespace/puzzles/internal/answers"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// A vault's one answer told twice, as day18 prints it: the text with the walk -path asks
// for, and the JSON record.
func ExampleVault() {
	v, _ := vault.Parse("corridor", []byte("#########\n#b.A.@.a#\n#########\n"))
	parts := solve.Parts(v, 1, solve.Options{Walk: true}, nil)
	o := answers.Vault(&cli.Job{Name: "corridor"}, v, parts, answers.VaultAsk{Part: 1, Walk: "keys"})
	record, _ := json.Marshal(o.Record)
	fmt.Print(o.Text)
	fmt.Println(string(record))
	// Output:
	// part 1: 8
	//   robot 1: a 2, b 6
	// {"file":"","part1":8,"path1":[{"robot":1,"to":"a","steps":2},{"robot":1,"to":"b","steps":6}]}
}
