package stitchrt

import (
	"unicode"
	"unicode/utf8"
)

// FormatHostname checks an RFC 1123 host name (§2.1, on RFC 952): dot-
// separated labels of ASCII letters, digits and hyphens, 1–63 octets each,
// neither starting nor ending with a hyphen, at most 253 octets in all (the
// 255 octets of a name on the wire, less its first length and its root).
// A label starting with "xn--" (either case) is an IDNA A-label and must
// be one (RFC 5890 §2.3.2.1, RFC 5891 §5): see aLabel.
//
// A trailing dot (the root) is refused: the suite reads a host name as
// written in a URI, not as a DNS zone-file name. Other labels with "--" in
// positions 3–4 (RFC 5890's reserved R-LDH labels that are not A-labels)
// are allowed: RFC 1123 allows them and IDNA2008 only reserves them.
func FormatHostname(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	start, idn := 0, false
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			c := s[i]
			if !isAlpha(c) && !isDigit(c) && c != '-' {
				return false
			}
			continue
		}
		l := s[start:i]
		if len(l) == 0 || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		if isALabel(l) {
			if !aLabel(l[4:]) {
				return false
			}
			idn = true
		}
		start = i + 1
	}
	return !idn || bidiName(s)
}

// isALabel reports whether LDH label l starts with the ACE prefix "xn--".
func isALabel(l string) bool {
	return len(l) >= 4 && l[2] == '-' && l[3] == '-' && (l[0]|0x20) == 'x' && (l[1]|0x20) == 'n'
}

// maxULabel bounds the code points of a U-label: an A-label has at most 59
// octets after "xn--", and each code point costs at least one.
const maxULabel = 59

// aLabel checks the Punycode part of an A-label: it must decode (RFC 3492)
// to a U-label that encodes back to the same A-label (case aside), holds a
// non-ASCII code point, and passes RFC 5891 §5.4's tests — hyphens (§4.2.3.1),
// no leading combining mark (§4.2.3.2), every code point PVALID or a
// CONTEXTJ/CONTEXTO one whose rule holds (§4.2.3.3, RFC 5892 Appendix A).
// The bidi rule (§4.2.3.4, RFC 5893) is a rule of the whole name: see
// FormatHostname. Not checked: that the U-label is in NFC (§5.4 asks a
// lookup application to check; it needs Unicode's composition data, which
// package unicode does not have; a label out of NFC can only combine
// PVALID code points).
func aLabel(p string) bool {
	var buf [maxULabel]rune
	u, ok := punyDecode(p, buf[:0])
	if !ok || len(u) == 0 {
		return false
	}
	ascii := true
	for _, r := range u {
		if r >= utf8.RuneSelf {
			ascii = false
		}
	}
	if ascii || !punyEncodes(u, p) {
		return false
	}
	if u[0] == '-' || u[len(u)-1] == '-' || (len(u) >= 4 && u[2] == '-' && u[3] == '-') {
		return false
	}
	if unicode.Is(unicode.M, u[0]) {
		return false
	}
	for i, r := range u {
		if !idnaAllowed(u, i, r) {
			return false
		}
	}
	return true
}

// idnaAllowed reports whether code point r at u[i] may stand there: PVALID
// (RFC 5892 §3 with the exceptions of §2.6), or CONTEXTJ/CONTEXTO with its
// rule of Appendix A true.
func idnaAllowed(u []rune, i int, r rune) bool {
	before := func() rune {
		if i == 0 {
			return -1
		}
		return u[i-1]
	}
	after := func() rune {
		if i+1 == len(u) {
			return -1
		}
		return u[i+1]
	}
	switch r {
	case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: // PVALID by exception
		return true
	case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B: // DISALLOWED by exception
		return false
	case 0x200C: // ZERO WIDTH NON-JOINER (A.1)
		return before() >= 0 && unicode.Is(idnaVirama, before()) || zwnjJoins(u, i)
	case 0x200D: // ZERO WIDTH JOINER (A.2)
		return before() >= 0 && unicode.Is(idnaVirama, before())
	case 0x00B7: // MIDDLE DOT (A.3)
		return before() == 'l' && after() == 'l'
	case 0x0375: // GREEK LOWER NUMERAL SIGN, KERAIA (A.4)
		return after() >= 0 && unicode.Is(unicode.Greek, after())
	case 0x05F3, 0x05F4: // HEBREW PUNCTUATION GERESH, GERSHAYIM (A.5, A.6)
		return before() >= 0 && unicode.Is(unicode.Hebrew, before())
	case 0x30FB: // KATAKANA MIDDLE DOT (A.7)
		for _, c := range u {
			if unicode.In(c, unicode.Hiragana, unicode.Katakana, unicode.Han) {
				return true
			}
		}
		return false
	}
	switch {
	case r >= 0x0660 && r <= 0x0669: // ARABIC-INDIC DIGITS (A.8)
		return !hasRuneIn(u, 0x06F0, 0x06F9)
	case r >= 0x06F0 && r <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS (A.9)
		return !hasRuneIn(u, 0x0660, 0x0669)
	}
	return unicode.Is(idnaPValid, r)
}

func hasRuneIn(u []rune, lo, hi rune) bool {
	for _, r := range u {
		if r >= lo && r <= hi {
			return true
		}
	}
	return false
}

// zwnjJoins is A.1's second test: (Joining_Type:{L,D})(Joining_Type:T)*
// before the ZWNJ at u[i], (Joining_Type:T)*(Joining_Type:{R,D}) after it.
func zwnjJoins(u []rune, i int) bool {
	j := i - 1
	for j >= 0 && unicode.Is(joiningT, u[j]) {
		j--
	}
	if j < 0 || !unicode.In(u[j], joiningL, joiningD) {
		return false
	}
	k := i + 1
	for k < len(u) && unicode.Is(joiningT, u[k]) {
		k++
	}
	return k < len(u) && unicode.In(u[k], joiningR, joiningD)
}

// Punycode's parameters (RFC 3492 §5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

func punyAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

func punyDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c-'0') + 26
	case c >= 'a' && c <= 'z':
		return int(c - 'a')
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	}
	return -1
}

func punyThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return punyTMin
	case k >= bias+punyTMax:
		return punyTMax
	}
	return k - bias
}

// punyDecode decodes Punycode (RFC 3492 §6.2) into out, which it does not
// grow beyond its capacity (a longer output fails). The input is ASCII.
func punyDecode(s string, out []rune) ([]rune, bool) {
	n, bias, i := punyInitialN, punyInitialBias, 0
	basic := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == '-' {
			basic = j
			break
		}
	}
	if basic > cap(out) {
		return nil, false
	}
	for j := 0; j < basic; j++ {
		out = append(out, rune(s[j]))
	}
	in := 0
	if basic > 0 {
		in = basic + 1
	}
	for in < len(s) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if in == len(s) {
				return nil, false
			}
			d := punyDigit(s[in])
			in++
			if d < 0 || d > (punyLimit-i)/w {
				return nil, false
			}
			i += d * w
			t := punyThreshold(k, bias)
			if d < t {
				break
			}
			if w > punyLimit/(punyBase-t) {
				return nil, false
			}
			w *= punyBase - t
		}
		if len(out) == cap(out) {
			return nil, false
		}
		bias = punyAdapt(i-oldi, len(out)+1, oldi == 0)
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > maxRune || n >= 0xD800 && n <= 0xDFFF {
			return nil, false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, true
}

const maxRune = unicode.MaxRune

// punyLimit bounds the decoder's state i, which counts insertion points
// over all code points up to the current one: above it the output would
// need a code point beyond U+10FFFF or a label longer than maxULabel. It
// fits an int of 32 bits.
const punyLimit = (maxRune + 1) * (maxULabel + 1)

// punyEncodes reports whether encoding u (RFC 3492 §6.3) gives p, with
// ASCII letters compared without case: the A-label is the canonical
// encoding of its U-label (RFC 5891 §5.4's round trip).
func punyEncodes(u []rune, p string) bool {
	o := 0 // bytes of p matched so far
	put := func(c byte) bool {
		if o == len(p) || c|0x20 != p[o]|0x20 && c != p[o] {
			return false
		}
		o++
		return true
	}
	basic := 0
	for _, r := range u {
		if r < punyInitialN {
			if !put(byte(r)) {
				return false
			}
			basic++
		}
	}
	if basic > 0 && !put('-') {
		return false
	}
	n, delta, bias, h := punyInitialN, 0, punyInitialBias, basic
	for h < len(u) {
		m := int(maxRune) + 1
		for _, r := range u {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range u {
			if int(r) < n {
				delta++
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := punyBase; ; k += punyBase {
				t := punyThreshold(k, bias)
				if q < t {
					break
				}
				if !put(punyChar(t + (q-t)%(punyBase-t))) {
					return false
				}
				q = (q - t) / (punyBase - t)
			}
			if !put(punyChar(q)) {
				return false
			}
			bias = punyAdapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return o == len(p)
}

func punyChar(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// bidiName applies the bidi rule of RFC 5893 to host name s (already
// checked label by label): when one of its labels holds a right-to-left
// code point (class R, AL or AN; only A-labels can), it is a "Bidi domain
// name" (§1.4) and each label must satisfy §2 (an LDH label is
// left-to-right).
func bidiName(s string) bool {
	rtl := false
	for pass := 0; pass < 2; pass++ {
		start := 0
		for i := 0; i <= len(s); i++ {
			if i < len(s) && s[i] != '.' {
				continue
			}
			l := s[start:i]
			start = i + 1
			var buf [maxULabel + 4]rune
			u := buf[:0]
			if isALabel(l) {
				u, _ = punyDecode(l[4:], buf[:0:maxULabel])
			} else {
				for j := 0; j < len(l) && j < len(buf); j++ {
					u = append(u, rune(l[j]))
				}
			}
			if pass == 0 {
				for _, r := range u {
					if unicode.In(r, bidiRAL, bidiAN) {
						rtl = true
					}
				}
			} else if !bidiLabel(u) {
				return false
			}
		}
		if !rtl {
			return true
		}
	}
	return true
}

// bidiLabel is the bidi rule of RFC 5893 §2 for one label. A code point in
// none of the bidi tables is of class L (unicodegen checks that no other
// class occurs in a U-label).
func bidiLabel(u []rune) bool {
	if len(u) == 0 {
		return true
	}
	isL := func(r rune) bool {
		return !unicode.In(r, bidiRAL, bidiAN, bidiEN, bidiNeutral, bidiNSM)
	}
	last := len(u) - 1
	for last > 0 && unicode.Is(bidiNSM, u[last]) {
		last--
	}
	switch {
	case unicode.Is(bidiRAL, u[0]): // right-to-left: rules 2–4
		en, an := false, false
		for _, r := range u {
			if isL(r) {
				return false
			}
			en = en || unicode.Is(bidiEN, r)
			an = an || unicode.Is(bidiAN, r)
		}
		return !(en && an) && unicode.In(u[last], bidiRAL, bidiEN, bidiAN)
	case isL(u[0]): // left-to-right: rules 5–6
		for _, r := range u {
			if unicode.In(r, bidiRAL, bidiAN) {
				return false
			}
		}
		return isL(u[last]) || unicode.Is(bidiEN, u[last])
	}
	return false // rule 1
}

// FormatEmail checks an RFC 5321 §4.1.2 Mailbox, as JSON Schema reads
// "email":
//
//	Mailbox      = Local-part "@" ( Domain / address-literal )
//	Local-part   = Dot-string / Quoted-string
//	Dot-string   = Atom *("." Atom)           Atom = 1*atext
//	Quoted-string = DQUOTE *( qtextSMTP / "\" %d32-126 ) DQUOTE
//	address-literal = "[" ( IPv4-address-literal / "IPv6:" IPv6-addr ) "]"
//
// with the domain a host name (FormatHostname), the local part at most 64
// octets and the whole at most 254 (§4.5.3.1: a path is 256 octets with
// its angle brackets). A General-address-literal ("[tag:...]") is refused:
// no tag besides IPv6 is standardized.
func FormatEmail(s string) bool {
	if len(s) > 254 || len(s) == 0 {
		return false
	}
	i := 0
	if s[0] == '"' {
		for i = 1; i < len(s) && s[i] != '"'; i++ {
			c := s[i]
			if c == '\\' {
				i++
				if i == len(s) || s[i] < 32 || s[i] > 126 {
					return false
				}
				continue
			}
			if c < 32 || c > 126 {
				return false
			}
		}
		if i == len(s) {
			return false
		}
		i++ // closing quote
	} else {
		for ; i < len(s) && s[i] != '@'; i++ {
			c := s[i]
			if c == '.' {
				if i == 0 || s[i-1] == '.' || i+1 == len(s) || s[i+1] == '@' {
					return false
				}
				continue
			}
			if !isAtext(c) {
				return false
			}
		}
		if i == 0 {
			return false
		}
	}
	if i > 64 || i == len(s) || s[i] != '@' {
		return false
	}
	domain := s[i+1:]
	if len(domain) > 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if len(lit) > 5 && lit[:5] == "IPv6:" {
			return FormatIPv6(lit[5:])
		}
		return FormatIPv4(lit)
	}
	return FormatHostname(domain)
}

// isAtext is RFC 5322's atext: ALPHA / DIGIT / one of !#$%&'*+-/=?^_`{|}~.
func isAtext(c byte) bool {
	if isAlpha(c) || isDigit(c) {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '/', '=', '?', '^', '_', '`', '{', '|', '}', '~':
		return true
	}
	return false
}
