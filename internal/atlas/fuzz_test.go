package atlas

import (
	"strings"
	"testing"
)

// FuzzCodes holds the two codes' readers to any text a user may give -code: each refuses
// it or reads a layout that writes back as that text (the common code with its trailing
// zeros, the short code in upper case), and the layout's two codes read back to it.
func FuzzCodes(f *testing.F) {
	for _, s := range []string{"1A9BF0C00", "1a9bf0c", "4WVE1", "4wve1", "AXCZN", "4FEA134", "F", "0", "ſ123"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := ParseCode(s); err == nil {
			if l, err := c.Layout(); err == nil && l.Code() != c {
				t.Errorf("code %q reads as layout %v, whose code is %s", s, l, l.Code())
			}
		}
		if l, err := ParseShortCode(s); err == nil && l.ShortCode() != strings.ToUpper(s) {
			t.Errorf("short code %q reads as the layout of short code %s", s, l.ShortCode())
		}
		l, err := ParseLayout(s)
		if err != nil {
			return
		}
		if code := l.Code().String(); !strings.HasPrefix(code, strings.ToUpper(s)) || strings.Trim(code[len(s):], "0") != "" {
			t.Errorf("%q reads as the layout of code %s", s, code)
		}
		if back, err := ParseLayout(l.Code().String()); err != nil || back != l {
			t.Errorf("%q: its code %s reads as %v, %v", s, l.Code(), back, err)
		}
		if back, err := ParseShortCode(l.ShortCode()); err != nil || back != l {
			t.Errorf("%q: its short code %s reads as %v, %v", s, l.ShortCode(), back, err)
		}
	})
}
