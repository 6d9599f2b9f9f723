package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// JSON documents (schemas) are trees of these Go values, and of no others:
//
//	nil       null
//	bool      true, false
//	Number    a number, kept as its literal text
//	string    a string
//	[]any     an array
//	*Object   an object, members in a fixed order
//
// These are exactly the values Parse returns, so a document and the parse of
// its own serialization are the same tree: every stage that reads a
// document (flatten above all, docs/flattening.md) sees in memory what the JSON text
// says, and never a second spelling of the same value (an int beside a
// Number, a []string beside a []any) that a comparison could tell apart.
// Marshal rejects any other Go type.
//
// Object member order is the order members were set, so a document built the
// same way always marshals to the same bytes.

// A Number is a JSON number kept as its literal text, so no precision is lost.
type Number string

// A Raw is an already encoded JSON value that Marshal writes as is (it must
// be valid). It is not a document value: Parse never returns one, and
// Clone, Equal and flatten do not take one. It only splices finished
// documents into an envelope (the manifest) without re-encoding them.
type Raw []byte

// A Member is one key/value pair of an Object.
type Member struct {
	Key   string
	Value any
}

// An Object is a JSON object whose members keep their order.
type Object struct {
	Members []Member
}

// NewObject returns an object with the given key/value pairs, in order.
// It panics on an odd number of arguments or a non-string key (a programming error).
func NewObject(kv ...any) *Object {
	if len(kv)%2 != 0 {
		panic("model.NewObject: odd argument count")
	}
	o := &Object{Members: make([]Member, 0, len(kv)/2)}
	for i := 0; i < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// Len returns the number of members.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.Members)
}

// Get returns the value of key and whether it is present.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	for _, m := range o.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Has reports whether key is present.
func (o *Object) Has(key string) bool { _, ok := o.Get(key); return ok }

// Set replaces the value of key in place, or appends the member.
func (o *Object) Set(key string, v any) {
	for i := range o.Members {
		if o.Members[i].Key == key {
			o.Members[i].Value = v
			return
		}
	}
	o.Members = append(o.Members, Member{key, v})
}

// Delete removes key if present.
func (o *Object) Delete(key string) {
	for i := range o.Members {
		if o.Members[i].Key == key {
			o.Members = append(o.Members[:i:i], o.Members[i+1:]...)
			return
		}
	}
}

// Keys returns the member keys in order.
func (o *Object) Keys() []string {
	ks := make([]string, 0, o.Len())
	if o != nil {
		for _, m := range o.Members {
			ks = append(ks, m.Key)
		}
	}
	return ks
}

// MarshalJSON writes the object compactly with its members in order.
func (o *Object) MarshalJSON() ([]byte, error) { return Marshal(o) }

// Marshal returns the compact JSON encoding of a document value. Strings are
// escaped as encoding/json does, without HTML escaping.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := write(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// MustMarshal is Marshal for documents known to be well formed.
func MustMarshal(v any) []byte {
	b, err := Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Indent returns the document indented with two spaces, for display.
func Indent(v any) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func write(b *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case Number:
		if !json.Valid([]byte(v)) {
			return fmt.Errorf("model: invalid number %q", string(v))
		}
		b.WriteString(string(v))
	case Raw:
		if !json.Valid(v) {
			return fmt.Errorf("model: invalid raw JSON %q", string(v))
		}
		b.Write(v)
	case string:
		writeString(b, v)
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := write(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case *Object:
		b.WriteByte('{')
		if v != nil {
			for i, m := range v.Members {
				if i > 0 {
					b.WriteByte(',')
				}
				writeString(b, m.Key)
				b.WriteByte(':')
				if err := write(b, m.Value); err != nil {
					return err
				}
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("model: cannot marshal %T in a JSON document (numbers are model.Number, arrays []any)", v)
	}
	return nil
}

const hexDigits = "0123456789abcdef"

func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xF])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xF])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}

// Parse reads one JSON value into a document, keeping object member order
// and number literals. Duplicate keys are an error.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("model: trailing data after JSON value")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &Object{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				if o.Has(k) {
					return nil, fmt.Errorf("model: duplicate key %q", k)
				}
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				o.Members = append(o.Members, Member{k, v})
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("model: unexpected %v", t)
	case json.Number:
		return Number(t), nil
	default:
		return t, nil // nil, bool, string
	}
}

// MustParse is Parse for literals known to be valid (tests, constants).
func MustParse(s string) any {
	v, err := Parse([]byte(s))
	if err != nil {
		panic(err)
	}
	return v
}

// Clone returns a deep copy of a document value.
func Clone(v any) any {
	switch v := v.(type) {
	case []any:
		c := make([]any, len(v))
		for i, e := range v {
			c[i] = Clone(e)
		}
		return c
	case *Object:
		if v == nil {
			return v
		}
		c := &Object{Members: make([]Member, len(v.Members))}
		for i, m := range v.Members {
			c.Members[i] = Member{m.Key, Clone(m.Value)}
		}
		return c
	}
	return v
}

// Equal reports whether two document values are equal as JSON: object
// member order is ignored, array order is not, numbers compare by value.
func Equal(a, b any) bool {
	switch a := a.(type) {
	case *Object:
		bo, ok := b.(*Object)
		if !ok || a.Len() != bo.Len() {
			return false
		}
		for _, m := range a.Members {
			bv, ok := bo.Get(m.Key)
			if !ok || !Equal(m.Value, bv) {
				return false
			}
		}
		return true
	case []any:
		ba, ok := b.([]any)
		if !ok || len(a) != len(ba) {
			return false
		}
		for i := range a {
			if !Equal(a[i], ba[i]) {
				return false
			}
		}
		return true
	case Number:
		bn, ok := b.(Number)
		return ok && numberEqual(string(a), string(bn))
	case nil, bool, string:
		return a == b
	}
	return false // not a document value
}

func numberEqual(a, b string) bool {
	if a == b {
		return true
	}
	ra, ok1 := new(bigRat).SetString(a)
	rb, ok2 := new(bigRat).SetString(b)
	return ok1 && ok2 && ra.Cmp(rb) == 0
}
