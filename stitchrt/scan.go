package stitchrt

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// ws skips JSON whitespace. The common case, a byte above ' ' (never
// whitespace), is decided inline.
func (d *Decoder) ws() {
	if d.pos < len(d.data) && d.data[d.pos] > ' ' {
		return
	}
	d.pos = skipWS(d.data, d.pos)
}

// peek skips whitespace and returns the next byte, 0 at the end.
func (d *Decoder) peek() byte {
	if d.pos < len(d.data) {
		if c := d.data[d.pos]; c > ' ' {
			return c
		}
	}
	return d.peekSlow()
}

// cur returns the byte at d.pos, 0 at the end. Hot callers write
// c := d.cur(); if c <= ' ' { c = d.peek() }: peek itself is over the
// inlining budget, and the next byte is rarely whitespace.
func (d *Decoder) cur() byte {
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

func (d *Decoder) peekSlow() byte {
	d.pos = skipWS(d.data, d.pos)
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

// enter opens a container at the current byte.
func (d *Decoder) enter() bool {
	d.depth++
	if d.depth > d.maxDepth {
		d.tooDeep()
		return false
	}
	d.pos++
	d.first = true
	return true
}

// ObjStart opens an object. A null is a "null" issue, anything else a
// "type" issue; both skip the value and return false.
func (d *Decoder) ObjStart() bool {
	c := d.cur()
	if c <= ' ' {
		c = d.peek()
	}
	if c == '{' {
		return d.enter()
	}
	d.want("object")
	return false
}

// ArrStart opens an array, like objStart.
func (d *Decoder) ArrStart() bool {
	c := d.cur()
	if c <= ' ' {
		c = d.peek()
	}
	if c == '[' {
		return d.enter()
	}
	d.want("array")
	return false
}

// ArrStartOf is ArrStart for an array of scalars: item names their JSON
// type (string, integer, number or boolean). A single item of that type
// where the array is expected gets an issue that shows it wrapped
// ("expected array of string, got string; to send one item, write
// ["Vegan"]").
func (d *Decoder) ArrStartOf(item string) bool {
	c := d.cur()
	if c <= ' ' {
		c = d.peek()
	}
	if c == '[' {
		return d.enter()
	}
	d.wantArrayOf(item)
	return false
}

// wantArrayOf is want for an array of item.
func (d *Decoder) wantArrayOf(item string) {
	c := d.peek()
	got := kindOf(c)
	if c == 0 || c == 'n' || d.quiet || d.fatal || len(d.issues) >= maxIssues {
		d.want("array of " + item)
		return
	}
	start := d.pos
	d.Skip()
	if d.fatal {
		return
	}
	msg := "expected array of " + item + ", got " + got
	if got == item || (got == "number" && item == "integer") {
		msg += "; to send one item, write [" + clip(d.data[start:d.pos]) + "]"
	}
	d.issue("type", "array of "+item, msg)
}

// ObjNext moves to the next member of the open object and returns its
// unescaped key (valid until the decode ends), or false at the end of the
// object or on a syntax error.
func (d *Decoder) ObjNext() ([]byte, bool) {
	if d.fatal {
		return nil, false
	}
	// The common cases without whitespace are decided here, as sep
	// would decide them: the first key right after '{', and ',' then a key.
	if d.pos < len(d.data) && d.data[d.pos] == '"' && d.first {
		d.first = false
	} else if d.pos+1 < len(d.data) && d.data[d.pos] == ',' && d.data[d.pos+1] == '"' && !d.first {
		d.pos++
	} else if !d.sep('}') {
		return nil, false
	}
	if c := d.cur(); c != '"' && (c > ' ' || d.peek() != '"') {
		d.syntax("expected a string key")
		return nil, false
	}
	// A plain key of up to 15 bytes is found here in one or two words
	// (every byte before the first special one is plain); scanString
	// reads the others.
	ks := d.pos + 1
	var k []byte
	esc, ok := false, false
	if data := d.data; ks+8 <= len(data) {
		if m := special(binary.LittleEndian.Uint64(data[ks:])); m != 0 {
			if j := ks + bits.TrailingZeros64(m)>>3; data[j] == '"' {
				k, ok, d.pos = data[ks:j], true, j+1
			}
		} else if ks+16 <= len(data) {
			if m := special(binary.LittleEndian.Uint64(data[ks+8:])); m != 0 {
				if j := ks + 8 + bits.TrailingZeros64(m)>>3; data[j] == '"' {
					k, ok, d.pos = data[ks:j], true, j+1
				}
			}
		}
	}
	if !ok {
		if k, esc, ok = d.scanString(); !ok {
			return nil, false
		}
	}
	if esc {
		k = unescape(nil, k)
		d.kseg = d.extSeg(k)
	} else {
		d.kseg = seg{ks, ks + len(k)}
	}
	if c := d.cur(); c != ':' && (c > ' ' || d.peek() != ':') {
		d.syntax("expected ':' after an object key")
		return nil, false
	}
	d.pos++
	return k, true
}

// ArrNext moves to the next item of the open array, or returns false at
// its end or on a syntax error.
func (d *Decoder) ArrNext() bool {
	if d.fatal {
		return false
	}
	// The common case, ',' then an item without whitespace, is decided
	// here, as sep would decide it.
	if i := d.pos; i+1 < len(d.data) && d.data[i] == ',' && d.data[i+1] > ' ' && d.data[i+1] != ']' && !d.first {
		d.pos++
		return true
	}
	return d.sep(']')
}

// sep consumes the separator before a member or the closing byte; it
// returns true when a member follows.
func (d *Decoder) sep(end byte) bool {
	c := d.cur()
	if c <= ' ' {
		c = d.peek()
	}
	if c == end {
		d.pos++
		d.depth--
		d.first = false
		return false
	}
	if d.first {
		d.first = false
		if c == 0 {
			d.syntax("unexpected end of input")
			return false
		}
		return true
	}
	if c != ',' {
		if c == 0 {
			d.syntax("unexpected end of input")
		} else {
			d.syntax("expected ',' or '" + string(end) + "'")
		}
		return false
	}
	d.pos++
	if c := d.cur(); c == end || (c <= ' ' && isEnd(d.peek(), end)) {
		d.syntax("expected a value after ','")
		return false
	}
	return true
}

// key reads an object key. Keys without escapes are returned in place;
// escaped keys are unescaped into a fresh slice, so a path segment stays
// valid.
func (d *Decoder) key() ([]byte, bool) {
	ks := d.pos + 1
	raw, esc, ok := d.scanString()
	if !ok {
		return nil, false
	}
	if !esc {
		d.kseg = seg{ks, ks + len(raw)}
		return raw, true
	}
	k := unescape(nil, raw)
	d.kseg = d.extSeg(k)
	return k, true
}

// strBytes reads a string and returns its unescaped bytes, valid until
// the next read.
func (d *Decoder) strBytes() ([]byte, bool) {
	raw, esc, ok := d.scanString()
	if !ok {
		return nil, false
	}
	if !esc {
		return raw, true
	}
	d.scratch = unescape(d.scratch[:0], raw)
	return d.scratch, true
}

// scanString validates the string at d.pos (which is '"') and returns its
// raw content and whether it contains escapes. Eight bytes are looked at
// per step (special); only a quote, a backslash, a control byte or a
// non-ASCII byte leaves the fast loop.
func (d *Decoder) scanString() (raw []byte, esc, ok bool) {
	start := d.pos + 1
	i := start
	data := d.data
	for {
		for i+8 <= len(data) {
			if m := special(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto stop // data[i] is not plain: no tail loop
			}
			i += 8
		}
		for i < len(data) && plain(data[i]) {
			i++
		}
		if i >= len(data) {
			break
		}
	stop:
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			return data[start:i], esc, true
		case c == '\\':
			esc = true
			n, msg := escapeLen(data[i:])
			if n == 0 {
				d.pos = i
				d.syntax(msg)
				return nil, false, false
			}
			i += n
		case c < 0x20:
			d.pos = i
			d.syntax("control character in a string")
			return nil, false, false
		default:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				d.pos = i
				d.syntax("invalid UTF-8 in a string")
				return nil, false, false
			}
			i += n
		}
	}
	d.pos = i
	d.syntax("unterminated string")
	return nil, false, false
}

// plain reports whether c is a string byte that needs no attention:
// ASCII, not a control byte, not '"' or '\\'.
func plain(c byte) bool {
	return c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\'
}

// special returns a mask whose lowest set bit is the high bit of the
// first byte of the little-endian word w that is not plain, or 0
// when every byte is plain. The classic "has zero byte" and "has byte
// less than" tricks can flag a byte above a true hit (a borrow), never
// below one, so the lowest flag is exact.
func special(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	return ((q-ones)&^q | (b-ones)&^b | (w - ones*0x20) | w) & highs
}

// escapeLen returns the length of the escape sequence at the start
// of b (which is '\\'), or 0 and the reason it is invalid. A \u escape of
// a high surrogate must be followed by one of a low surrogate.
func escapeLen(b []byte) (int, string) {
	_, n, msg := escape(b)
	return n, msg
}

// escape decodes the escape sequence at the start of b (which is
// '\\'): its code point and length, or 0 and the reason it is invalid.
func escape(b []byte) (rune, int, string) {
	if len(b) < 2 {
		return 0, 0, "unterminated escape"
	}
	switch b[1] {
	case '"', '\\', '/':
		return rune(b[1]), 2, ""
	case 'b':
		return '\b', 2, ""
	case 'f':
		return '\f', 2, ""
	case 'n':
		return '\n', 2, ""
	case 'r':
		return '\r', 2, ""
	case 't':
		return '\t', 2, ""
	case 'u':
	default:
		return 0, 0, "invalid escape"
	}
	r, ok := hex4(b[2:])
	if !ok {
		return 0, 0, "invalid \\u escape"
	}
	switch {
	case r >= 0xDC00 && r <= 0xDFFF:
		return 0, 0, "lone surrogate in \\u escape"
	case r >= 0xD800 && r <= 0xDBFF:
		if len(b) < 12 || b[6] != '\\' || b[7] != 'u' {
			return 0, 0, "lone surrogate in \\u escape"
		}
		r2, ok := hex4(b[8:])
		if !ok || r2 < 0xDC00 || r2 > 0xDFFF {
			return 0, 0, "lone surrogate in \\u escape"
		}
		return (r-0xD800)<<10 | (r2 - 0xDC00) + 0x10000, 12, ""
	}
	return r, 6, ""
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	h0, h1, h2, h3 := hexVal[b[0]], hexVal[b[1]], hexVal[b[2]], hexVal[b[3]]
	if (h0|h1|h2|h3)&0x80 != 0 {
		return 0, false
	}
	return rune(h0)<<12 | rune(h1)<<8 | rune(h2)<<4 | rune(h3), true
}

// hexVal maps a hex digit to its value and every other byte to 0xff.
var hexVal = func() (t [256]byte) {
	for i := range t {
		switch c := byte(i); {
		case c >= '0' && c <= '9':
			t[i] = c - '0'
		case c >= 'a' && c <= 'f':
			t[i] = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			t[i] = c - 'A' + 10
		default:
			t[i] = 0xff
		}
	}
	return t
}()

// unescape appends the unescaped form of a validated string body.
func unescape(dst, raw []byte) []byte {
	for {
		j := bytes.IndexByte(raw, '\\')
		if j < 0 {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:j]...)
		c, r, n := escapeAt(raw[j:])
		if n == 2 {
			dst = append(dst, c)
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		raw = raw[j+n:]
	}
}

// unescapeString returns the unescaped form of a validated string
// body in one allocation: the text is never longer than its escaped form.
func unescapeString(raw []byte) string {
	var b strings.Builder
	b.Grow(len(raw))
	for {
		// The runs between escapes are often short: look at a few bytes
		// before calling IndexByte.
		j := 0
		for j < len(raw) && j < 8 && raw[j] != '\\' {
			j++
		}
		if j == 8 {
			if k := bytes.IndexByte(raw[8:], '\\'); k < 0 {
				j = len(raw)
			} else {
				j += k
			}
		}
		b.Write(raw[:j])
		if j == len(raw) {
			return b.String()
		}
		c, r, n := escapeAt(raw[j:])
		switch {
		case n == 2:
			b.WriteByte(c)
		case r < 0x80:
			b.WriteByte(byte(r))
		case r < 0x800:
			b.WriteByte(0xc0 | byte(r>>6))
			b.WriteByte(0x80 | byte(r)&0x3f)
		default:
			b.WriteRune(r)
		}
		raw = raw[j+n:]
	}
}

// escapeAt decodes the validated escape at the start of raw: a
// two-byte escape as the byte c (n == 2), a \u escape (with its low
// surrogate, if any) as the code point r; n is the escape's length.
func escapeAt(raw []byte) (c byte, r rune, n int) {
	switch raw[1] {
	case 'b':
		return '\b', 0, 2
	case 'f':
		return '\f', 0, 2
	case 'n':
		return '\n', 0, 2
	case 'r':
		return '\r', 0, 2
	case 't':
		return '\t', 0, 2
	case 'u':
		r, _ = hex4(raw[2:])
		if r >= 0xD800 && r <= 0xDBFF {
			r2, _ := hex4(raw[8:])
			return 0, (r-0xD800)<<10 | (r2 - 0xDC00) + 0x10000, 12
		}
		return 0, r, 6
	}
	return raw[1], 0, 2 // '"', '\\', '/'
}

// scanNumber validates the number at d.pos and returns its text.
func (d *Decoder) scanNumber() ([]byte, bool) {
	data, start := d.data, d.pos
	i := start
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digits(data, i)
	default:
		d.pos = i
		d.syntax("invalid number")
		return nil, false
	}
	if i < len(data) && data[i] == '.' {
		j := digits(data, i+1)
		if j == i+1 {
			d.pos = j
			d.syntax("invalid number: no digit after '.'")
			return nil, false
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(data, i)
		if j == i {
			d.pos = j
			d.syntax("invalid number: no digit in the exponent")
			return nil, false
		}
		i = j
	}
	d.pos = i
	return data[start:i], true
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// literal consumes the literal word (true, false or null) at d.pos.
func (d *Decoder) literal(word string) bool {
	if len(d.data)-d.pos >= len(word) && string(d.data[d.pos:d.pos+len(word)]) == word {
		d.pos += len(word)
		return true
	}
	d.syntax("invalid literal")
	return false
}

// Null consumes a Null and reports whether there was one.
func (d *Decoder) Null() bool {
	if c := d.cur(); c == 'n' || (c <= ' ' && d.peek() == 'n') {
		return d.literal("null")
	}
	return false
}

// kindOf names the JSON kind that starts with c.
func kindOf(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// want records that the value at d.pos is not of the expected kind (a
// "null" issue for null, else "type") and skips it.
func (d *Decoder) want(expected string) {
	c := d.peek()
	if c == 0 {
		d.syntax("unexpected end of input")
		return
	}
	if c == 'n' {
		at := d.pos
		if d.literal("null") && !d.counted() {
			d.issue("null", expected, "null is not allowed here; expected "+expected+d.nullHint(at))
		}
		return
	}
	if !d.counted() {
		d.issue("type", expected, "expected "+expected+", got "+kindOf(c))
	}
	d.Skip()
}

// isEnd reports whether c, the byte after a ',', ends the container
// (end) or the input (0): no value follows.
func isEnd(c, end byte) bool { return c == end || c == 0 }
