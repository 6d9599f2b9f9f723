package wire

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// DefaultMaxDepth is the nesting limit of a message: the go-sdk's own
// (its JSON parser refuses a message nested deeper than 1000 levels, and
// its transports then end the stdio connection or answer the HTTP request
// with plain text). A tool's arguments start at level 3 of the message,
// so arguments nested deeper than the exact decoder's limit (512) still
// reach it and get its depth issue.
const DefaultMaxDepth = 1000

// Check reports why msg, one JSON-RPC message or batch as it arrived,
// must not be handed to an SDK, or nil when it may be. It is the exact-key
// promise of the decoders applied to the envelope around the arguments,
// where SDK parsers keep the last of two keys:
//
//   - CodeParseError: msg is empty, not one JSON text (a syntax error, or
//     bytes other than white space after the value), or nests deeper than
//     maxDepth levels (0: DefaultMaxDepth), counting every object and
//     array;
//   - CodeInvalidRequest: the value is not an object or a non-empty array
//     of objects, or a message object has a key twice (`"method"` twice);
//   - CodeInvalidParams: a message's params object has a key twice (a
//     tools/call with `"name"` or `"arguments"` twice).
//
// Keys are compared after unescaping ("\u006eame" is "name"), byte for
// byte. Deeper objects are only checked for syntax: the arguments' keys
// are the exact decoder's to judge, with an issue the model can read.
// Check reads msg once, does not keep it, and its cost is linear in its
// length.
func Check(msg []byte, maxDepth int) *Error {
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	s := &scanner{b: msg, max: maxDepth}
	s.space()
	switch {
	case s.i == len(s.b):
		return &Error{Code: CodeParseError, Message: "the message is empty"}
	case s.b[s.i] == '[':
		return s.batch()
	case s.b[s.i] != '{':
		if s.value() {
			if s.space(); s.i < len(s.b) {
				return s.trailing()
			}
			return &Error{Code: CodeInvalidRequest, Message: "a JSON-RPC message must be an object"}
		}
		return s.err
	}
	if !s.message() {
		return s.err
	}
	if s.space(); s.i < len(s.b) {
		return s.trailing()
	}
	return s.found()
}

// IDOf returns the id of the message that msg starts (a prefix of it will
// do), as it was sent, or nil when none was read, it was repeated or it is
// of no valid id type: the id to answer a message with when something
// other than Check refused it.
func IDOf(msg []byte) json.RawMessage {
	s := &scanner{b: msg, max: DefaultMaxDepth}
	if s.space(); s.i < len(s.b) && s.b[s.i] == '{' {
		s.message()
	}
	if s.idBad || s.id == nil {
		return nil
	}
	return append(json.RawMessage(nil), s.id...)
}

// A scanner reads one JSON text. Its methods return false after the first
// problem, which is in err.
type scanner struct {
	b     []byte
	i     int
	depth int
	max   int
	err   *Error

	// Of the message being read (the top-level object):
	id       []byte // the raw id, when read once and of a valid type
	idBad    bool   // id repeated or of an invalid type
	method   []byte // the method as written, between the quotes
	dupKey   []byte // a repeated key of the message (unescaped), or nil
	dupParam []byte // a repeated key of its params object, or nil
}

func (s *scanner) fail(code int, msg string) bool {
	if s.err == nil {
		s.err = &Error{Code: code, Message: msg}
		if !s.idBad && s.id != nil {
			s.err.ID = append([]byte(nil), s.id...)
		}
	}
	return false
}

func (s *scanner) syntax(what string) bool {
	if s.i >= len(s.b) {
		return s.fail(CodeParseError, "the message ends early, at byte "+strconv.Itoa(s.i)+", in "+what)
	}
	return s.fail(CodeParseError, "invalid JSON at byte "+strconv.Itoa(s.i)+": unexpected "+quoteByte(s.b[s.i])+" in "+what)
}

func (s *scanner) trailing() *Error {
	s.fail(CodeParseError, "bytes after the JSON-RPC message, at byte "+strconv.Itoa(s.i))
	return s.err
}

// found is the verdict on a message read to its end without a syntax
// problem.
func (s *scanner) found() *Error {
	switch {
	case s.dupKey != nil:
		s.fail(CodeInvalidRequest, "the message has the key "+strconv.Quote(string(s.dupKey))+" twice")
	case s.dupParam != nil && len(s.method) > 0:
		s.fail(CodeInvalidParams, "the params of "+strconv.Quote(unescape(s.method))+" have the key "+strconv.Quote(string(s.dupParam))+" twice")
	case s.dupParam != nil:
		s.fail(CodeInvalidParams, "the params have the key "+strconv.Quote(string(s.dupParam))+" twice")
	}
	return s.err
}

func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		const hex = "0123456789abcdef"
		return "byte 0x" + string([]byte{hex[c>>4], hex[c&15]})
	}
	return "'" + string(rune(c)) + "'"
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// batch reads a top-level array: every element must be a message object.
// A syntax problem anywhere comes first; then the first element that is
// no object or repeats a key is the batch's problem, with no id.
func (s *scanner) batch() *Error {
	s.i++ // [
	if !s.enter() {
		return s.err
	}
	s.space()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		if s.space(); s.i < len(s.b) {
			return s.trailing()
		}
		return &Error{Code: CodeInvalidRequest, Message: "the batch is empty"}
	}
	var problem *Error
	for n := 0; ; n++ {
		s.space()
		if s.i < len(s.b) && s.b[s.i] == '{' {
			*s = scanner{b: s.b, i: s.i, depth: s.depth, max: s.max}
			if !s.message() {
				s.err.ID = nil
				return s.err
			}
			if e := s.found(); e != nil && problem == nil {
				problem = &Error{Code: e.Code, Message: "element " + strconv.Itoa(n) + " of the batch: " + e.Message}
			}
			s.err = nil
		} else {
			if !s.value() {
				return s.err
			}
			if problem == nil {
				problem = &Error{Code: CodeInvalidRequest, Message: "element " + strconv.Itoa(n) + " of the batch is not an object"}
			}
		}
		s.space()
		if s.i < len(s.b) && s.b[s.i] == ',' {
			s.i++
			continue
		}
		if s.i < len(s.b) && s.b[s.i] == ']' {
			s.i++
			s.depth--
			break
		}
		s.id, s.idBad = nil, true
		s.syntax("the batch")
		return s.err
	}
	if s.space(); s.i < len(s.b) {
		s.id, s.idBad = nil, true
		return s.trailing()
	}
	return problem
}

func (s *scanner) enter() bool {
	s.depth++
	if s.depth > s.max {
		return s.fail(CodeParseError, "the message nests deeper than "+strconv.Itoa(s.max)+" levels")
	}
	return true
}

// message reads a message object at s.b[s.i] == '{', recording its id and
// method and the first repeated key of it and of its params object.
func (s *scanner) message() bool {
	var keys keySet
	return s.members(func(raw []byte) bool {
		key := unescapeBytes(raw)
		if !keys.add(key) && s.dupKey == nil {
			s.dupKey = key
		}
		start := s.i
		switch {
		case string(key) == "params" && s.i < len(s.b) && s.b[s.i] == '{':
			if !s.params() {
				return false
			}
		case !s.value():
			return false
		}
		end := s.i
		// Only a value read to its end is recorded: one followed by ','
		// or '}' (members reports anything else).
		if s.space(); s.i >= len(s.b) || s.b[s.i] != ',' && s.b[s.i] != '}' {
			return true
		}
		switch string(key) {
		case "id":
			switch v := s.b[start:end]; {
			case s.id != nil || s.idBad || !validID(v):
				s.id, s.idBad = nil, true
			default:
				s.id = v
			}
		case "method":
			if s.b[start] == '"' {
				s.method = s.b[start+1 : end-1]
			}
		}
		return true
	})
}

// validID reports whether v is a JSON-RPC id: a string, a number or null.
func validID(v []byte) bool {
	return len(v) > 0 && (v[0] == '"' || v[0] == '-' || v[0] >= '0' && v[0] <= '9' || v[0] == 'n')
}

// params reads a params object, recording its first repeated key.
func (s *scanner) params() bool {
	var keys keySet
	return s.members(func(raw []byte) bool {
		if key := unescapeBytes(raw); !keys.add(key) && s.dupParam == nil {
			s.dupParam = key
		}
		return s.value()
	})
}

// value reads any JSON value.
func (s *scanner) value() bool {
	if s.i >= len(s.b) {
		return s.syntax("a value")
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return s.object()
	case c == '[':
		return s.array()
	case c == '"':
		return s.str()
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.syntax("a value")
}

func (s *scanner) object() bool {
	return s.members(func([]byte) bool { return s.value() })
}

// members reads the object at s.b[s.i] == '{'. For each member it reads
// the key and the colon and calls member with the key as written (between
// the quotes, escapes and all) and s.i at the value, which member reads.
func (s *scanner) members(member func(key []byte) bool) bool {
	s.i++ // {
	if !s.enter() {
		return false
	}
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		s.depth--
		return true
	}
	for {
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != '"' {
			return s.syntax("an object")
		}
		start := s.i
		if !s.str() {
			return false
		}
		key := s.b[start+1 : s.i-1]
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return s.syntax("an object")
		}
		s.i++
		if s.space(); !member(key) {
			return false
		}
		s.space()
		if s.i < len(s.b) && s.b[s.i] == ',' {
			s.i++
			continue
		}
		if s.i < len(s.b) && s.b[s.i] == '}' {
			s.i++
			s.depth--
			return true
		}
		return s.syntax("an object")
	}
}

func (s *scanner) array() bool {
	s.i++ // [
	if !s.enter() {
		return false
	}
	s.space()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		s.depth--
		return true
	}
	for {
		if s.space(); !s.value() {
			return false
		}
		s.space()
		if s.i < len(s.b) && s.b[s.i] == ',' {
			s.i++
			continue
		}
		if s.i < len(s.b) && s.b[s.i] == ']' {
			s.i++
			s.depth--
			return true
		}
		return s.syntax("an array")
	}
}

// str reads a string at s.b[s.i] == '"': its escapes must be JSON's and
// it must hold no control character. Invalid UTF-8 is left to the parser
// after (the exact decoder rejects it in the arguments).
func (s *scanner) str() bool {
	s.i++ // "
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return true
		case c == '\\':
			s.i++
			if s.i >= len(s.b) {
				return s.syntax("a string")
			}
			switch s.b[s.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i++
			case 'u':
				s.i++
				for range 4 {
					if s.i >= len(s.b) || !isHex(s.b[s.i]) {
						return s.syntax("a \\u escape")
					}
					s.i++
				}
			default:
				return s.syntax("a string escape")
			}
		case c < 0x20:
			return s.syntax("a string")
		default:
			s.i++
		}
	}
	return s.syntax("a string")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (s *scanner) number() bool {
	if s.b[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.b) && s.b[s.i] == '0':
		s.i++
	case s.i < len(s.b) && s.b[s.i] >= '1' && s.b[s.i] <= '9':
		s.digits()
	default:
		return s.syntax("a number")
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if s.i >= len(s.b) || s.b[s.i] < '0' || s.b[s.i] > '9' {
			return s.syntax("a number")
		}
		s.digits()
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if s.i >= len(s.b) || s.b[s.i] < '0' || s.b[s.i] > '9' {
			return s.syntax("a number")
		}
		s.digits()
	}
	return true
}

func (s *scanner) digits() {
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
}

func (s *scanner) literal(lit string) bool {
	for k := 0; k < len(lit); k++ {
		if s.i >= len(s.b) || s.b[s.i] != lit[k] {
			return s.syntax("a value")
		}
		s.i++
	}
	return true
}

// unescape returns the text of a string's checked contents (without the
// quotes), as encoding/json reads it: a lone surrogate becomes U+FFFD.
func unescape(raw []byte) string { return string(unescapeBytes(raw)) }

// unescapeBytes is unescape's text as bytes: raw itself when it holds no
// escape.
func unescapeBytes(raw []byte) []byte {
	i := bytes.IndexByte(raw, '\\')
	if i < 0 {
		return raw
	}
	out := make([]byte, 0, len(raw))
	out = append(out, raw[:i]...)
	for i < len(raw) {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		i++
		switch raw[i] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := rune(hex4(raw[i+1:]))
			i += 4
			if utf16.IsSurrogate(r) {
				// str checked the escapes: a \u has its four digits.
				if i+2 < len(raw) && raw[i+1] == '\\' && raw[i+2] == 'u' {
					if r2 := utf16.DecodeRune(r, rune(hex4(raw[i+3:]))); r2 != utf8.RuneError {
						out = utf8.AppendRune(out, r2)
						i += 7
						continue
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
		default: // " \ /
			out = append(out, raw[i])
		}
		i++
	}
	return out
}

func hex4(b []byte) int {
	n := 0
	for _, c := range b[:4] {
		n <<= 4
		switch {
		case c >= '0' && c <= '9':
			n |= int(c - '0')
		case c >= 'a' && c <= 'f':
			n |= int(c-'a') + 10
		default:
			n |= int(c-'A') + 10
		}
	}
	return n
}

// A keySet holds the keys of one object (unescaped; usually slices of the
// message itself, so a message's keys cost no allocation); a few keys are
// searched in an array, many in a map, so that a hostile object with many
// keys costs linear time.
type keySet struct {
	few  [16][]byte
	n    int
	many map[string]struct{}
}

// add adds k and reports whether it was new.
func (ks *keySet) add(k []byte) bool {
	if ks.many != nil {
		if _, dup := ks.many[string(k)]; dup {
			return false
		}
		ks.many[string(k)] = struct{}{}
		return true
	}
	for _, f := range ks.few[:ks.n] {
		if bytes.Equal(f, k) {
			return false
		}
	}
	if ks.n < len(ks.few) {
		ks.few[ks.n] = k
		ks.n++
		return true
	}
	ks.many = make(map[string]struct{}, 32)
	for _, f := range ks.few {
		ks.many[string(f)] = struct{}{}
	}
	ks.many[string(k)] = struct{}{}
	return true
}
