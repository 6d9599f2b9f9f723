package stitchrt

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strconv"
)

// Discriminator finds the string value of key in the object at d.pos
// without consuming the object: members before it are validated and
// skipped, the scan stops at its first occurrence, and the decoder returns
// to the object's start so the chosen variant decodes it whole. A missing
// key, a non-string value or a non-object is an issue; the object is then
// skipped (duplicate keys in it reported) and ok is false. allowed lists
// the values for the message.
func (d *Decoder) Discriminator(key, allowed string) (val []byte, ok bool) {
	if d.peek() != '{' {
		d.want("object")
		return nil, false
	}
	if val, ok := d.discFast(key); ok {
		return val, true
	}
	start, depth := d.pos, d.depth
	if !d.enter() {
		return nil, false
	}
	for k, more := d.ObjNext(); more; k, more = d.ObjNext() {
		if string(k) != key {
			d.skipAt(k, false) // read again by the variant
			continue
		}
		d.Push(k)
		if c := d.peek(); c == '"' {
			val, ok = d.strBytes()
		} else {
			d.issue("discriminator", allowed, "discriminator "+strconv.Quote(key)+" must be a string, got "+kindOf(c)+"; allowed values: "+allowed)
		}
		d.Pop()
		if ok {
			d.pos, d.depth = start, depth
			return val, true
		}
		break
	}
	if d.fatal {
		return nil, false
	}
	if d.depth == depth { // the object was read to its end without the key
		d.keyIssue([]byte(key), "discriminator", allowed, "missing discriminator "+strconv.Quote(key)+"; allowed values: "+allowed)
	}
	// Skip the whole object again, now looking for duplicate keys.
	d.pos, d.depth = start, depth
	d.Skip()
	return nil, false
}

// discFast looks for the discriminator of the object at d.pos with a
// structural scan that validates nothing, and leaves d as it is. It gives
// up (false) unless the key's first occurrence is plain (unescaped) and
// holds a plain string, and on anything the scan does not expect; the
// validating scan of discriminator then runs. When it succeeds, the object
// is read again from its start by the variant's decoder (or by the skip
// of badDiscriminator), which validates all of it, so an invalid document
// still gets the first syntax error and its path exactly as the validating
// scan would have reported it: members are read in order by the same
// primitives, and a syntax or depth issue replaces every other issue.
func (d *Decoder) discFast(key string) ([]byte, bool) {
	data := d.data
	i := d.pos + 1
	for {
		i = skipWS(data, i)
		if i >= len(data) || data[i] != '"' {
			return nil, false
		}
		end := stringEnd(data, i+1)
		if end < 0 {
			return nil, false
		}
		k := data[i+1 : end-1]
		i = skipWS(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}
		i = skipWS(data, i+1)
		if string(k) == key {
			if i >= len(data) || data[i] != '"' {
				return nil, false
			}
			end := stringEnd(data, i+1)
			if end < 0 {
				return nil, false
			}
			v := data[i+1 : end-1]
			if bytes.IndexByte(v, '\\') >= 0 {
				return nil, false
			}
			return v, true
		}
		if bytes.IndexByte(k, '\\') >= 0 {
			return nil, false // an escaped key may spell the discriminator
		}
		if i = skipFast(data, i); i < 0 {
			return nil, false
		}
		if i = skipWS(data, i); i >= len(data) || data[i] != ',' {
			return nil, false
		}
		i++
	}
}

// skipWS returns the index of the first non-whitespace byte at or after i.
func skipWS(data []byte, i int) int {
	for i < len(data) && data[i] <= ' ' && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the closing quote of the string
// whose content starts at i, or -1; it validates nothing.
func stringEnd(data []byte, i int) int {
	// Most keys and many values are short: a quote in the first word
	// without a backslash before it ends the string without a call.
	if i+8 <= len(data) {
		if m := quoteIn(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			if q := i + bits.TrailingZeros64(m)>>3; data[q-1] != '\\' {
				return q + 1
			}
		}
	}
	for {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return -1
		}
		q := i + j
		n := 0 // backslashes before the quote; the opening quote stops the count
		for data[q-1-n] == '\\' {
			n++
		}
		if n&1 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

// quoteIn returns a mask whose lowest set bit is the high bit of the
// first '"' byte of the little-endian word w, or 0 (as special does).
func quoteIn(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := w ^ (ones * '"')
	return (q - ones) &^ q & highs
}

// skipFast returns the index after the value that starts at i, or
// -1; it follows only strings and brackets and validates nothing.
func skipFast(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			if i = stringEnd(data, i+1); i < 0 {
				return -1
			}
		case '{', '[':
			depth++
			i++
			continue
		case '}', ']':
			if depth--; depth < 0 {
				return -1
			}
			i++
		case ' ', '\t', '\n', '\r', ',', ':':
			if depth == 0 {
				return -1
			}
			i++
			continue
		default: // a number or a literal
			for i++; i < len(data); i++ {
				if c := data[i]; c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ':' || c == '"' || c == '{' || c == '[' {
					break
				}
			}
		}
		if depth == 0 {
			return i
		}
	}
	return -1
}

// BadDiscriminator records an unknown discriminator value at key and skips
// the object (which starts at d.pos).
func (d *Decoder) BadDiscriminator(key string, got []byte, allowed string) {
	if !d.counted() {
		d.keyIssue([]byte(key), "discriminator", allowed, "unknown discriminator value "+quoteClip(got)+" for "+strconv.Quote(key)+"; allowed values: "+allowed+enumHint(allowed, string(got)))
	}
	d.Skip()
}

// DiscValue records a discriminator value (at the current path) that this
// variant does not answer to.
func (d *Decoder) DiscValue(got, allowed string) {
	if !d.counted() {
		d.issue("discriminator", allowed, "discriminator value "+quoteClip(got)+" is not one of "+allowed+enumHint(allowed, got))
	}
}

// Trial returns a decoder for one attempt of an untagged union variant on
// the exact bytes of the value, at the current path. It stops at its first
// issue, so a variant of the wrong kind costs almost nothing, and it keeps
// no issue, only their count. The caller releases it, or hands the one
// that matched to Adopt.
func (d *Decoder) Trial(raw []byte) *Decoder {
	t := d.variantDecoder(raw, true)
	t.failFast = true
	return t
}

// shareText gives t, a decoder of raw, the part of d's one copy of its
// input that raw is (see sub), when raw is the value d has just read, so
// the strings of the variants tried on it copy nothing more.
func (d *Decoder) shareText(t *Decoder, raw []byte) {
	off := d.pos - len(raw)
	if len(raw) == 0 || len(d.data) > shareLimit || off < 0 || &d.data[off] != &raw[0] {
		return
	}
	if d.text == "" {
		d.text = string(d.data)
	}
	t.text = d.text[off:d.pos]
}

// variantDecoder returns a decoder from the pool for a decode of an
// untagged union variant on raw at the current path; quiet says its issues
// are only counted.
func (d *Decoder) variantDecoder(raw []byte, quiet bool) *Decoder {
	t := decoders.Get().(*Decoder)
	t.data, t.maxDepth, t.repair, t.quiet, t.nullAbs = raw, d.maxDepth-d.depth, d.repair, quiet, d.nullAbs
	d.copyPath(t)
	d.shareText(t, raw)
	return t
}

// TrialOK ends a trial: it checks that only whitespace follows the value
// and reports whether the variant decoded without any issue.
func (d *Decoder) TrialOK() bool {
	d.end()
	return len(d.issues) == 0 && d.cut == 0 && !d.fatal
}

// Adopt takes over the reports of the trial that matched, and releases
// it.
func (d *Decoder) Adopt(t *Decoder) {
	d.dropped = append(d.dropped, t.dropped...)
	d.repaired = append(d.repaired, t.repaired...)
	d.changed = append(d.changed, t.changed...)
	t.Release()
}

// Root checks the start of a document whose value must be an object: a
// null there is a "type" issue (the input is not an object at all), not a
// "null" one. It returns false when the document is null.
func (d *Decoder) Root() bool {
	if d.peek() == 'n' && d.literal("null") {
		d.issue("type", "object", "expected object, got null")
		return false
	}
	return true
}
