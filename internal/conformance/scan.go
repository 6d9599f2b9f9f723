package conformance

import (
	"encoding/json"
	"fmt"
)

// A rawMember is one member of a JSON object with its value's bytes exactly
// as they appear in the source.
type rawMember struct {
	Key   string
	Value []byte
}

// rawMembers splits a JSON object into its members without decoding the
// values, so their bytes can be used verbatim. Keys are unescaped. A
// duplicate key, a syntax error or trailing bytes are errors.
func rawMembers(data []byte) ([]rawMember, error) {
	s := &scanner{data: data}
	s.ws()
	if !s.eat('{') {
		return nil, s.errorf("want '{'")
	}
	var ms []rawMember
	s.ws()
	if s.eat('}') {
		return ms, s.end()
	}
	for {
		s.ws()
		start := s.i
		if err := s.skipString(); err != nil {
			return nil, err
		}
		var key string
		if err := json.Unmarshal(data[start:s.i], &key); err != nil {
			return nil, fmt.Errorf("offset %d: key: %v", start, err)
		}
		for _, m := range ms {
			if m.Key == key {
				return nil, fmt.Errorf("offset %d: member %q appears twice", start, key)
			}
		}
		s.ws()
		if !s.eat(':') {
			return nil, s.errorf("want ':' after key %q", key)
		}
		s.ws()
		vstart := s.i
		if err := s.skipValue(); err != nil {
			return nil, err
		}
		ms = append(ms, rawMember{key, data[vstart:s.i]})
		s.ws()
		if s.eat('}') {
			return ms, s.end()
		}
		if !s.eat(',') {
			return nil, s.errorf("want ',' or '}' after the value of %q", key)
		}
	}
}

type scanner struct {
	data []byte
	i    int
}

func (s *scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("offset %d: "+format, append([]any{s.i}, args...)...)
}

func (s *scanner) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) eat(c byte) bool {
	if s.i < len(s.data) && s.data[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) end() error {
	s.ws()
	if s.i != len(s.data) {
		return s.errorf("trailing bytes after the object")
	}
	return nil
}

// skipString moves past a string starting at s.i (escapes are skipped, not
// checked; the value is validated by its consumer).
func (s *scanner) skipString() error {
	if !s.eat('"') {
		return s.errorf("want '\"'")
	}
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '\\':
			s.i += 2
		case '"':
			s.i++
			return nil
		default:
			s.i++
		}
	}
	return s.errorf("unterminated string")
}

// skipValue moves past one JSON value. Nesting is tracked on a slice, not
// the call stack, so deeply nested inputs cost no recursion.
func (s *scanner) skipValue() error {
	var open []byte // closing brackets still expected
	for {
		if s.i >= len(s.data) {
			return s.errorf("unexpected end of input")
		}
		switch c := s.data[s.i]; {
		case c == '"':
			if err := s.skipString(); err != nil {
				return err
			}
		case c == '{' || c == '[':
			open = append(open, c+2) // '{'+2 == '}', '['+2 == ']'
			s.i++
		case c == '}' || c == ']':
			if len(open) == 0 || open[len(open)-1] != c {
				return s.errorf("unexpected %q", c)
			}
			open = open[:len(open)-1]
			s.i++
		case len(open) > 0 && (c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\r' || c == '\n'):
			s.i++
		default:
			start := s.i
			for s.i < len(s.data) && !isDelim(s.data[s.i]) {
				s.i++
			}
			if s.i == start {
				return s.errorf("unexpected %q", c)
			}
		}
		if len(open) == 0 {
			return nil
		}
	}
}

func isDelim(c byte) bool {
	switch c {
	case ',', ':', '{', '}', '[', ']', '"', ' ', '\t', '\r', '\n':
		return true
	}
	return false
}
