package cli

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"time"
)

// Choice is a flag whose value is one of a few words: Set refuses any other, so a bad value
// is a flag error (the usage, status 2). With Bare set, the flag alone (-path) means Bare,
// and -flag=false the empty value.
type Choice struct {
	Value   string
	Options []string
	Bare    string
}

func (c *Choice) String() string {
	if c == nil {
		return ""
	}
	return c.Value
}

// Set takes s when it is one of the options.
func (c *Choice) Set(s string) error {
	switch {
	case c.Bare != "" && s == "true":
		s = c.Bare
	case c.Bare != "" && s == "false":
		c.Value = ""
		return nil
	}
	for _, o := range c.Options {
		if s == o {
			c.Value = s
			return nil
		}
	}
	return fmt.Errorf("want %s", words(c.Options, "or"))
}

// IsBoolFlag lets a flag with a Bare value stand alone.
func (c *Choice) IsBoolFlag() bool { return c.Bare != "" }

// parseError is fs.Parse's error, worded for whoever typed the flag: a bad value of a
// Choice that has a Bare form as the flag package words any other flag's ("invalid value "x"
// for flag -path: ..."), where to that package such a Choice is a boolean flag, whose bad
// values it calls boolean; and a "parse error", a boolean's or a number's, as what the flag
// wants ("invalid value "two" for flag -part: want a whole number").
func parseError(fs *flag.FlagSet, err error) error {
	rest, ok := strings.CutPrefix(err.Error(), "invalid boolean value ")
	value, rest, ok2 := strings.Cut(rest, " for -")
	name, why, ok3 := strings.Cut(rest, ": ")
	if f := fs.Lookup(name); ok && ok2 && ok3 && f != nil {
		if _, choice := f.Value.(*Choice); choice {
			return fmt.Errorf("invalid value %s for flag -%s: %s", value, name, why)
		}
		return fmt.Errorf("invalid value %s for flag -%s: want true or false", value, name)
	}
	head, ok := strings.CutSuffix(err.Error(), ": parse error")
	if i := strings.LastIndex(head, " for flag -"); ok && i >= 0 {
		if f := fs.Lookup(head[i+len(" for flag -"):]); f != nil {
			if g, ok := f.Value.(flag.Getter); ok {
				switch g.Get().(type) {
				case int, int64:
					return fmt.Errorf("%s: want a whole number", head)
				case uint, uint64:
					return fmt.Errorf("%s: want a whole number, 0 or more", head)
				case float64:
					return fmt.Errorf("%s: want a number, for example 0.05", head)
				case time.Duration:
					return fmt.Errorf("%s: want a duration, for example 2s or 500ms", head)
				}
			}
		}
	}
	return err
}

// words joins ws as a list: "a, b or c".
func words(ws []string, and string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " " + and + " " + ws[len(ws)-1]
}

// Given reports whether the flag name was given on the command line.
func Given(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// Apart refuses first together with any of others, naming the two: "-census and -hardest
// do not go together". A name is a flag given on the command line; "name=value" a flag
// holding that value, given or defaulted; FILE a file argument.
func Apart(fs *flag.FlagSet, first string, others ...string) error {
	if !present(fs, first) {
		return nil
	}
	for _, o := range others {
		if present(fs, o) {
			return fmt.Errorf("%s and %s do not go together", show(first), show(o))
		}
	}
	return nil
}

// Needs refuses flag a without flag b: "-list needs -groups".
func Needs(fs *flag.FlagSet, a, b string) error {
	if present(fs, a) && !present(fs, b) {
		return fmt.Errorf("%s needs %s", show(a), show(b))
	}
	return nil
}

// Within refuses a numeric flag's value outside lo..hi: "-part 3: want 0 to 2", or with hi
// math.MaxInt (no bound above) "-budget -1: want 0 or more".
func Within(name string, v, lo, hi int) error {
	switch {
	case v >= lo && v <= hi:
		return nil
	case hi == math.MaxInt:
		return fmt.Errorf("-%s %d: want %d or more", name, v, lo)
	}
	return fmt.Errorf("-%s %d: want %d to %d", name, v, lo, hi)
}

// First returns the first error that is not nil: the checks of a command, in order.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func present(fs *flag.FlagSet, name string) bool {
	if name == "FILE" {
		return fs.NArg() > 0
	}
	if flagName, value, ok := strings.Cut(name, "="); ok {
		f := fs.Lookup(flagName)
		return f != nil && f.Value.String() == value
	}
	return Given(fs, name)
}

func show(name string) string {
	if name == "FILE" {
		return "FILE arguments"
	}
	return "-" + strings.Replace(name, "=", " ", 1)
}

// flagsFirst returns args with the flags moved before the FILE arguments, so that flags may
// follow them as well as come first (day18 vault.txt -json), then "--": after a "--" of
// args, every argument is a FILE, and so is "-" (standard input). A flag that is not a
// bool flag and has no "=" takes the next argument as its value, whatever it looks like, as
// fs.Parse would, and when it is the last argument ends the list, for fs.Parse to say it
// needs one; an unknown flag stays among the flags for fs.Parse to refuse.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case len(a) < 2 || a[0] != '-':
			files = append(files, a)
		default:
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if f := fs.Lookup(name); f != nil && !hasValue && !isBool(f) {
				if i++; i == len(args) {
					return flags // not "--" as its value
				}
				flags = append(flags, args[i])
			}
		}
	}
	return append(append(flags, "--"), files...)
}

// isBool reports whether f is a bool flag (-json, or -path, whose value is optional).
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
