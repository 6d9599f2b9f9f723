package rt

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// str reads a string.
func (d *stitchDecoder) str() (string, bool) {
	if c := d.cur(); c != '"' && (c > ' ' || d.peek() != '"') {
		d.want("string")
		return "", false
	}
	return d.strValue()
}

// strValue reads the string at d.pos (which is '"') as a Go string in one
// allocation, validating and unescaping in one pass: the text up to the
// first escape is copied as it is, then each escape is decoded as it is
// validated, into a buffer the size of the rest of the raw string. On any
// invalid byte it reads the string again with scanString, which records
// the issue.
func (d *stitchDecoder) strValue() (string, bool) {
	data := d.data
	start := d.pos + 1
	i := start
	var b strings.Builder
	run := start // the bytes data[run:i] are not written to b yet
	for {
		for i+8 <= len(data) {
			if m := stitchSpecial(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(data) && stitchPlain(data[i]) {
			i++
		}
		if i >= len(data) {
			break
		}
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			if b.Cap() == 0 {
				return d.sub(start, i), true
			}
			b.Write(data[run:i])
			return b.String(), true
		case c == '\\':
			r, n, _ := stitchEscape(data[i:])
			if n == 0 {
				return d.strSlow()
			}
			if b.Cap() == 0 {
				end := stitchStringEnd(data, i+n)
				if end < 0 {
					return d.strSlow()
				}
				b.Grow(end - start)
			}
			if run < i {
				b.Write(data[run:i])
			}
			switch {
			case r < 0x80:
				b.WriteByte(byte(r))
			case r < 0x800:
				b.WriteByte(0xc0 | byte(r>>6))
				b.WriteByte(0x80 | byte(r)&0x3f)
			case r < 0x10000: // never a surrogate: stitchEscape pairs or rejects them
				b.WriteByte(0xe0 | byte(r>>12))
				b.WriteByte(0x80 | byte(r>>6)&0x3f)
				b.WriteByte(0x80 | byte(r)&0x3f)
			default:
				b.WriteRune(r)
			}
			i += n
			run = i
		case c < 0x20:
			return d.strSlow()
		default:
			if c >= 0xc2 && c <= 0xdf && i+1 < len(data) && data[i+1]&0xc0 == 0x80 {
				i += 2 // a two-byte sequence
				continue
			}
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				return d.strSlow()
			}
			i += n
		}
	}
	return d.strSlow()
}

// strSlow reads the string at d.pos (which is '"') in two passes: it
// validates, recording the first problem, then unescapes.
func (d *stitchDecoder) strSlow() (string, bool) {
	raw, esc, ok := d.scanString()
	if !ok {
		return "", false
	}
	if !esc {
		return string(raw), true
	}
	return stitchUnescapeString(raw), true
}

// strView reads a string and returns its unescaped bytes, valid until
// the next read (in place when it has no escape).
func (d *stitchDecoder) strView() ([]byte, bool) {
	if c := d.cur(); c != '"' && (c > ' ' || d.peek() != '"') {
		d.want("string")
		return nil, false
	}
	return d.strBytes()
}

// boolean reads true or false; with coerce also "true" and "false".
func (d *stitchDecoder) boolean(coerce bool) (bool, bool) {
	switch d.peek() {
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case '"':
		if coerce {
			b, ok := d.strBytes()
			if !ok {
				return false, false
			}
			switch string(b) {
			case "true":
				return true, true
			case "false":
				return false, true
			}
			d.issue("type", "boolean", "expected boolean or its string form, got string "+stitchQuoteClip(b))
			return false, false
		}
	}
	d.want("boolean")
	return false, false
}

// number reads a number (or, with coerce, a string holding exactly a JSON
// number) and keeps its text in d.num.
func (d *stitchDecoder) number(expected string, coerce bool) bool {
	c := d.cur()
	if c <= ' ' {
		c = d.peek()
	}
	if c == '-' || (c >= '0' && c <= '9') {
		n, ok := d.scanNumber()
		d.num = n
		return ok
	}
	if c == '"' && coerce {
		b, ok := d.strBytes()
		if !ok {
			return false
		}
		if !stitchIsNumber(b) {
			d.issue("type", expected, "expected "+expected+" or its string form, got string "+stitchQuoteClip(b))
			return false
		}
		d.num = b
		return true
	}
	d.want(expected)
	return false
}

// int reads an integer within [lo, hi] (the Go type's range).
func (d *stitchDecoder) int(lo, hi int64, coerce bool) (int64, bool) {
	if !d.number("integer", coerce) {
		return 0, false
	}
	mag, neg, integral, over := stitchIntOf(d.num)
	if !integral {
		d.issue("type", "integer", "expected integer, got "+stitchClip(d.num))
		return 0, false
	}
	var v int64
	switch {
	case over || (!neg && mag > uint64(hi)) || (neg && mag > uint64(-(lo+1))+1):
		d.rangeIssue(strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10))
		return 0, false
	case neg:
		v = -int64(mag-1) - 1
		if mag == 0 {
			v = 0
		}
	default:
		v = int64(mag)
	}
	return v, true
}

// uint reads an unsigned integer not above hi.
func (d *stitchDecoder) uint(hi uint64, coerce bool) (uint64, bool) {
	if !d.number("integer", coerce) {
		return 0, false
	}
	mag, neg, integral, over := stitchIntOf(d.num)
	if !integral {
		d.issue("type", "integer", "expected integer, got "+stitchClip(d.num))
		return 0, false
	}
	if over || mag > hi || (neg && mag != 0) {
		d.rangeIssue("0", strconv.FormatUint(hi, 10))
		return 0, false
	}
	return mag, true
}

func (d *stitchDecoder) rangeIssue(lo, hi string) {
	d.issue("range", lo+".."+hi, "integer "+stitchClip(d.num)+" is out of range "+lo+".."+hi)
}

// float reads a number as a float of the given bits.
func (d *stitchDecoder) float(bits int, coerce bool) (float64, bool) {
	if !d.number("number", coerce) {
		return 0, false
	}
	if bits == 64 {
		if f, ok := stitchFastFloat(d.num); ok {
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.num), bits)
	if err != nil {
		d.issue("range", "float"+strconv.Itoa(bits), "number "+stitchClip(d.num)+" is out of the float"+strconv.Itoa(bits)+" range")
		return 0, false
	}
	return f, true
}

// bytes reads a standard (padded) base64 string.
func (d *stitchDecoder) bytes() ([]byte, bool) {
	if d.peek() != '"' {
		d.want("string")
		return nil, false
	}
	b, ok := d.strBytes()
	if !ok {
		return nil, false
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(b)))
	n, err := base64.StdEncoding.Decode(out, b)
	if err != nil {
		d.issue("format", "base64", "not a valid base64 string: "+err.Error())
		return nil, false
	}
	return out[:n], true
}

// time reads an RFC 3339 date-time. RFC 3339 (§5.6) allows a lowercase
// "t" and "z", which time.Parse does not: they are upper-cased first.
func (d *stitchDecoder) time() (time.Time, bool) {
	s, ok := d.str()
	if !ok {
		return time.Time{}, false
	}
	p := s
	if strings.ContainsAny(s, "tz") {
		p = strings.ToUpper(s)
	}
	t, err := time.Parse(time.RFC3339Nano, p)
	if err != nil || !stitchFormatDateTime(s) {
		d.issue("format", "date-time", "not an RFC 3339 date-time: "+stitchQuoteClip(s))
		return time.Time{}, false
	}
	return t, true
}

// rawMessage reads any value and returns a copy of its exact bytes.
func (d *stitchDecoder) rawMessage() (json.RawMessage, bool) {
	b, ok := d.raw()
	if !ok {
		return nil, false
	}
	return append(json.RawMessage(nil), b...), true
}

// anyValue reads a free-form value: map[string]any, []any, json.Number,
// string, bool or nil. Recursion is bounded by the depth limit.
func (d *stitchDecoder) anyValue() (any, bool) {
	switch c := d.peek(); c {
	case '{':
		return d.anyObject()
	case '[':
		return d.anyArray()
	case '"':
		return d.str()
	case 't', 'f':
		return d.boolean(false)
	case 'n':
		return nil, d.literal("null")
	case 0:
		d.syntax("unexpected end of input")
		return nil, false
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			n, ok := d.scanNumber()
			return json.Number(n), ok
		}
		d.syntax("unexpected character " + stitchQuoteByte(c))
		return nil, false
	}
}

func (d *stitchDecoder) anyObject() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	m := map[string]any{}
	ok := true
	for k, more := d.objNext(); more; k, more = d.objNext() {
		if _, dup := m[string(k)]; dup {
			d.dup(k)
			ok = false
			continue
		}
		d.push(k)
		v, vok := d.anyValue()
		d.pop()
		m[string(k)] = v
		ok = ok && vok
	}
	return m, ok && !d.fatal
}

func (d *stitchDecoder) anyArray() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	a := []any{}
	ok := true
	for i := 0; d.arrNext(); i++ {
		d.pushIdx(i)
		v, vok := d.anyValue()
		d.pop()
		a = append(a, v)
		ok = ok && vok
	}
	return a, ok && !d.fatal
}

// beginRepair implements JSON-string repair (SPEC §4.12) where an object,
// array or union is expected: when repair is on and a string holding
// exactly one JSON value arrives, the decoder switches to that value and
// endRepair switches back. A string that is not JSON is left in place, so
// the caller reports it as a type error.
func (d *stitchDecoder) beginRepair() (stitchRepair, bool) {
	if !d.repair || d.peek() != '"' {
		return stitchRepair{}, false
	}
	start := d.pos
	b, ok := d.strBytes()
	if !ok {
		return stitchRepair{}, false
	}
	saved := stitchRepair{data: d.data, text: d.text, pos: d.pos}
	inner := &stitchDecoder{data: append([]byte(nil), b...), maxDepth: d.maxDepth - d.depth}
	inner.path = inner.pathBuf[:0]
	inner.skipValue(false) // only its syntax: the caller decodes it
	if inner.fatal || inner.peek() != 0 {
		d.pos = start
		return stitchRepair{}, false
	}
	d.repaired = append(d.repaired, d.pointer(nil, false))
	d.data, d.text, d.pos = inner.data, "", 0
	return saved, true
}

// A stitchRepair is the position a repair returns to.
type stitchRepair struct {
	data []byte
	text string
	pos  int
}

// endRepair returns to the document after a repaired string.
func (d *stitchDecoder) endRepair(r stitchRepair) {
	d.data, d.text, d.pos = r.data, r.text, r.pos
}
