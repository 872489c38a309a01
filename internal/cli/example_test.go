package cli_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/grid"
)

// One record per input: an answer, a part with no answer (null, its notes saying why), and an
// input that failed, with the position of its error.
func ExampleRecord() {
	for _, r := range []cli.Record{
		{File: "vault.txt", Part1: cli.Of(136), Part2: cli.Null, Notes: []string{"part 2: no open 3x3 around the robot"}},
		{File: "bad.txt", Error: cli.ErrorOf(&grid.Error{File: "bad.txt", Line: 3, Col: 7, Msg: "unexpected character 'x'"})},
		{File: "-", Error: cli.ErrorOf(errors.New("read -: input too large"))},
	} {
		b, _ := json.Marshal(r)
		fmt.Println(string(b))
	}
	// Output:
	// {"file":"vault.txt","part1":136,"part2":null,"notes":["part 2: no open 3x3 around the robot"]}
	// {"file":"bad.txt","error":{"message":"unexpected character 'x'","line":3,"column":7}}
	// {"file":"-","error":{"message":"read -: input too large"}}
}
