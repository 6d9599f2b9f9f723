package stitchrt

// The portable formats of docs/contracts.md, each checked against its own grammar
// (docs/decisions/0018-format-grammars.md): RFC 3339 for date, time,
// date-time and duration, RFC 5321 for email, RFC 3986 for uri and
// uri-reference, RFC 6570 for uri-template, RFC 1123 with IDNA2008 A-labels
// (RFC 5890–5893) for hostname, RFC 4291 for ipv6, RFC 4122's text form
// for uuid, RFC 6901 and its relative draft for the pointers, and
// ECMA-262 (with the "u" flag) for regex. Where the JSON Schema Test
// Suite's verdict and an RFC disagree, the suite decides (it is what JSON
// Schema means), and a comment says so.
//
// The checks are hand-written scanners over the string's bytes: none
// allocates, none uses regexp.

import "net/netip"

// FormatFunc returns the check of a format the decoders enforce (the
// portable formats), or false for any other name. Generated code calls the
// Format functions directly; the generator uses FormatFunc to judge a
// default the way the decoder will.
func FormatFunc(name string) (func(string) bool, bool) {
	f, ok := formats[name]
	return f, ok
}

var formats = map[string]func(string) bool{
	"date": FormatDate, "time": FormatTime, "date-time": FormatDateTime, "duration": FormatDuration,
	"uri": FormatURI, "uri-reference": FormatURIReference, "uri-template": FormatURITemplate,
	"email": FormatEmail, "hostname": FormatHostname, "ipv4": FormatIPv4, "ipv6": FormatIPv6,
	"regex": FormatRegex, "uuid": FormatUUID, "json-pointer": FormatJSONPointer,
	"relative-json-pointer": FormatRelativeJSONPointer,
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// digits2 returns the value of the two ASCII digits at s[i:i+2], or -1.
func digits2(s string, i int) int {
	if i+2 > len(s) || !isDigit(s[i]) || !isDigit(s[i+1]) {
		return -1
	}
	return int(s[i]-'0')*10 + int(s[i+1]-'0')
}

// FormatDate checks an RFC 3339 full-date: YYYY-MM-DD with a day that
// exists in that month of the proleptic Gregorian calendar.
func FormatDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	hi, lo := digits2(s, 0), digits2(s, 2)
	m, d := digits2(s, 5), digits2(s, 8)
	if hi < 0 || lo < 0 || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= daysIn(m, hi*100+lo)
}

func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// FormatTime checks an RFC 3339 full-time: HH:MM:SS, an optional fraction,
// then Z (either case) or a ±HH:MM offset. Second 60 is a leap second, as
// the suite reads RFC 3339 §5.7: valid only when the time in UTC (the time
// minus its offset) is 23:59:60.
func FormatTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, m, sec := digits2(s, 0), digits2(s, 3), digits2(s, 6)
	if h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == start {
			return false
		}
	}
	utc := h*60 + m
	switch rest := s[i:]; {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, om := digits2(rest, 1), digits2(rest, 4)
		if oh < 0 || oh > 23 || om < 0 || om > 59 {
			return false
		}
		off := oh*60 + om
		if rest[0] == '+' {
			off = -off
		}
		utc = ((utc+off)%(24*60) + 24*60) % (24 * 60)
	default:
		return false
	}
	return sec < 60 || utc == 23*60+59
}

// FormatDateTime checks an RFC 3339 date-time: a full-date, T (either
// case), a full-time.
func FormatDateTime(s string) bool {
	return len(s) > 11 && (s[10] == 'T' || s[10] == 't') && FormatDate(s[:10]) && FormatTime(s[11:])
}

// FormatDuration checks an RFC 3339 duration (Appendix A):
//
//	duration   = "P" (dur-date / dur-time / dur-week)
//	dur-date   = (dur-day / dur-month / dur-year) [dur-time]
//	dur-time   = "T" (dur-hour / dur-minute / dur-second)
//	dur-year   = 1*DIGIT "Y" [dur-month]    dur-hour   = 1*DIGIT "H" [dur-minute]
//	dur-month  = 1*DIGIT "M" [dur-day]      dur-minute = 1*DIGIT "M" [dur-second]
//	dur-day    = 1*DIGIT "D"                dur-second = 1*DIGIT "S"
//	dur-week   = 1*DIGIT "W"
//
// So the units of each part run without a gap in the order Y M D and
// H M S: P1Y2D and PT1H2S are not durations, and weeks stand alone.
func FormatDuration(s string) bool {
	if len(s) < 3 || s[0] != 'P' {
		return false
	}
	i := 1
	if s[i] != 'T' {
		if n := durUnits(s, &i, "YMD"); n < 0 || (n == 0 && !durWeek(s, &i)) {
			return false
		}
		if i == len(s) {
			return true
		}
		if s[i] != 'T' {
			return false
		}
	}
	i++ // 'T'
	return durUnits(s, &i, "HMS") > 0 && i == len(s)
}

// durUnits reads the components of one part at s[*i:] (number, unit),
// whose units must be consecutive letters of units. It returns how many
// it read, or -1 on a malformed component; a component of another unit
// ends the part unread.
func durUnits(s string, i *int, units string) int {
	n, next := 0, 0
	for *i < len(s) {
		j := *i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == *i || j == len(s) {
			if j == *i {
				return n // not a component: the caller looks at it
			}
			return -1 // digits without a unit
		}
		k := next
		for k < len(units) && units[k] != s[j] {
			k++
		}
		if k == len(units) {
			if n == 0 {
				return 0 // another part's unit (W, or T's units in the date)
			}
			return -1
		}
		if n > 0 && k != next {
			return -1 // a gap: Y then D, H then S
		}
		n, next, *i = n+1, k+1, j+1
	}
	return n
}

// durWeek reads dur-week, which must end the string.
func durWeek(s string, i *int) bool {
	j := *i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == *i || j != len(s)-1 || s[j] != 'W' {
		return false
	}
	*i = len(s)
	return true
}

// FormatIPv4 checks a dotted-quad IPv4 address: four decimal octets of
// ASCII digits, 0–255, no leading zeros, signs or other notations.
func FormatIPv4(s string) bool {
	i := 0
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i >= len(s) || s[i] != '.' {
				return false
			}
			i++
		}
		start, v := i, 0
		for i < len(s) && isDigit(s[i]) && i-start < 3 {
			v = v*10 + int(s[i]-'0')
			i++
		}
		if i == start || v > 255 || (s[start] == '0' && i-start > 1) {
			return false
		}
	}
	return i == len(s)
}

// FormatIPv6 checks an RFC 4291 §2.2 text form: eight groups of one to
// four hex digits, one "::" for a run of zero groups, the last 32 bits
// optionally as a dotted quad (which, like ipv4, has no leading zeros);
// no zone (RFC 6874's %zone is not part of the address), no brackets, no
// prefix length. net/netip's parser reads exactly that grammar; the zone
// is refused before it is parsed (ParseAddr would allocate it).
func FormatIPv6(s string) bool {
	colon := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			return false
		case ':':
			colon = true
		}
	}
	if !colon {
		return false
	}
	_, err := netip.ParseAddr(s)
	return err == nil
}

// FormatUUID checks RFC 4122's text form: 8-4-4-4-12 hex digits of either
// case. Any version and variant nibble is accepted (the suite expects
// versions and variants RFC 4122 does not define to be valid).
func FormatUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	return true
}

// FormatJSONPointer checks an RFC 6901 JSON Pointer (the string form, not
// the URI fragment form): empty, or "/" reference tokens in which "~" is
// only ever followed by 0 or 1. Every other code point is allowed.
func FormatJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' {
			if i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1') {
				return false
			}
			i++
		}
	}
	return true
}

// FormatRelativeJSONPointer checks a relative JSON Pointer
// (draft-bhutton-relative-json-pointer-00): a non-negative integer in
// ASCII without leading zeros, then "#" or a JSON Pointer.
func FormatRelativeJSONPointer(s string) bool {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	if n == 0 || (n > 1 && s[0] == '0') {
		return false
	}
	s = s[n:]
	return s == "#" || FormatJSONPointer(s)
}
