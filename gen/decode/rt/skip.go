package rt

// skip validates and consumes one value without recursion: open containers
// are kept on a reused stack, so a deep input costs no Go stack.
func (d *stitchDecoder) skip() {
	base := len(d.stack)
	for !d.fatal {
		if !d.skipScalarOrOpen() {
			break
		}
		for len(d.stack) > base && !d.fatal {
			inObj := d.stack[len(d.stack)-1]
			end := byte(']')
			if inObj {
				end = '}'
			}
			if !d.sep(end) {
				d.stack = d.stack[:len(d.stack)-1]
				continue
			}
			if inObj {
				d.skipKey()
			}
			break
		}
		if len(d.stack) == base {
			return
		}
	}
	d.stack = d.stack[:base]
}

// skipKey reads a member's key and colon inside skip.
func (d *stitchDecoder) skipKey() bool {
	if d.peek() != '"' {
		d.syntax("expected a string key")
		return false
	}
	if _, _, ok := d.scanString(); !ok {
		return false
	}
	if d.peek() != ':' {
		d.syntax("expected ':' after an object key")
		return false
	}
	d.pos++
	return true
}

// skipScalarOrOpen consumes a scalar, or opens a container and pushes it.
func (d *stitchDecoder) skipScalarOrOpen() bool {
	switch c := d.peek(); c {
	case '{', '[':
		if !d.enter() {
			return false
		}
		d.stack = append(d.stack, c == '{')
		return true
	case '"':
		_, _, ok := d.scanString()
		return ok
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	case 0:
		d.syntax("unexpected end of input")
		return false
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			_, ok := d.scanNumber()
			return ok
		}
		d.syntax("unexpected character " + stitchQuoteByte(c))
		return false
	}
}

func stitchQuoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	const hex = "0123456789abcdef"
	return "byte 0x" + string(hex[c>>4]) + string(hex[c&15])
}

// raw validates one value and returns its exact bytes (not copied).
func (d *stitchDecoder) raw() ([]byte, bool) {
	d.ws()
	start := d.pos
	d.skip()
	if d.fatal {
		return nil, false
	}
	return d.data[start:d.pos], true
}
