package check

import (
	"strings"
	"testing"
)

func TestPatternProblems(t *testing.T) {
	for _, c := range []struct{ pattern, want string }{
		// The common subset: no problem.
		{`^[A-Z0-9-]+$`, ``},
		{`^[+][0-9]+$`, ``},
		{`^\d{3}-\d{4}$`, ``},
		{`^(?:ab|cd)*?\.\w+\b$`, ``},
		{`^[\w.\-]+@[^\s@]+$`, `\s matches Unicode spaces in ECMA-262 but only ASCII ones in RE2; write [ \t\n\f\r] instead`},
		{`^(?<year>\d{4})-\x41\/$`, ``},
		{`^\p{L}\P{Nd}+$`, ``},
		{`a{2,}b{1,3}[{}()|]`, ``},
		{`[[:a]`, ``},
		{`[[:^digit:]]`, `POSIX class [:^digit:] is not ECMA-262; write the characters as a range, e.g. [a-zA-Z]`},
		// RE2 rejects.
		{`(?=a)b`, "it does not compile in RE2: invalid or unsupported Perl syntax: `(?=`"},
		{`(a)\1`, "it does not compile in RE2: invalid escape sequence: `\\1`"},
		// RE2 accepts, ECMA-262 rejects or reads differently.
		{`\Aabc\z`, `\A is not ECMA-262; write ^; \z is not ECMA-262; write $`},
		{`\Qa.b\E+`, `\Q...\E quoting is not ECMA-262; escape each special character`},
		{`\x{263a}`, `\x{...} is not ECMA-262; write \xhh, or the character itself`},
		{`(?i)abc`, `inline flags (?i) are not ECMA-262`},
		{`(?sm:a.b)`, `inline flags (?sm) are not ECMA-262`},
		{`(?P<name>x)`, `named group (?P<name>...) is not ECMA-262; write (?<name>...)`},
		{`[[:alpha:][:digit:]]`, `POSIX class [:alpha:] is not ECMA-262; write the characters as a range, e.g. [a-zA-Z]; POSIX class [:digit:] is not ECMA-262; write the characters as a range, e.g. [a-zA-Z]`},
		{`\pL+`, `\pL without braces is not ECMA-262; write \p{L}`},
		{`\p{Greek}`, `\p{Greek} is not a Unicode general category; RE2 and ECMA-262 agree only on those (\p{L}, \p{Lu}, \p{Nd}, ...)`},
		{`\p{^L}`, `\p{^L} is not a Unicode general category; RE2 and ECMA-262 agree only on those (\p{L}, \p{Lu}, \p{Nd}, ...)`},
		{`a\S`, `\S matches Unicode spaces in ECMA-262 but only ASCII ones in RE2; write [ \t\n\f\r] instead`},
		{`\0`, `\0 is an octal escape in RE2 but not in ECMA-262; write \xhh`},
		{`\a`, `\a is not ECMA-262; write \x07`},
		{`\C`, "it does not compile in RE2: invalid escape sequence: `\\C`"},
		{`a\-b`, `\- is an error in ECMA-262 (unicode mode); write - unescaped`},
		{`\#\#`, `\# is an error in ECMA-262 (unicode mode); write # unescaped`},
		{`a{,3}`, `a literal { must be escaped as \{ (ECMA-262 rejects it bare); a literal } must be escaped as \} (ECMA-262 rejects it bare)`},
		{`a}`, `a literal } must be escaped as \} (ECMA-262 rejects it bare)`},
		{`a]`, `a literal ] must be escaped as \] (ECMA-262 rejects it bare)`},
		{`[]a]`, `] first in a class is a literal in RE2 but ends an empty class in ECMA-262; write \]`},
		{`[^]a]`, `] first in a class is a literal in RE2 but ends an empty class in ECMA-262; write \]`},
	} {
		got := strings.Join(PatternProblems(c.pattern), "; ")
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.pattern, got, c.want)
		}
	}
}

func FuzzPatternProblems(f *testing.F) {
	for _, s := range []string{`\Q`, `\x{`, `\p{`, `[[:`, `(?`, `a{1,`, `[\`, `\pL`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) { PatternProblems(p) })
}

// TestPatternECMAOnly: a pattern RE2 takes and the scan has no name for,
// but ECMA-262 (u flag) rejects, is reported by the runtime's parser.
func TestPatternECMAOnly(t *testing.T) {
	for _, p := range []string{"$*", "^+", `a\b*`} {
		got := strings.Join(PatternProblems(p), "; ")
		if want := "it is not a valid ECMA-262 pattern (with the u flag)"; got != want {
			t.Errorf("PatternProblems(%q) = %q, want %q", p, got, want)
		}
	}
	if got := PatternProblems("^[a-z]+$"); got != nil {
		t.Errorf("a portable pattern: %q", got)
	}
}
