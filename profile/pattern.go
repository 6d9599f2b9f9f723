package profile

import (
	"regexp/syntax"
	"strings"
)

// maxRepeat bounds the counted repetitions a strict pattern may use.
// Anthropic excludes "complex quantifiers with large ranges" without a
// number and OpenAI documents no regex subset at all; 100 is our
// conservative choice.
const maxRepeat = 100

// simplePattern reports whether a pattern stays inside the regex subset
// both strict providers can compile into a grammar: literals, classes
// ([...], ., \d, \w, \s and their negations), groups, alternation, ^ and $,
// and the greedy quantifiers * + ? {n} {n,} {n,m} with bounds up to
// maxRepeat. Backreferences, lookaround, word boundaries, flags, named
// groups, Unicode property classes and lazy quantifiers are outside it
// (Anthropic: "Regex support"; OpenAI: undocumented, same choice).
func simplePattern(p string) bool {
	for _, bad := range []string{`\b`, `\B`, `\p`, `\P`, `\A`, `\z`, `\Q`, `\C`, `\x{`, `[[:`} {
		if strings.Contains(p, bad) {
			return false
		}
	}
	for rest := p; ; {
		i := strings.Index(rest, "(?")
		if i < 0 {
			break
		}
		if !strings.HasPrefix(rest[i:], "(?:") || i > 0 && rest[i-1] == '\\' {
			return false
		}
		rest = rest[i+3:]
	}
	re, err := syntax.Parse(p, syntax.Perl)
	return err == nil && simpleTree(re)
}

func simpleTree(re *syntax.Regexp) bool {
	if re.Flags&syntax.NonGreedy != 0 {
		return false
	}
	switch re.Op {
	case syntax.OpLiteral, syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar,
		syntax.OpBeginText, syntax.OpEndText, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpEmptyMatch,
		syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpConcat, syntax.OpAlternate:
	case syntax.OpRepeat:
		if re.Min > maxRepeat || re.Max > maxRepeat {
			return false
		}
	default:
		return false
	}
	for _, sub := range re.Sub {
		if !simpleTree(sub) {
			return false
		}
	}
	return true
}
