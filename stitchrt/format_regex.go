package stitchrt

import (
	"unicode"
	"unicode/utf8"
)

// FormatRegex checks that s is an ECMA-262 regular expression pattern
// (ECMAScript 2025, §22.2.1) as a RegExp with the "u" flag reads it, the
// flag JSON Schema 2020-12 recommends: UnicodeMode on, UnicodeSetsMode
// ("v") off, named groups on. It validates the syntax and the early errors
// (quantifier bounds in order, class ranges in order and without class
// escapes, back-references to existing groups, group names that are
// identifiers and unique unless in different alternatives, modifiers that
// do not repeat, \p{...} names and values of ECMA-262's tables), never
// matches, and takes no Annex B leniency (which the "u" flag turns off):
// a lone "{", "}" or "]", "\a", an identity escape of a letter, a
// quantified look-around and "(?i)" are errors. The property names are
// those of the Unicode version of package unicode (unicode_tables.go).
func FormatRegex(s string) bool {
	p := reParser{src: s}
	if !p.disjunction() || p.i != len(p.src) {
		return false
	}
	if p.maxBackref > p.ncap {
		return false
	}
	for k := 0; k < p.nrefs; k++ {
		r := p.ref(k)
		found := false
		for j := 0; j < p.nnames; j++ {
			g := p.name(j)
			if reNamesEqual(p.src[g.name[0]:g.name[1]], p.src[r[0]:r[1]]) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// A reGroup is a named capturing group: the offsets of its "(" and of its
// name in the source.
type reGroup struct {
	open int
	name [2]int
}

type reParser struct {
	src        string
	i          int
	depth      int
	ncap       int // capturing groups
	maxBackref int // largest \N
	// The named groups and the names of \k<name>: the first few in the
	// arrays (no allocation), the rest in the slices.
	names     [4]reGroup
	refs      [4][2]int
	nnames    int
	nrefs     int
	moreNames []reGroup
	moreRefs  [][2]int
}

func (p *reParser) name(j int) reGroup {
	if j < len(p.names) {
		return p.names[j]
	}
	return p.moreNames[j-len(p.names)]
}

func (p *reParser) ref(k int) [2]int {
	if k < len(p.refs) {
		return p.refs[k]
	}
	return p.moreRefs[k-len(p.refs)]
}

func (p *reParser) more() bool { return p.i < len(p.src) }

func (p *reParser) peek() byte {
	if p.i < len(p.src) {
		return p.src[p.i]
	}
	return 0
}

func (p *reParser) eat(c byte) bool {
	if p.i < len(p.src) && p.src[p.i] == c {
		p.i++
		return true
	}
	return false
}

// reMaxDepth bounds the nesting of groups (each level is a recursive call).
const reMaxDepth = 1000

// disjunction reads Alternative ( "|" Alternative )* up to a ")" or the end.
func (p *reParser) disjunction() bool {
	for {
		if !p.alternative() {
			return false
		}
		if !p.eat('|') {
			return true
		}
	}
}

// alternative reads Term* up to a "|", a ")" or the end.
func (p *reParser) alternative() bool {
	for p.more() {
		switch c := p.peek(); c {
		case '|', ')':
			return true
		case '^', '$':
			p.i++
			continue // an assertion: not quantifiable
		case '\\':
			if p.i+1 < len(p.src) && (p.src[p.i+1] == 'b' || p.src[p.i+1] == 'B') {
				p.i += 2
				continue
			}
			p.i++
			if !p.atomEscape() {
				return false
			}
		case '(':
			quantifiable, ok := p.group()
			if !ok {
				return false
			}
			if !quantifiable {
				continue
			}
		case '[':
			if !p.class() {
				return false
			}
		case '*', '+', '?', '{', '}', ']':
			return false // a quantifier with nothing to repeat, or a lone brace/bracket
		default:
			if c < utf8.RuneSelf {
				p.i++
			} else {
				_, n := utf8.DecodeRuneInString(p.src[p.i:])
				p.i += n
			}
		}
		if !p.quantifier() {
			return false
		}
	}
	return true
}

// quantifier reads an optional quantifier after an atom.
func (p *reParser) quantifier() bool {
	switch p.peek() {
	case '*', '+', '?':
		p.i++
	case '{':
		p.i++
		lo := p.decimal()
		if lo == "" {
			return false
		}
		if p.eat(',') {
			if hi := p.decimal(); hi != "" && decimalLess(hi, lo) {
				return false
			}
		}
		if !p.eat('}') {
			return false
		}
	default:
		return true
	}
	p.eat('?')
	return true
}

// decimal reads DecimalDigits and returns them.
func (p *reParser) decimal() string {
	start := p.i
	for p.more() && isDigit(p.peek()) {
		p.i++
	}
	return p.src[start:p.i]
}

// decimalLess compares two decimal numerals of any length.
func decimalLess(a, b string) bool {
	for len(a) > 1 && a[0] == '0' {
		a = a[1:]
	}
	for len(b) > 1 && b[0] == '0' {
		b = b[1:]
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// group reads a parenthesized construct at "(" and says whether a
// quantifier may follow (not after a look-around: the "u" flag removes
// Annex B's QuantifiableAssertion).
func (p *reParser) group() (quantifiable, ok bool) {
	open := p.i
	p.i++
	if p.depth++; p.depth > reMaxDepth {
		return false, false
	}
	defer func() { p.depth-- }()
	quantifiable = true
	if p.eat('?') {
		switch p.peek() {
		case '=', '!':
			p.i++
			quantifiable = false
		case '<':
			p.i++
			if p.eat('=') || p.eat('!') {
				quantifiable = false
				break
			}
			start := p.i
			if !p.groupName() {
				return false, false
			}
			if !p.addName(open, start, p.i-1) {
				return false, false
			}
			p.ncap++
		default:
			if !p.modifiers() {
				return false, false
			}
		}
	} else {
		p.ncap++
	}
	if !p.disjunction() || !p.eat(')') {
		return false, false
	}
	return quantifiable, true
}

// modifiers reads RegularExpressionModifiers [ "-" RegularExpressionModifiers ] ":"
// after "(?": each of i, m, s at most once in all, not both parts empty
// when there is a "-". "(?:" is the empty case.
func (p *reParser) modifiers() bool {
	var seen [3]bool
	read := func() int {
		n := 0
		for {
			k := -1
			switch p.peek() {
			case 'i':
				k = 0
			case 'm':
				k = 1
			case 's':
				k = 2
			}
			if k < 0 {
				return n
			}
			if seen[k] {
				return -1
			}
			seen[k] = true
			p.i++
			n++
		}
	}
	add := read()
	if add < 0 {
		return false
	}
	if p.eat('-') {
		remove := read()
		if remove < 0 || add+remove == 0 {
			return false
		}
	}
	return p.eat(':')
}

// addName records a named group, refusing a name used by another group
// that might participate in the same match (ECMAScript 2025 allows one
// name in different alternatives).
func (p *reParser) addName(open, lo, hi int) bool {
	name := p.src[lo:hi]
	for j := 0; j < p.nnames; j++ {
		g := p.name(j)
		if reNamesEqual(p.src[g.name[0]:g.name[1]], name) && !reSeparated(p.src, g.open, open) {
			return false
		}
	}
	if p.nnames < len(p.names) {
		p.names[p.nnames] = reGroup{open, [2]int{lo, hi}}
	} else {
		p.moreNames = append(p.moreNames, reGroup{open, [2]int{lo, hi}})
	}
	p.nnames++
	return true
}

// reSeparated reports whether the groups opening at a < b lie in different
// alternatives of their innermost common disjunction: a "|" at the lowest
// nesting depth reached between them.
func reSeparated(src string, a, b int) bool {
	depth, inClass := 0, false
	minDepth, bar := 0, false
	for i := 0; i < b; i++ {
		c := src[i]
		switch {
		case c == '\\':
			i++
			continue
		case inClass:
			if c == ']' {
				inClass = false
			}
			continue
		case c == '[':
			inClass = true
		case c == '(':
			if i == a {
				minDepth, bar = depth, false
			}
			depth++
		case c == ')':
			depth--
			if i > a && depth < minDepth {
				minDepth, bar = depth, false
			}
		case c == '|':
			if i > a && depth == minDepth {
				bar = true
			}
		}
	}
	return bar
}

// groupName reads RegExpIdentifierName ">" after "<".
func (p *reParser) groupName() bool {
	first := true
	for {
		if p.eat('>') {
			return !first
		}
		var r rune
		if p.eat('\\') {
			if !p.eat('u') {
				return false
			}
			var ok bool
			if r, ok = p.unicodeEscape(); !ok {
				return false
			}
		} else if p.more() {
			var n int
			r, n = utf8.DecodeRuneInString(p.src[p.i:])
			p.i += n
		} else {
			return false
		}
		if first && !isIDStart(r) || !first && !isIDPart(r) {
			return false
		}
		first = false
	}
}

func isIDStart(r rune) bool {
	if r == '$' || r == '_' {
		return true
	}
	return (unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start)) &&
		!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func isIDPart(r rune) bool {
	if r == '$' || r == 0x200C || r == 0x200D || isIDStart(r) {
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) &&
		!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

// reNamesEqual compares two group names as the code points they spell
// (an escape \u0061 is "a").
func reNamesEqual(a, b string) bool {
	if a == b {
		return true
	}
	pa, pb := reParser{src: a}, reParser{src: b}
	for pa.more() && pb.more() {
		if pa.nameRune() != pb.nameRune() {
			return false
		}
	}
	return !pa.more() && !pb.more()
}

// nameRune reads one code point of a group name already checked.
func (p *reParser) nameRune() rune {
	if p.eat('\\') {
		p.i++ // 'u'
		r, _ := p.unicodeEscape()
		return r
	}
	r, n := utf8.DecodeRuneInString(p.src[p.i:])
	p.i += n
	return r
}

// unicodeEscape reads RegExpUnicodeEscapeSequence[+UnicodeMode] after "\u":
// four hex digits (a lead surrogate may be followed by "\u" and a trail
// surrogate, which together are one code point) or "{" CodePoint "}".
func (p *reParser) unicodeEscape() (rune, bool) {
	if p.eat('{') {
		v, n := rune(0), 0
		for p.more() && isHex(p.peek()) {
			v = v*16 + rune(hexVal[p.peek()])
			if v > unicode.MaxRune {
				return 0, false
			}
			p.i++
			n++
		}
		return v, n > 0 && p.eat('}')
	}
	v, ok := p.hex4()
	if !ok {
		return 0, false
	}
	if v >= 0xD800 && v <= 0xDBFF && p.i+6 <= len(p.src) && p.src[p.i] == '\\' && p.src[p.i+1] == 'u' {
		save := p.i
		p.i += 2
		if t, ok := p.hex4(); ok && t >= 0xDC00 && t <= 0xDFFF {
			return (v-0xD800)<<10 + (t - 0xDC00) + 0x10000, true
		}
		p.i = save
	}
	return v, true
}

func (p *reParser) hex4() (rune, bool) {
	if p.i+4 > len(p.src) {
		return 0, false
	}
	v := rune(0)
	for k := 0; k < 4; k++ {
		c := p.src[p.i+k]
		if !isHex(c) {
			return 0, false
		}
		v = v*16 + rune(hexVal[c])
	}
	p.i += 4
	return v, true
}

// atomEscape reads AtomEscape after "\" (outside a class).
func (p *reParser) atomEscape() bool {
	if !p.more() {
		return false
	}
	c := p.peek()
	switch {
	case c >= '1' && c <= '9': // DecimalEscape: a back-reference
		n := 0
		for p.more() && isDigit(p.peek()) {
			if n < 1<<20 {
				n = n*10 + int(p.peek()-'0')
			}
			p.i++
		}
		p.maxBackref = max(p.maxBackref, n)
		return true
	case c == 'k':
		p.i++
		if !p.eat('<') {
			return false
		}
		start := p.i
		if !p.groupName() {
			return false
		}
		if p.nrefs < len(p.refs) {
			p.refs[p.nrefs] = [2]int{start, p.i - 1}
		} else {
			p.moreRefs = append(p.moreRefs, [2]int{start, p.i - 1})
		}
		p.nrefs++
		return true
	}
	_, ok := p.classEscape(false)
	return ok
}

// classEscape reads CharacterClassEscape or CharacterEscape after "\" (and
// in a class also "b" and "-"); single reports whether it stands for one
// code point, and r is that code point.
func (p *reParser) classEscape(inClass bool) (r rune, ok bool) {
	c := p.peek()
	p.i++
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return -1, true
	case 'p', 'P':
		return -1, p.property()
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case 'c':
		if p.more() && isAlpha(p.peek()) {
			r := rune(p.peek() % 32)
			p.i++
			return r, true
		}
		return 0, false
	case '0':
		return 0, !(p.more() && isDigit(p.peek()))
	case 'x':
		if p.i+2 <= len(p.src) && isHex(p.src[p.i]) && isHex(p.src[p.i+1]) {
			r := rune(hexVal[p.src[p.i]])*16 + rune(hexVal[p.src[p.i+1]])
			p.i += 2
			return r, true
		}
		return 0, false
	case 'u':
		return p.unicodeEscape()
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/': // IdentityEscape[+UnicodeMode]
		return rune(c), true
	case 'b':
		return '\b', inClass
	case '-':
		return '-', inClass
	}
	return 0, false
}

// property reads "{" UnicodePropertyValueExpression "}" after \p or \P.
func (p *reParser) property() bool {
	if !p.eat('{') {
		return false
	}
	start, eq := p.i, -1
	for p.more() && p.peek() != '}' {
		c := p.peek()
		if c == '=' && eq < 0 {
			eq = p.i
		} else if !isAlpha(c) && !isDigit(c) && c != '_' {
			return false
		}
		p.i++
	}
	if !p.eat('}') {
		return false
	}
	expr := p.src[start : p.i-1]
	if eq < 0 {
		return inSorted(ecmaGeneralCategories[:], expr) || inSorted(ecmaBinaryProperties[:], expr)
	}
	name, value := p.src[start:eq], p.src[eq+1:p.i-1]
	switch name {
	case "General_Category", "gc":
		return inSorted(ecmaGeneralCategories[:], value)
	case "Script", "sc", "Script_Extensions", "scx":
		return inSorted(ecmaScripts[:], value)
	}
	return false
}

// inSorted reports whether s is in the sorted list.
func inSorted(list []string, s string) bool {
	lo, hi := 0, len(list)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if list[m] < s {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(list) && list[lo] == s
}

// ecmaBinaryProperties are the binary property names and aliases of
// ECMA-262's table of binary Unicode properties, sorted.
var ecmaBinaryProperties = [...]string{
	"AHex", "ASCII", "ASCII_Hex_Digit", "Alpha", "Alphabetic", "Any", "Assigned", "Bidi_C",
	"Bidi_Control", "Bidi_M", "Bidi_Mirrored", "CI", "CWCF", "CWCM", "CWKCF", "CWL", "CWT",
	"CWU", "Case_Ignorable", "Cased", "Changes_When_Casefolded", "Changes_When_Casemapped",
	"Changes_When_Lowercased", "Changes_When_NFKC_Casefolded", "Changes_When_Titlecased",
	"Changes_When_Uppercased", "DI", "Dash", "Default_Ignorable_Code_Point", "Dep",
	"Deprecated", "Dia", "Diacritic", "EBase", "EComp", "EMod", "EPres", "Emoji",
	"Emoji_Component", "Emoji_Modifier", "Emoji_Modifier_Base", "Emoji_Presentation", "Ext",
	"ExtPict", "Extended_Pictographic", "Extender", "Gr_Base", "Gr_Ext", "Grapheme_Base",
	"Grapheme_Extend", "Hex", "Hex_Digit", "IDC", "IDS", "IDSB", "IDST",
	"IDS_Binary_Operator", "IDS_Trinary_Operator", "ID_Continue", "ID_Start", "Ideo",
	"Ideographic", "Join_C", "Join_Control", "LOE", "Logical_Order_Exception", "Lower",
	"Lowercase", "Math", "NChar", "Noncharacter_Code_Point", "Pat_Syn", "Pat_WS",
	"Pattern_Syntax", "Pattern_White_Space", "QMark", "Quotation_Mark", "RI", "Radical",
	"Regional_Indicator", "SD", "STerm", "Sentence_Terminal", "Soft_Dotted", "Term",
	"Terminal_Punctuation", "UIdeo", "Unified_Ideograph", "Upper", "Uppercase", "VS",
	"Variation_Selector", "White_Space", "XIDC", "XIDS", "XID_Continue", "XID_Start",
	"space",
}

// class reads a CharacterClass at "[" (ClassContents[~UnicodeSetsMode]:
// atoms and ranges; a range's ends are single code points in order).
func (p *reParser) class() bool {
	p.i++
	p.eat('^')
	for {
		if !p.more() {
			return false
		}
		if p.eat(']') {
			return true
		}
		lo, ok := p.classAtom()
		if !ok {
			return false
		}
		if p.peek() != '-' || p.i+1 >= len(p.src) || p.src[p.i+1] == ']' {
			continue // no range: "-" is then an atom of its own (or the last one)
		}
		p.i++ // '-'
		hi, ok := p.classAtom()
		if !ok || lo < 0 || hi < 0 || hi < lo {
			return false
		}
	}
}

// classAtom reads one ClassAtom; r is -1 for a class escape (\d, \p{...}).
func (p *reParser) classAtom() (r rune, ok bool) {
	c := p.peek()
	if c == '\\' {
		p.i++
		if !p.more() {
			return 0, false
		}
		return p.classEscape(true)
	}
	if c < utf8.RuneSelf {
		p.i++
		return rune(c), true
	}
	r, n := utf8.DecodeRuneInString(p.src[p.i:])
	p.i += n
	return r, true
}
