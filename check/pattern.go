package check

import (
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/stitchrt"
)

// pattern reports a "pattern" that RE2 (the generated decoder) and
// ECMA-262 (the clients) would not read alike.
func (c *checker) pattern(o *model.Object, path string) {
	v, ok := o.Get("pattern")
	if !ok {
		return
	}
	p, _ := v.(string)
	if problems := PatternProblems(p); len(problems) > 0 {
		c.report(path, "pattern "+quote(p)+" does not mean the same in RE2 (the decoder) and ECMA-262 (the clients): "+
			strings.Join(problems, "; "))
	}
}

// PatternProblems returns why pattern p falls outside the subset of regular
// expressions that RE2 and ECMA-262 (with the "u" flag, as JSON Schema
// 2020-12 asks of validators) read alike; nil when it is inside. It
// compiles p with regexp/syntax first, so everything RE2 rejects
// (look-around, back-references, possessive quantifiers) is reported as
// such, then scans the source for constructs RE2 accepts and ECMA-262
// rejects or reads differently.
//
// "." is accepted although ECMA-262 also excludes \r, U+2028 and U+2029
// from it (RE2 only \n): rejecting the most common construct would help no
// one, and the decoder, which is the only parser, is the stricter side for
// none of the three.
func PatternProblems(p string) []string {
	if _, err := syntax.Parse(p, syntax.Perl); err != nil {
		return []string{"it does not compile in RE2: " + strings.TrimPrefix(err.Error(), "error parsing regexp: ")}
	}
	s := &scanner{src: p}
	s.scan()
	if len(s.problems) == 0 && !stitchrt.FormatRegex(p) {
		// What the scan does not name (a quantified assertion such as $*),
		// the runtime's ECMA-262 parser (format "regex") still rejects.
		s.add("it is not a valid ECMA-262 pattern (with the u flag)")
	}
	return s.problems
}

// A scanner walks a pattern that RE2 has accepted.
type scanner struct {
	src      string
	i        int
	problems []string
}

func (s *scanner) add(msg string) {
	for _, m := range s.problems {
		if m == msg {
			return
		}
	}
	s.problems = append(s.problems, msg)
}

func (s *scanner) peek(off int) byte {
	if s.i+off < len(s.src) {
		return s.src[s.i+off]
	}
	return 0
}

func (s *scanner) scan() {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; c {
		case '\\':
			s.escape(false)
		case '[':
			s.class()
		case '(':
			s.group()
		case '{':
			s.brace()
		case '}', ']':
			s.add("a literal " + string(c) + " must be escaped as \\" + string(c) + " (ECMA-262 rejects it bare)")
			s.i++
		default:
			s.i++
		}
	}
}

// syntaxChars may be escaped anywhere in both dialects; "-" only in a class.
const syntaxChars = `^$\.*+?()[]{}|/`

// escape reads one escape sequence at s.i.
func (s *scanner) escape(inClass bool) {
	c := s.peek(1)
	s.i += 2
	switch {
	case strings.IndexByte("dDwWfnrtv", c) >= 0 || (!inClass && (c == 'b' || c == 'B')):
	case c == 's' || c == 'S':
		s.add(`\` + string(c) + ` matches Unicode spaces in ECMA-262 but only ASCII ones in RE2; write [ \t\n\f\r] instead`)
	case c == 'x':
		s.hex()
	case c == 'p' || c == 'P':
		s.property(c)
	case c == 'A':
		s.add(`\A is not ECMA-262; write ^`)
	case c == 'z':
		s.add(`\z is not ECMA-262; write $`)
	case c == 'Q' || c == 'E':
		s.add(`\Q...\E quoting is not ECMA-262; escape each special character`)
		if end := strings.Index(s.src[s.i:], `\E`); c == 'Q' && end >= 0 {
			s.i += end + 2
		} else if c == 'Q' {
			s.i = len(s.src)
		}
	case c == 'a':
		s.add(`\a is not ECMA-262; write \x07`)
	case c >= '0' && c <= '9':
		s.add(`\` + string(c) + ` is an octal escape in RE2 but not in ECMA-262; write \xhh`)
	case strings.IndexByte(syntaxChars, c) >= 0 || (inClass && c == '-'):
	default:
		s.add(`\` + string(c) + ` is an error in ECMA-262 (unicode mode); write ` + string(c) + ` unescaped`)
	}
}

// hex reads the rest of \xhh or \x{...}.
func (s *scanner) hex() {
	if s.peek(0) != '{' {
		s.i += 2
		return
	}
	end := strings.IndexByte(s.src[s.i:], '}')
	s.add(`\x{...} is not ECMA-262; write \xhh, or the character itself`)
	s.i += end + 1
}

// generalCategories are the Unicode general categories both RE2 and
// ECMA-262 (\p{...} with the u flag) know by their short names.
var generalCategories = []string{"C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu",
	"M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps",
	"S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs"}

// property reads the rest of \pX or \p{Name}.
func (s *scanner) property(p byte) {
	if s.peek(0) != '{' {
		s.add(`\` + string(p) + string(s.peek(0)) + ` without braces is not ECMA-262; write \` + string(p) + `{` + string(s.peek(0)) + `}`)
		s.i++
		return
	}
	end := strings.IndexByte(s.src[s.i:], '}')
	name := s.src[s.i+1 : s.i+end]
	s.i += end + 1
	if !contains(generalCategories, name) {
		s.add(`\` + string(p) + `{` + name + `} is not a Unicode general category; RE2 and ECMA-262 agree only on those (\p{L}, \p{Lu}, \p{Nd}, ...)`)
	}
}

// group reads the opening of a group.
func (s *scanner) group() {
	s.i++
	if s.peek(0) != '?' {
		return
	}
	switch c := s.peek(1); {
	case c == ':':
		s.i += 2
	case c == 'P':
		s.add(`named group (?P<name>...) is not ECMA-262; write (?<name>...)`)
		s.i += 2
	case c == '<':
		s.i += 2
	default: // RE2 accepts no other (? form than flags
		end := strings.IndexAny(s.src[s.i:], ":)")
		s.add("inline flags (?" + s.src[s.i+1:s.i+end] + ") are not ECMA-262")
		s.i += end + 1
	}
}

// brace reads a counted repetition; a "{" that does not start one is a
// literal in RE2 and an error in ECMA-262.
func (s *scanner) brace() {
	j := s.i + 1
	digits := func() int {
		k := j
		for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
			j++
		}
		return j - k
	}
	ok := digits() > 0
	if ok && j < len(s.src) && s.src[j] == ',' {
		j++
		digits()
	}
	if !ok || j >= len(s.src) || s.src[j] != '}' {
		s.add(`a literal { must be escaped as \{ (ECMA-262 rejects it bare)`)
		s.i++
		return
	}
	s.i = j + 1
}

// posixClass matches an ASCII class as RE2 reads one inside brackets.
var posixClass = regexp.MustCompile(`^\[:\^?[a-z]+:\]`)

// class reads a bracketed character class.
func (s *scanner) class() {
	s.i++
	if s.peek(0) == '^' {
		s.i++
	}
	if s.peek(0) == ']' {
		s.add(`] first in a class is a literal in RE2 but ends an empty class in ECMA-262; write \]`)
		s.i++
	}
	for s.i < len(s.src) && s.src[s.i] != ']' {
		switch {
		case s.src[s.i] == '\\':
			s.escape(true)
		case posixClass.MatchString(s.src[s.i:]):
			m := posixClass.FindString(s.src[s.i:])
			s.add("POSIX class " + m + ` is not ECMA-262; write the characters as a range, e.g. [a-zA-Z]`)
			s.i += len(m)
		default:
			s.i++
		}
	}
	s.i++
}
