package stitchrt

// A openContainer is a container that skip has open.
type openContainer struct {
	obj  bool
	n    int                 // members read so far
	keys int                 // where this object's keys start in d.keys
	set  map[string]struct{} // this object's keys, once it has many
}

// linearKeys is the number of keys an object skip checks for
// duplicates by comparing them one by one; beyond it, a map.
const linearKeys = 16

// Skip validates and consumes one value, rejecting duplicate keys at any
// depth (docs/decoding.md) and naming the member or item an issue is in.
func (d *Decoder) Skip() { d.skipValue(true) }

// skipValue validates and consumes one value without recursion: open
// containers are kept on a reused stack, so a deep input costs no Go
// stack. With dups off, duplicate keys are not looked for (a value that is
// read again later, as before a discriminator).
func (d *Decoder) skipValue(dups bool) {
	base, pbase := len(d.stack), len(d.path)
	for !d.fatal {
		if !d.skipScalarOrOpen() {
			break
		}
		for len(d.stack) > base && !d.fatal {
			if d.skipNext(dups) {
				break
			}
		}
		if len(d.stack) == base {
			return
		}
	}
	if base < len(d.stack) {
		d.keys = d.keys[:d.stack[base].keys]
	}
	d.stack, d.path = d.stack[:base], d.path[:pbase]
}

// skipNext moves to the next member of the innermost open container and
// reports whether one follows; at the container's end it closes it.
func (d *Decoder) skipNext(dups bool) bool {
	o := &d.stack[len(d.stack)-1]
	if o.n > 0 {
		d.Pop() // the previous member's value is read
	}
	end := byte(']')
	if o.obj {
		end = '}'
	}
	if !d.sep(end) {
		d.keys, o.set = d.keys[:o.keys], nil
		d.stack = d.stack[:len(d.stack)-1]
		return false
	}
	o.n++
	if !o.obj {
		d.PushIdx(o.n - 1)
		return true
	}
	k, ok := d.skipKey()
	if !ok {
		d.PushIdx(0) // fatal: the caller stops and resets the path
		return true
	}
	d.PushKey()
	if dups && !d.newKey(o, k) {
		d.issue("duplicate_key", "", "duplicate key "+quoteClip(k))
	}
	return true
}

// newKey adds k to the keys of the open object o and reports whether it
// is new: a linear scan for small objects, a map for large ones, so the
// cost stays linear and a small object allocates nothing.
func (d *Decoder) newKey(o *openContainer, k []byte) bool {
	if o.set != nil {
		if _, dup := o.set[string(k)]; dup {
			return false
		}
		o.set[string(k)] = struct{}{}
		return true
	}
	ks := d.keys[o.keys:]
	for _, x := range ks {
		if string(x) == string(k) {
			return false
		}
	}
	if len(ks) < linearKeys {
		d.keys = append(d.keys, k)
		return true
	}
	o.set = make(map[string]struct{}, 2*len(ks))
	for _, x := range ks {
		o.set[string(x)] = struct{}{}
	}
	o.set[string(k)] = struct{}{}
	d.keys = d.keys[:o.keys]
	return true
}

// skipKey reads a member's key (unescaped) and colon inside skip.
func (d *Decoder) skipKey() ([]byte, bool) {
	if d.peek() != '"' {
		d.syntax("expected a string key")
		return nil, false
	}
	k, ok := d.key()
	if !ok {
		return nil, false
	}
	if d.peek() != ':' {
		d.syntax("expected ':' after an object key")
		return nil, false
	}
	d.pos++
	return k, true
}

// skipScalarOrOpen consumes a scalar, or opens a container and pushes it.
func (d *Decoder) skipScalarOrOpen() bool {
	switch c := d.peek(); c {
	case '{', '[':
		if !d.enter() {
			return false
		}
		d.stack = append(d.stack, openContainer{obj: c == '{', keys: len(d.keys)})
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
		d.syntax("unexpected character " + quoteByte(c))
		return false
	}
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	const hex = "0123456789abcdef"
	return "byte 0x" + string(hex[c>>4]) + string(hex[c&15])
}

// Raw validates one value and returns its exact bytes (not copied). A
// value with an issue (a duplicate key) is not returned.
func (d *Decoder) Raw() ([]byte, bool) {
	d.ws()
	start, m := d.pos, d.Mark()
	d.Skip()
	if d.fatal || d.FailedSince(m) {
		return nil, false
	}
	return d.data[start:d.pos], true
}
