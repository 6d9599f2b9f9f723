package stitchrt

import (
	"net/netip"
	"strings"
	"testing"
	"time"
)

// FuzzFormats runs every format check on any string (none may panic) and
// compares them with independent judges where one exists: net/netip for
// ipv4 (its dotted quad refuses leading zeros too), time.Parse for date,
// and the formats with each
// other (a host name is an email domain and a URI host; a date-time is a
// date and a time; a URI is a URI-reference). net/url is no judge: it
// accepts much that RFC 3986 does not.
func FuzzFormats(f *testing.F) {
	for _, s := range []string{
		"2024-02-29", "23:59:60Z", "2024-05-01T10:00:00.5+02:00", "P1Y2M3DT4H5M6S", "P1W", `"a\"b"@c.d`,
		"a@[IPv6:::1]", "xn--mgbh0fb.xn--kgbechtv", "xn--11b2ezcs70k", "xn--ngba5hb2804a", "10.0.0.1", "::ffff:1.2.3.4",
		"123e4567-e89b-12d3-a456-426614174000", "/a~0/b", "1#", "http://u@[::1]:80/p?q#f", "http://[v7.a:b]/",
		"./a:b", "{+a,b:3}{?c*}x%41", `^(?<y>\d{4})|(?<y>\p{sc=Grek})\k<y>[a-\u{10FFFF}](?i-m:x)(?<=a+)$`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, fn := range formats {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("format %s panics on %q: %v", name, s, r)
					}
				}()
				fn(s)
			}()
		}
		addr, err := netip.ParseAddr(s)
		if want := err == nil && addr.Is4(); FormatIPv4(s) != want {
			t.Fatalf("ipv4 %q: %v, net/netip says %v", s, !want, want)
		}
		_, err = time.Parse("2006-01-02", s)
		if want := err == nil; FormatDate(s) != want {
			t.Fatalf("date %q: %v, time.Parse says %v", s, !want, want)
		}
		if FormatHostname(s) {
			if !FormatURI("http://"+s+"/") || !FormatURIReference("//"+s) {
				t.Fatalf("host name %q is no URI host", s)
			}
			if len(s) <= 252 && !FormatEmail("a@"+s) {
				t.Fatalf("host name %q is no email domain", s)
			}
		}
		if FormatDateTime(s) && (!FormatDate(s[:10]) || !FormatTime(s[11:])) {
			t.Fatalf("date-time %q is not a date and a time", s)
		}
		if FormatURI(s) && !FormatURIReference(s) {
			t.Fatalf("URI %q is no URI-reference", s)
		}
		if FormatIPv6(s) && !FormatURI("http://["+s+"]/") {
			t.Fatalf("IPv6 %q is no URI IP-literal", s)
		}
		if FormatRelativeJSONPointer(s) && FormatJSONPointer(s) {
			t.Fatalf("%q is both a relative and an absolute JSON Pointer", s)
		}
	})
}

// FuzzPunycode decodes any Punycode and checks that the encoder agrees:
// a decoded label whose encoding matches the input round-trips, and no
// input panics or outgrows the U-label bound.
func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"9n2bp8q", "bcher-kva", "mgbh0fb", "X", "aa---o47jg78q", "99999999", "-", "a-", "zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if c := s[i]; !isAlpha(c) && !isDigit(c) && c != '-' {
				return
			}
		}
		var buf [maxULabel]rune
		u, ok := punyDecode(s, buf[:0])
		if !ok {
			return
		}
		if len(u) > maxULabel {
			t.Fatalf("%q decodes to %d code points", s, len(u))
		}
		for _, r := range u {
			if r > maxRune || r >= 0xD800 && r <= 0xDFFF {
				t.Fatalf("%q decodes to U+%04X", s, r)
			}
		}
		if !punyEncodes(u, strings.ToLower(s)) && punyEncodes(u, s) {
			t.Fatalf("%q: encoding is case-sensitive", s)
		}
	})
}
