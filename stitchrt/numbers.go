package stitchrt

import (
	"math"
	"math/big"
	"math/bits"
)

// bytesOrString is the text of a JSON number: a literal from the generator
// or a token of the input.
type bytesOrString interface{ ~string | ~[]byte }

// A decimal is a JSON number literal split into its parts: the value is
// neg × 0.d1d2…dn × 10^exp, where the digits d are the integer digits
// followed by the fraction digits of s with leading zeros skipped.
type decimal[T bytesOrString] struct {
	s            T
	neg          bool
	intS, intE   int // integer digits s[intS:intE]
	fracS, fracE int // fraction digits s[fracS:fracE]
	lead         int // leading zero digits
	n            int // digit count after lead, trailing zeros included
	exp          int64
}

// parseDecimal splits a valid JSON number literal. Exponents saturate at
// ±2^40, far beyond any value a comparison could distinguish.
func parseDecimal[T bytesOrString](s T) decimal[T] {
	x := decimal[T]{s: s}
	i := 0
	if i < len(s) && s[i] == '-' {
		x.neg = true
		i++
	}
	x.intS = i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	x.intE, x.fracS, x.fracE = i, i, i
	if i < len(s) && s[i] == '.' {
		i++
		x.fracS = i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		x.fracE = i
	}
	var e int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		for ; i < len(s); i++ {
			if e < 1<<40 {
				e = e*10 + int64(s[i]-'0')
			}
		}
		if eneg {
			e = -e
		}
	}
	total := x.intE - x.intS + x.fracE - x.fracS
	for x.lead < total && x.digit(x.lead) == '0' {
		x.lead++
	}
	x.n = total - x.lead
	x.exp = e + int64(x.intE-x.intS) - int64(x.lead)
	return x
}

// digit returns the k-th digit (integer digits, then fraction digits).
func (x *decimal[T]) digit(k int) byte {
	if k < x.intE-x.intS {
		return x.s[x.intS+k]
	}
	return x.s[x.fracS+k-(x.intE-x.intS)]
}

// sig returns the k-th significant digit, '0' past the end.
func (x *decimal[T]) sig(k int) byte {
	if k < x.n {
		return x.digit(x.lead + k)
	}
	return '0'
}

func (x *decimal[T]) zero() bool {
	for k := 0; k < x.n; k++ {
		if x.sig(k) != '0' {
			return false
		}
	}
	return true
}

// CmpDec compares two JSON number literals exactly: -1, 0 or 1.
func CmpDec[A, B bytesOrString](a A, b B) int {
	x, y := parseDecimal(a), parseDecimal(b)
	xz, yz := x.zero(), y.zero()
	switch {
	case xz && yz:
		return 0
	case xz:
		return sign(!y.neg)
	case yz:
		return sign(x.neg)
	case x.neg != y.neg:
		return sign(x.neg)
	}
	c := 0
	switch {
	case x.exp < y.exp:
		c = -1
	case x.exp > y.exp:
		c = 1
	default:
		for k := 0; k < x.n || k < y.n; k++ {
			if dx, dy := x.sig(k), y.sig(k); dx != dy {
				c = 1
				if dx < dy {
					c = -1
				}
				break
			}
		}
	}
	if x.neg {
		c = -c
	}
	return c
}

// sign is -1 when neg, else 1.
func sign(neg bool) int {
	if neg {
		return -1
	}
	return 1
}

// intOf returns the magnitude of an integral number literal, its
// sign, whether it is integral at all, and whether it overflows uint64.
func intOf(s []byte) (mag uint64, neg, integral, over bool) {
	// Fast path: at most 19 digits and no fraction or exponent cannot
	// overflow a uint64. The text is a valid JSON number already.
	t := s
	if len(t) > 0 && t[0] == '-' {
		neg, t = true, t[1:]
	}
	if len(t) > 0 && len(t) <= 19 {
		for _, c := range t {
			if c < '0' || c > '9' {
				goto slow
			}
			mag = mag*10 + uint64(c-'0')
		}
		return mag, neg, true, false
	}
slow:
	mag, neg = 0, false
	x := parseDecimal(s)
	if x.zero() {
		return 0, x.neg, true, false
	}
	n := x.n
	for n > 0 && x.sig(n-1) == '0' {
		n--
	}
	if int64(n) > x.exp {
		return 0, x.neg, false, false // digits after the decimal point
	}
	if x.exp > 20 {
		return 0, x.neg, true, true
	}
	for k := int64(0); k < x.exp; k++ {
		hi, lo := bits.Mul64(mag, 10)
		lo2, carry := bits.Add64(lo, uint64(x.sig(int(k))-'0'), 0)
		if hi != 0 || carry != 0 {
			return 0, x.neg, true, true
		}
		mag = lo2
	}
	return mag, x.neg, true, false
}

// isNumber reports whether b is exactly one JSON number.
func isNumber(b []byte) bool {
	d := Decoder{data: b}
	c := d.peek()
	if d.pos != 0 || !(c == '-' || (c >= '0' && c <= '9')) {
		return false
	}
	_, ok := d.scanNumber()
	return ok && d.pos == len(b)
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastFloat converts a number with at most 15 significant digits and
// a small exponent exactly (both operands are exact float64 values, so
// one division or multiplication rounds correctly); ok is false otherwise.
func fastFloat(s []byte) (float64, bool) {
	x := parseDecimal(s)
	if x.n > 15 {
		return 0, false
	}
	var m uint64
	for k := 0; k < x.n; k++ {
		m = m*10 + uint64(x.sig(k)-'0')
	}
	e := x.exp - int64(x.n) // value = m × 10^e
	f := float64(m)
	switch {
	case e == 0:
	case e > 0 && e <= 22:
		f *= pow10[e]
	case e < 0 && e >= -22:
		f /= pow10[-e]
	default:
		return 0, false
	}
	if x.neg {
		f = -f
	}
	if math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// isMultipleOf reports whether the number s is an integral multiple
// of the positive literal m, exactly. It works on residues, so a huge
// exponent in the input costs no huge integer.
func isMultipleOf(s []byte, m string) bool {
	x, y := parseDecimal(s), parseDecimal(m)
	if x.zero() {
		return true
	}
	xd, xe := digitsOf(&x)
	yd, ye := digitsOf(&y)
	// x = X × 10^xe, m = M × 10^ye, neither X nor M ends in 0: x/m is an
	// integer iff xe >= ye and M divides X × 10^(xe-ye).
	if xe < ye {
		return false
	}
	X, _ := new(big.Int).SetString(xd, 10)
	M, _ := new(big.Int).SetString(yd, 10)
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(xe-ye), M)
	X.Mul(X.Mod(X, M), p)
	return X.Mod(X, M).Sign() == 0
}

// digitsOf returns the significant digits without trailing zeros
// and the exponent e with value = digits × 10^e.
func digitsOf[T bytesOrString](x *decimal[T]) (string, int64) {
	n := x.n
	for n > 0 && x.sig(n-1) == '0' {
		n--
	}
	b := make([]byte, n)
	for k := range b {
		b[k] = x.sig(k)
	}
	return string(b), x.exp - int64(n)
}
