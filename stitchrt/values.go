package stitchrt

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Str reads a string.
func (d *Decoder) Str() (string, bool) {
	if c := d.cur(); c != '"' && (c > ' ' || d.peek() != '"') {
		d.want("string")
		return "", false
	}
	return d.strValue()
}

// strValue reads the string at d.pos (which is '"') as a Go string,
// validating and unescaping in one pass. A string without escapes is a
// piece of the input (sub); at the first escape strEscaped takes over. On
// any invalid byte it reads the string again with scanString, which
// records the issue.
func (d *Decoder) strValue() (string, bool) {
	data := d.data
	start := d.pos + 1
	i := start
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
			return d.sub(start, i), true
		case c == '\\':
			return d.strEscaped(start, i)
		case c < 0x20:
			return d.strSlow()
		default:
			if c >= 0xc2 && c <= 0xdf && i+1 < len(data) && data[i+1]&0xc0 == 0x80 {
				i += 2 // a two-byte sequence
				continue
			}
			if c >= 0xe1 && c <= 0xef && c != 0xed && i+2 < len(data) && data[i+1]&0xc0 == 0x80 && data[i+2]&0xc0 == 0x80 {
				i += 3 // a three-byte sequence, neither overlong nor a surrogate
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

// strEscaped is strValue from the string's first escape, at data[i]
// (the string's text starts at data[start]): it decodes into the
// decoder's pooled buffer esc as it validates and returns one exactly
// sized copy, so an escaped string costs one allocation of its decoded
// length and no pre-scan for its end.
func (d *Decoder) strEscaped(start, i int) (string, bool) {
	data := d.data
	// The decoded text is at most as long as the rest of the input: when
	// that fits a chunk of the arena, it is decoded straight into the
	// arena's free part (which no string holds), and the arena then takes
	// it (keptEscaped); otherwise into esc, and keep copies it.
	var buf []byte
	if rest := len(data) - start; rest < arenaChunk {
		if cap(d.arena)-len(d.arena) < rest {
			d.arena = make([]byte, 0, rest)
		}
		buf = append(d.arena[len(d.arena):], data[start:i]...)
	} else {
		buf = append(d.esc[:0], data[start:i]...)
	}
	for {
		// data[i] is a backslash. \u escapes of the Basic Multilingual
		// Plane and the two-byte escapes are decoded here, the rest (a
		// surrogate pair, an invalid escape) by escape.
		n := 0
		if i+1 < len(data) {
			if e := data[i+1]; e == 'u' {
				if i+6 <= len(data) {
					if r, ok := hex4(data[i+2 : i+6]); ok && (r < 0xd800 || r > 0xdfff) {
						switch {
						case r < 0x80:
							buf = append(buf, byte(r))
						case r < 0x800:
							buf = append(buf, 0xc0|byte(r>>6), 0x80|byte(r)&0x3f)
						default:
							buf = append(buf, 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
						}
						n = 6
					}
				}
			} else if c := unescByte[e]; c != 0 {
				buf = append(buf, c)
				n = 2
			}
		}
		if n == 0 {
			r, m, _ := escape(data[i:])
			if m == 0 {
				return d.strSlow()
			}
			buf = utf8.AppendRune(buf, r)
			n = m
		}
		i += n
		run := i // data[run:i] is not in buf yet
	scan:
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
				return d.strSlow()
			}
		stop:
			switch c := data[i]; {
			case c == '"':
				buf = append(buf, data[run:i]...)
				d.pos = i + 1
				return d.keptEscaped(buf), true
			case c == '\\':
				if run < i {
					buf = append(buf, data[run:i]...)
				}
				break scan
			case c < 0x20:
				return d.strSlow()
			default:
				if c >= 0xc2 && c <= 0xdf && i+1 < len(data) && data[i+1]&0xc0 == 0x80 {
					i += 2 // a two-byte sequence
					continue
				}
				if c >= 0xe1 && c <= 0xef && c != 0xed && i+2 < len(data) && data[i+1]&0xc0 == 0x80 && data[i+2]&0xc0 == 0x80 {
					i += 3 // a three-byte sequence, neither overlong nor a surrogate
					continue
				}
				r, n := utf8.DecodeRune(data[i:])
				if r == utf8.RuneError && n <= 1 {
					return d.strSlow()
				}
				i += n
			}
		}
	}
}

// keptEscaped returns the decoded text of an escaped string as a string:
// when strEscaped decoded it into the arena's free part, the arena takes
// it; otherwise keep copies it from esc, which keeps the larger buffer.
func (d *Decoder) keptEscaped(buf []byte) string {
	if len(buf) > 0 && len(d.arena) < cap(d.arena) && &buf[0] == &d.arena[:len(d.arena)+1][len(d.arena)] {
		n := len(d.arena)
		d.arena = d.arena[:n+len(buf)]
		return unsafe.String(&d.arena[n], len(buf))
	}
	s := d.keep(buf)
	if cap(buf) > cap(d.esc) {
		d.esc = buf[:0]
	}
	return s
}

// strSlow reads the string at d.pos (which is '"') in two passes: it
// validates, recording the first problem, then unescapes.
func (d *Decoder) strSlow() (string, bool) {
	raw, esc, ok := d.scanString()
	if !ok {
		return "", false
	}
	if !esc {
		return string(raw), true
	}
	return unescapeString(raw), true
}

// unescByte maps the byte after a backslash of a two-byte escape to the
// byte it stands for, every other byte to 0.
var unescByte = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// StrView reads a string and returns its unescaped bytes, valid until
// the next read (in place when it has no escape).
func (d *Decoder) StrView() ([]byte, bool) {
	if c := d.cur(); c != '"' && (c > ' ' || d.peek() != '"') {
		d.want("string")
		return nil, false
	}
	return d.strBytes()
}

// Bool reads true or false; with coerce also "true" and "false".
func (d *Decoder) Bool(coerce bool) (bool, bool) {
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
				d.changedHere(coerced)
				return true, true
			case "false":
				d.changedHere(coerced)
				return false, true
			}
			d.issue("type", "boolean", "expected boolean or its string form, got string "+quoteClip(b))
			return false, false
		}
	}
	d.want("boolean")
	return false, false
}

// number reads a number (or, with coerce, a string holding exactly a JSON
// number) and keeps its text in d.num.
func (d *Decoder) number(expected string, coerce bool) bool {
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
		if !isNumber(b) {
			d.issue("type", expected, "expected "+expected+" or its string form, got string "+quoteClip(b))
			return false
		}
		d.num = b
		d.changedHere(coerced)
		return true
	}
	d.want(expected)
	return false
}

// plainUint reads the most common integer, up to 18 digits without a
// sign, at data[i] (no whitespace before it) and followed by a byte that
// cannot continue a JSON number: its value and the index after it. Any
// other text is not read (ok is false), and the general path reads it.
func plainUint(data []byte, i int) (v uint64, j int, ok bool) {
	j = i
	for j < len(data) && j-i < 18 && data[j]-'0' < 10 {
		v = v*10 + uint64(data[j]-'0')
		j++
	}
	if j == i || j >= len(data) || (data[i] == '0' && j > i+1) {
		return 0, 0, false
	}
	switch data[j] {
	case '.', 'e', 'E', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return 0, 0, false
	}
	return v, j, true
}

// Int reads an integer within [lo, hi] (the Go type's range).
func (d *Decoder) Int(lo, hi int64, coerce bool) (int64, bool) {
	var mag uint64
	var neg, integral, over bool
	if m, j, ok := plainUint(d.data, d.pos); ok {
		d.num, d.pos = d.data[d.pos:j], j
		mag, integral = m, true
	} else {
		if !d.number("integer", coerce) {
			return 0, false
		}
		mag, neg, integral, over = intOf(d.num)
	}
	if !integral {
		d.issue("type", "integer", "expected integer, got "+clip(d.num))
		return 0, false
	}
	var v int64
	switch {
	case over || (!neg && mag > uint64(hi)) || (neg && mag != 0 && (lo >= 0 || mag > uint64(-(lo+1))+1)) ||
		(lo > 0 && (neg || mag < uint64(lo))):
		// lo > 0 is a standard integer's meaningful range (time.Month 1..12).
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

// Uint reads an unsigned integer not above hi.
func (d *Decoder) Uint(hi uint64, coerce bool) (uint64, bool) {
	if !d.number("integer", coerce) {
		return 0, false
	}
	mag, neg, integral, over := intOf(d.num)
	if !integral {
		d.issue("type", "integer", "expected integer, got "+clip(d.num))
		return 0, false
	}
	if over || mag > hi || (neg && mag != 0) {
		d.rangeIssue("0", strconv.FormatUint(hi, 10))
		return 0, false
	}
	return mag, true
}

func (d *Decoder) rangeIssue(lo, hi string) {
	d.issue("range", lo+".."+hi, "integer "+clip(d.num)+" is out of range "+lo+".."+hi)
}

// Float reads a number as a Float of the given bits.
func (d *Decoder) Float(bits int, coerce bool) (float64, bool) {
	if !d.number("number", coerce) {
		return 0, false
	}
	if bits == 64 {
		if f, ok := fastFloat(d.num); ok {
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.num), bits)
	if err != nil {
		d.issue("range", "float"+strconv.Itoa(bits), "number "+clip(d.num)+" is out of the float"+strconv.Itoa(bits)+" range")
		return 0, false
	}
	return f, true
}

// Bytes reads a standard (padded) base64 string.
func (d *Decoder) Bytes() ([]byte, bool) {
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

// Time reads an RFC 3339 date-Time. RFC 3339 (§5.6) allows a lowercase
// "t" and "z", which Time.Parse does not: they are upper-cased first.
func (d *Decoder) Time() (time.Time, bool) {
	s, ok := d.Str()
	if !ok {
		return time.Time{}, false
	}
	p := s
	if strings.ContainsAny(s, "tz") {
		p = strings.ToUpper(s)
	}
	t, err := time.Parse(time.RFC3339Nano, p)
	if err != nil || !FormatDateTime(s) {
		d.issue("format", "date-time", "not an RFC 3339 date-time: "+quoteClip(s))
		return time.Time{}, false
	}
	return t, true
}

// RawMessage reads any value and returns a copy of its exact bytes.
func (d *Decoder) RawMessage() (json.RawMessage, bool) {
	b, ok := d.Raw()
	if !ok {
		return nil, false
	}
	return append(json.RawMessage(nil), b...), true
}

// Any reads a free-form value: map[string]any, []any, json.Number,
// string, bool or nil. Recursion is bounded by the depth limit.
func (d *Decoder) Any() (any, bool) {
	switch c := d.peek(); c {
	case '{':
		return d.anyObject()
	case '[':
		return d.anyArray()
	case '"':
		return d.Str()
	case 't', 'f':
		return d.Bool(false)
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
		d.syntax("unexpected character " + quoteByte(c))
		return nil, false
	}
}

func (d *Decoder) anyObject() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	m := map[string]any{}
	ok := true
	for k, more := d.ObjNext(); more; k, more = d.ObjNext() {
		if _, dup := m[string(k)]; dup {
			d.Dup(k)
			ok = false
			continue
		}
		d.Push(k)
		v, vok := d.Any()
		d.Pop()
		m[string(k)] = v
		ok = ok && vok
	}
	return m, ok && !d.fatal
}

func (d *Decoder) anyArray() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	a := []any{}
	ok := true
	for i := 0; d.ArrNext(); i++ {
		d.PushIdx(i)
		v, vok := d.Any()
		d.Pop()
		a = append(a, v)
		ok = ok && vok
	}
	return a, ok && !d.fatal
}

// BeginRepair implements JSON-string repair (docs/decoding.md) where an object,
// array or union is expected: when repair is on and a string holding
// exactly one JSON value arrives, the decoder switches to that value and
// endRepair switches back. A string that is not JSON is left in place, so
// the caller reports it as a type error.
func (d *Decoder) BeginRepair() (Repair, bool) {
	if !d.repair || d.peek() != '"' {
		return Repair{}, false
	}
	start := d.pos
	b, ok := d.strBytes()
	if !ok {
		return Repair{}, false
	}
	saved := Repair{data: d.data, text: d.text, pos: d.pos}
	inner := &Decoder{data: append([]byte(nil), b...), maxDepth: d.maxDepth - d.depth}
	inner.path = inner.pathBuf[:0]
	inner.skipValue(false) // only its syntax: the caller decodes it
	if inner.fatal || inner.peek() != 0 {
		d.pos = start
		return Repair{}, false
	}
	d.repaired = append(d.repaired, d.pointer(nil, false))
	d.detachPath()
	d.data, d.text, d.pos, d.opt, d.kseg = inner.data, "", 0, 0, seg{}
	return saved, true
}

// MayRepair reports whether a repair can start here: repair is on and the
// next byte is a quote or whitespace. Generated code (version 4) calls it
// before StartRepair, where it is inlined: most nested values start with
// '{' or '[' and never reach the call.
func (d *Decoder) MayRepair() bool {
	if !d.repair || d.pos >= len(d.data) {
		return false
	}
	c := d.data[d.pos]
	return c == '"' || c <= ' '
}

// StartRepair is BeginRepair that leaves the position to return to in
// *r: generated code (version 4) writes
//
//	var r0 stitchrt.Repair
//	rep0 := d.MayRepair() && d.StartRepair(&r0)
//	... decode the value ...
//	if rep0 {
//		d.EndRepair(r0)
//	}
func (d *Decoder) StartRepair(r *Repair) bool {
	var ok bool
	*r, ok = d.BeginRepair()
	return ok
}

// A Repair is the position a repair returns to.
type Repair struct {
	data []byte
	text string
	pos  int
}

// EndRepair returns to the document after a repaired string.
func (d *Decoder) EndRepair(r Repair) {
	d.detachPath()
	d.data, d.text, d.pos, d.opt, d.kseg = r.data, r.text, r.pos, 0, seg{}
}
