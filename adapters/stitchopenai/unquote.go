package stitchopenai

import (
	"unicode/utf8"
)

// unquote returns the bytes a JSON string literal stands for, exactly: the
// literal's own bytes with its escapes replaced, and nothing else changed.
// It differs from encoding/json (and from the SDK's decoder, a copy of it)
// where those replace: a byte that is not valid UTF-8 is kept as it is, and
// a \u escape of a lone surrogate is written as its three-byte WTF-8 form
// (ED A0 80 for \ud800), which is not valid UTF-8 either. Either way the
// exact decoder then sees invalid UTF-8 and reports it (a syntax issue)
// instead of reading a U+FFFD the model never sent.
//
// ok is false when lit is not one JSON string literal (no quotes, an
// unknown escape, a short \u escape, a raw quote or bytes after the
// closing quote); control characters inside are left to the decoder.
func unquote(lit string) (b []byte, ok bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, false
	}
	s := lit[1 : len(lit)-1]
	b = make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			return nil, false
		case c != '\\':
			b = append(b, c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return nil, false
		}
		switch s[i+1] {
		case '"', '\\', '/':
			b = append(b, s[i+1])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(s, i+2)
			if !ok {
				return nil, false
			}
			i += 6
			if isHigh(r) && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if lo, ok := hex4(s, i+2); ok && isLow(lo) {
					b = utf8.AppendRune(b, 0x10000+(r-0xD800)<<10+(lo-0xDC00))
					i += 6
					continue
				}
			}
			if isHigh(r) || isLow(r) {
				// utf8.AppendRune would write U+FFFD: keep the code
				// point's own three bytes (WTF-8), invalid UTF-8.
				b = append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
			} else {
				b = utf8.AppendRune(b, r)
			}
			continue
		default:
			return nil, false
		}
		i += 2
	}
	return b, true
}

// hex4 reads the four hex digits of a \u escape at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func isHigh(r rune) bool { return 0xD800 <= r && r < 0xDC00 }
func isLow(r rune) bool  { return 0xDC00 <= r && r < 0xE000 }
