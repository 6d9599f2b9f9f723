package stitchrt

import "unicode/utf8"

// FormatURI checks an RFC 3986 URI (§3): a scheme, then the hier-part,
// query and fragment of uriRest.
func FormatURI(s string) bool {
	n := schemeLen(s)
	return n > 0 && uriRest(s[n+1:])
}

// FormatURIReference checks an RFC 3986 URI-reference (§4.1): a URI or a
// relative reference, whose first path segment holds no ":" (it would
// read as a scheme), so "1:b" is neither while "./1:b" is relative.
func FormatURIReference(s string) bool {
	if n := schemeLen(s); n > 0 {
		return uriRest(s[n+1:])
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			return false // in the first segment of a relative-path reference
		case '/', '?', '#':
			return uriRest(s)
		}
	}
	return uriRest(s)
}

// schemeLen returns the length of the scheme before the ":" that ends it
// (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or 0 when s does
// not start with one.
func schemeLen(s string) int {
	if len(s) == 0 || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i
		case isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

// uriRest checks what follows a scheme's ":" (or a whole relative
// reference, once its first segment is known to hold no ":"):
//
//	hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//	authority = [ userinfo "@" ] host [ ":" port ]
//	... [ "?" query ] [ "#" fragment ]
//
// Each path form is a run of pchar and "/" once the authority is taken off
// ("//" always starts one); query and fragment are pchar, "/" and "?".
func uriRest(s string) bool {
	i := 0
	if len(s) >= 2 && s[0] == '/' && s[1] == '/' {
		end := 2
		for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
			end++
		}
		if !authority(s[2:end]) {
			return false
		}
		i = end
	}
	part := 0 // 0 path, 1 query, 2 fragment
	for i < len(s) {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 3
			continue
		case isPchar(c) || c == '/':
		case c == '?' && part > 0:
		case c == '?':
			part = 1
		case c == '#' && part < 2:
			part = 2
		default:
			return false
		}
		i++
	}
	return true
}

// authority checks [ userinfo "@" ] host [ ":" port ]:
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
//	host     = IP-literal / IPv4address / reg-name
//	IP-literal = "[" ( IPv6address / IPvFuture ) "]"
//	reg-name = *( unreserved / pct-encoded / sub-delims )
//	port     = *DIGIT
//
// A dotted quad that is no IPv4address (999.999.999.999, 087.10.0.1) is
// still a reg-name, as the suite expects.
func authority(a string) bool {
	host := a
	for i := 0; i < len(a); i++ {
		if a[i] == '@' {
			if !uriChars(a[:i], ":") {
				return false
			}
			host = a[i+1:]
			break
		}
	}
	port := ""
	if len(host) > 0 && host[0] == '[' {
		end := 1
		for end < len(host) && host[end] != ']' {
			end++
		}
		if end == len(host) || !ipLiteral(host[1:end]) {
			return false
		}
		port, host = host[end+1:], ""
		if port != "" && port[0] != ':' {
			return false
		}
	} else {
		for i := 0; i < len(host); i++ {
			if host[i] == ':' {
				host, port = host[:i], host[i:]
				break
			}
		}
	}
	if !uriChars(host, "") {
		return false
	}
	for i := 1; i < len(port); i++ {
		if !isDigit(port[i]) {
			return false
		}
	}
	return true
}

// ipLiteral checks the inside of an IP-literal: an IPv6 address, or
// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func ipLiteral(s string) bool {
	if len(s) > 0 && (s[0] == 'v' || s[0] == 'V') {
		i := 1
		for i < len(s) && isHex(s[i]) {
			i++
		}
		if i == 1 || i+1 >= len(s) || s[i] != '.' {
			return false
		}
		for _, c := range []byte(s[i+1:]) {
			if !isUnreserved(c) && !isSubDelim(c) && c != ':' {
				return false
			}
		}
		return true
	}
	return FormatIPv6(s)
}

// uriChars checks a run of unreserved, pct-encoded, sub-delims and the
// bytes of extra.
func uriChars(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		case isUnreserved(c) || isSubDelim(c):
		case len(extra) > 0 && c == extra[0]:
		default:
			return false
		}
	}
	return true
}

// isUnreserved is ALPHA / DIGIT / "-" / "." / "_" / "~".
func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// isSubDelim is "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
func isSubDelim(c byte) bool {
	switch c {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}

// isPchar is pchar less pct-encoded: unreserved / sub-delims / ":" / "@".
func isPchar(c byte) bool { return isUnreserved(c) || isSubDelim(c) || c == ':' || c == '@' }

// FormatURITemplate checks an RFC 6570 URI Template (§2, levels 1–4):
//
//	URI-Template  = *( literals / expression )
//	expression    = "{" [ operator ] variable-list "}"
//	operator      = "+" / "#" / "." / "/" / ";" / "?" / "&" / "=" / "," / "!" / "@" / "|"
//	variable-list = varspec *( "," varspec )
//	varspec       = varname [ ":" max-length / "*" ]
//	varname       = varchar *( ["."] varchar )       varchar = ALPHA / DIGIT / "_" / pct-encoded
//	max-length    = %x31-39 0*3DIGIT
//
// The operators RFC 6570 reserves for future extensions ("=", ",", "!",
// "@", "|") are in its grammar and accepted. A literal is any code point
// but CTL, space, "\"", "%" (outside pct-encoded), "<", ">", "\", "^", "`",
// "{", "|" and "}", in the ranges of ucschar and iprivate. The grammar
// also excludes "'"; the suite expects it to be valid (as RFC 3986 has it
// among the sub-delims), and the suite decides.
func FormatURITemplate(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			n := templateExpr(s[i+1:])
			if n < 0 {
				return false
			}
			i += n + 2
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 3
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !isUcschar(r) && !isIprivate(r) {
				return false
			}
			i += size
		case c <= ' ' || c == 0x7F:
			return false
		default:
			switch c {
			case '"', '<', '>', '\\', '^', '`', '|', '}':
				return false
			}
			i++
		}
	}
	return true
}

// templateExpr checks the inside of an expression at the start of s, up to
// its "}", and returns the length of the inside, or -1.
func templateExpr(s string) int {
	i := 0
	if i < len(s) {
		switch s[i] {
		case '+', '#', '.', '/', ';', '?', '&', '=', ',', '!', '@', '|':
			i++
		}
	}
	for {
		// varname = varchar *( ["."] varchar )
		for {
			if i < len(s) && s[i] == '%' {
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					return -1
				}
				i += 3
			} else if i < len(s) && isVarchar(s[i]) {
				i++
			} else {
				return -1 // an empty name, or a "." not followed by a varchar
			}
			if i < len(s) && s[i] == '.' {
				i++
				continue
			}
			if i < len(s) && (isVarchar(s[i]) || s[i] == '%') {
				continue
			}
			break
		}
		// modifier
		if i < len(s) && s[i] == '*' {
			i++
		} else if i < len(s) && s[i] == ':' {
			i++
			if i == len(s) || s[i] < '1' || s[i] > '9' {
				return -1
			}
			j := i + 1
			for j < len(s) && isDigit(s[j]) && j-i < 4 {
				j++
			}
			i = j
		}
		if i == len(s) {
			return -1
		}
		switch s[i] {
		case '}':
			return i
		case ',':
			i++
		default:
			return -1
		}
	}
}

func isVarchar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }

// isUcschar is RFC 3987's ucschar.
func isUcschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD, r >= 0xE1000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD // %x10000-1FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD
	}
	return false
}

// isIprivate is RFC 3987's iprivate.
func isIprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}
