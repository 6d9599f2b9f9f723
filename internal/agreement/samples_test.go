package agreement

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
)

// goodFormats are valid samples of every portable format (docs/contracts.md).
var goodFormats = map[string][]string{
	"date":                  {"2024-02-29", "1999-12-31", "0001-01-01"},
	"time":                  {"12:34:56Z", "23:59:59+02:00", "00:00:00.5Z", "08:30:00-05:30"},
	"date-time":             {"2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123+01:00", "1970-01-01T00:00:00Z", "2024-06-30T23:59:59.999999999-12:00"},
	"duration":              {"P1D", "PT1H30M", "P1Y2M3DT4H5M6S", "P2W", "PT0S"},
	"uri":                   {"https://example.com/a?b=c#d", "urn:isbn:0451450523", "mailto:a@example.com", "http://[::1]:8080/x"},
	"uri-reference":         {"/a/b", "../x", "#frag", "https://example.com", ""},
	"uri-template":          {"/users/{id}", "https://x.org/{a,b}", "plain", "{+path}/x"},
	"email":                 {"a@example.com", "first.last+tag@sub.example.org", "x@[127.0.0.1]"},
	"hostname":              {"example.com", "a-b.c", "localhost", "xn--bcher-kva.example"},
	"ipv4":                  {"192.168.0.1", "0.0.0.0", "255.255.255.255"},
	"ipv6":                  {"::1", "2001:db8::8a2e:370:7334", "fe80::1", "::ffff:192.168.0.1"},
	"regex":                 {"^a+$", "[a-z]*", "(x|y)", ""},
	"uuid":                  {"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "A987FBC9-4BED-3078-CF07-9141BA07C9F3"},
	"json-pointer":          {"", "/a/b", "/a~1b/~0c", "/"},
	"relative-json-pointer": {"0", "1/a", "2#", "0/"},
}

// badFormats are near misses and edge cases of every portable format; some
// are valid under one reading of the RFC (judged by the validator, not here).
var badFormats = map[string][]string{
	"date":                  {"2024-02-30", "2024-1-2", "20240102", "2023-02-29", "2024-13-01", "2000-02-29", "1900-02-29", "2024-02-29T", "２０２４-01-01", "2024-00-10", "2024-01-32"},
	"time":                  {"25:00:00Z", "12:34:56", "23:59:60Z", "12:34Z", "12:34:56z", "23:59:59.123456789Z", "12:00:00-00:00", "12:00:00+14:00", "12:00:00+24:00", "12:60:00Z", "12:00:00.Z", "22:59:60-01:00"},
	"date-time":             {"2024-01-02 03:04:05Z", "2024-01-02T03:04:05", "2024-01-02T23:59:60Z", "2024-01-02t03:04:05z", "2024-01-02T03:04:05+24:00", "2024-01-02T03:04:05-00:00", "2024-01-02T03:04:05.1Z", "2024-02-29T00:00:00+14:00", "2024-01-02T03:04:05,5Z", "2024-01-02T03:04Z", "2023-02-29T00:00:00Z", "2024-01-02T03:04:05.Z", "2024-12-31T23:59:60Z"},
	"duration":              {"P", "1D", "PT", "P1H", "P1DT", "P1.5D", "PT1.5S", "P1M", "PT36H", "P1W2D", "-P1D", "P0D", "PT1M1H"},
	"uri":                   {"/relative", "http://[::1", "a b", "//host/x", "https://例え.jp/", "http://a/b c", "x:", "http://user@host:99999/", "http://a%zz", "HTTP://EXAMPLE.COM"},
	"uri-reference":         {"http://[::1", "a b", "\\\\x", "%", "a:b", "//host", "?q", "https://例え.jp/"},
	"uri-template":          {"{unclosed", "}{", "/x/{a b}", "{a}{b}", "{?q,r}", "{a", "{/a*}", "{a:3}", "{}", "x{y}z{"},
	"email":                 {"no-at", "a@", "@b", "a@@b.c", "a.b@c", "\"quoted\"@example.com", "a@b_c.com", "a..b@example.com", ".a@example.com", "a@example..com", "ünï@example.com", "a@[IPv6:::1]"},
	"hostname":              {"-bad.com", "a..b", "under_score.com", "a.b-", strings.Repeat("a", 64) + ".com", "a", "example.com.", "1.2.3.4", "xn--", "例え.jp", "a-.com", strings.Repeat("ab.", 85) + "com"},
	"ipv4":                  {"256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4 ", "1.2.3.4.5", "1.2.3.256", "0x1.2.3.4", "१.2.3.4"},
	"ipv6":                  {"1:2:3", "::g", "1::2::3", "::1%eth0", "::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3", "1:2:3:4:5:6:7:8:9", "fe80::1%25eth0", ":1::"},
	"regex":                 {"(", "[a-", "a**", "\\p{L}", "(?<n>a)", "a{2}", "\\d+", "\\cA", "[[:alpha:]]", "(?i)a", "\\Z", "a{,3}", "\\"},
	"uuid":                  {"123e4567e89b12d3a456426614174000", "zzze4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400", "{123e4567-e89b-12d3-a456-426614174000}", "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-42661417400G"},
	"json-pointer":          {"a/b", "/~2", "~0", "/a~", "/~01", "#/a", "/a/-"},
	"relative-json-pointer": {"/a", "01", "-1", "0##", "0#", "10/a", "1/", "0~", "1#/a", "00"},
}

// fromRegexp builds a string from a pattern's syntax tree (the patterns of
// the contracts are anchored literals, classes and repetitions).
func fromRegexp(r *rand.Rand, pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	walkRegexp(r, re.Simplify(), &b)
	return b.String()
}

func walkRegexp(r *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		i := 2 * r.IntN(len(re.Rune)/2)
		lo, hi := re.Rune[i], re.Rune[i+1]
		if hi-lo > 200 {
			hi = lo + 200
		}
		b.WriteRune(lo + rune(r.IntN(int(hi-lo)+1)))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteRune(pick(r, alphabet[:10]))
	case syntax.OpCapture, syntax.OpConcat:
		for _, s := range re.Sub {
			walkRegexp(r, s, b)
		}
	case syntax.OpAlternate:
		walkRegexp(r, pick(r, re.Sub), b)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := repeatRange(re)
		for range lo + r.IntN(hi-lo+1) {
			walkRegexp(r, re.Sub[0], b)
		}
	}
}

func repeatRange(re *syntax.Regexp) (int, int) {
	switch re.Op {
	case syntax.OpStar:
		return 0, 4
	case syntax.OpPlus:
		return 1, 4
	case syntax.OpQuest:
		return 0, 1
	}
	hi := re.Max
	if hi < 0 || hi > re.Min+4 {
		hi = re.Min + 4
	}
	return re.Min, hi
}
