package stitchrt

import (
	"github.com/stitchgen/stitchgen/stitch"

	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// safe marks the ASCII bytes a JSON string holds unescaped
// (encoding/json's HTML-safe set).
var safe = [utf8.RuneSelf]bool{
	' ': true, '!': true, '#': true, '$': true, '%': true, '\'': true, '(': true, ')': true,
	'*': true, '+': true, ',': true, '-': true, '.': true, '/': true, '0': true, '1': true,
	'2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	':': true, ';': true, '=': true, '?': true, '@': true, 'A': true, 'B': true, 'C': true,
	'D': true, 'E': true, 'F': true, 'G': true, 'H': true, 'I': true, 'J': true, 'K': true,
	'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true, 'S': true,
	'T': true, 'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true, '[': true,
	']': true, '^': true, '_': true, '`': true, 'a': true, 'b': true, 'c': true, 'd': true,
	'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true, 'k': true, 'l': true,
	'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true,
	'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true, '{': true, '|': true,
	'}': true, '~': true,
}

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML-safe, U+2028/U+2029 escaped, invalid UTF-8 as U+FFFD).
func AppendString[T bytesOrString](b []byte, s T) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := decodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func decodeRune[T bytesOrString](s T) (rune, int) {
	switch v := any(s).(type) {
	case string:
		return utf8.DecodeRuneInString(v)
	case []byte:
		return utf8.DecodeRune(v)
	}
	return utf8.DecodeRune([]byte(s))
}

// AppendFloat appends f as encoding/json writes a float of the given
// bits; NaN and infinities are an error.
func AppendFloat(b []byte, f float64, bits int) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, bits))
	}
	abs := math.Abs(f)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, fmt, -1, bits)
	if fmt == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// AppendBytes appends v as a standard base64 string. Unlike
// encoding/json it writes nil as "" (the schema says string; a nullable
// property writes null before calling this).
func AppendBytes(b, v []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}

// AppendJSON appends v encoded by encoding/json (free-form values,
// raw messages, opaque types and times).
func AppendJSON(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, j...), nil
}

// AppendClose replaces a trailing comma by the closing byte, or appends it.
func AppendClose(b []byte, c byte) []byte {
	if n := len(b); n > 0 && b[n-1] == ',' {
		b[n-1] = c
		return b
	}
	return append(b, c)
}

// NilError is the error for a nil value that must be written.
func NilError(where string) error {
	return errors.New("stitch: cannot encode " + where + ": nil value of a required non-nullable property")
}

// CheckOutput decodes the bytes an output encoder wrote with the exact
// decoder of the same type (repair off), so that a value that would break
// the advertised output schema (a bound, a length, a format, a hidden
// check) fails to encode instead of reaching the caller (docs/generated-api.md).
func CheckOutput(b []byte, decode func(*Decoder)) error {
	d := NewDecoder(b, false)
	decode(d)
	err := d.finish()
	d.Release()
	if err != nil {
		return &outputError{err.(*stitch.Error)}
	}
	return nil
}

// A outputError says an output value does not match its schema; it
// unwraps to the *stitch.Error listing why.
type outputError struct{ err *stitch.Error }

func (e *outputError) Error() string {
	return "stitch: the value does not match its output schema: " + strings.ReplaceAll(e.err.Error(), "\n", "; ")
}

func (e *outputError) Unwrap() error { return e.err }

// IsZero is encoding/json's omitzero test: the value's IsZero method
// when it has one (value or pointer receiver), else whether it is the zero
// value of its type.
func IsZero[T any](p *T) bool {
	if z, ok := any(p).(interface{ IsZero() bool }); ok {
		return z.IsZero()
	}
	return reflect.ValueOf(p).Elem().IsZero()
}

// buffers recycles encode buffers: MarshalJSON encodes into a pooled
// buffer and returns an exact-size copy, so a call allocates once.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// GetBuffer returns an empty pooled buffer.
func GetBuffer() *[]byte {
	p := buffers.Get().(*[]byte)
	*p = (*p)[:0]
	return p
}

// PutBuffer returns a copy of b (the bytes encoded into the buffer p)
// and puts the buffer back, unless it grew too large to keep.
func PutBuffer(p *[]byte, b []byte) []byte {
	out := append([]byte(nil), b...)
	if cap(b) <= 1<<20 {
		*p = b
		buffers.Put(p)
	}
	return out
}
