// Package answers tells what the commands found, one input at a time: the text lines, the
// JSON record (cli.Record, the one shape both commands print) and, with -render, how to draw
// the answer. The commands' main packages keep their flags and the calls into the solvers;
// what the flags ask to be told beside the answers comes here as a small struct (VaultAsk,
// SlideAsk), so each telling is tested in-process without a command around it.
//
// Every function follows the same rules for a search that a limit or a signal stopped: the
// number asked for is null in JSON, and in the text what stopped it, with the bounds the
// search proved; whatever else was asked and found (a walk, a count) is kept; and the outcome's
// status says so (3). What does not fit beside a standing answer (a walk's cells, a distance
// field) is left out with one line on standard error, the answer kept.
package answers
