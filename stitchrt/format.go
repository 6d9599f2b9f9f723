package stitchrt

// The portable formats of SPEC §6, mirroring the format checks of the JSON
// Schema validator the project tests against
// (github.com/santhosh-tekuri/jsonschema/v6, format.go), so that the decoder
// accepts exactly what that validator accepts.

import (
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

func FormatJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if !strings.HasPrefix(s, "/") {
		return false
	}
	for _, tok := range strings.Split(s, "/")[1:] {
		escape := false
		for _, ch := range tok {
			if escape {
				escape = false
				if ch != '0' && ch != '1' {
					return false
				}
				continue
			}
			if ch == '~' {
				escape = true
				continue
			}
			switch {
			case ch >= '\x00' && ch <= '\x2E':
			case ch >= '\x30' && ch <= '\x7D':
			case ch >= '\x7F' && ch <= '\U0010FFFF':
			default:
				return false
			}
		}
		if escape {
			return false
		}
	}
	return true
}

func FormatRelativeJSONPointer(s string) bool {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || (n > 1 && s[0] == '0') {
		return false
	}
	s = s[n:]
	return s == "#" || FormatJSONPointer(s)
}

func FormatUUID(s string) bool {
	groups := strings.Split(s, "-")
	want := [5]int{8, 4, 4, 4, 12}
	if len(groups) != len(want) {
		return false
	}
	for i, g := range groups {
		if len(g) != want[i] {
			return false
		}
		for _, ch := range g {
			if !(ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F') {
				return false
			}
		}
	}
	return true
}

func FormatDuration(s string) bool {
	s, ok := strings.CutPrefix(s, "P")
	if !ok || s == "" {
		return false
	}
	if w, ok := strings.CutSuffix(s, "W"); ok {
		if w == "" {
			return false
		}
		for _, ch := range w {
			if ch < '0' || ch > '9' {
				return false
			}
		}
		return true
	}
	all := [2]string{"YMD", "HMS"}
	for i, part := range strings.Split(s, "T") {
		if (i != 0 && part == "") || i >= len(all) {
			return false
		}
		units := all[i]
		for part != "" {
			n := 0
			for n < len(part) && part[n] >= '0' && part[n] <= '9' {
				n++
			}
			if n == 0 || n == len(part) {
				return false
			}
			j := strings.IndexByte(units, part[n])
			if j == -1 {
				return false
			}
			units = units[j+1:]
			part = part[n+1:]
		}
	}
	return true
}

func FormatIPv4(s string) bool {
	groups := strings.Split(s, ".")
	if len(groups) != 4 {
		return false
	}
	for _, g := range groups {
		if len(g) > 1 && g[0] == '0' {
			return false
		}
		n, err := strconv.Atoi(g)
		if err != nil || n < 0 || n > 255 {
			return false
		}
	}
	return true
}

func FormatIPv6(s string) bool {
	if !strings.Contains(s, ":") {
		return false
	}
	addr, err := netip.ParseAddr(s)
	return err == nil && addr.Zone() == ""
}

func FormatHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) < 1 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, ch := range label {
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-') {
				return false
			}
		}
	}
	return true
}

func FormatEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at == -1 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return false
	}
	if len(local) > 1 && strings.HasPrefix(local, `"`) && strings.HasSuffix(local, `"`) {
		q := local[1 : len(local)-1]
		if strings.IndexByte(q, '\\') != -1 || strings.IndexByte(q, '"') != -1 {
			return false
		}
	} else {
		if strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
			return false
		}
		for _, ch := range local {
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' ||
				strings.ContainsRune(".!#$%&'*+-/=?^_`{|}~", ch)) {
				return false
			}
		}
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		domain = domain[1 : len(domain)-1]
		if rem, ok := strings.CutPrefix(domain, "IPv6:"); ok {
			return FormatIPv6(rem)
		}
		return FormatIPv4(domain)
	}
	return FormatHostname(domain)
}

func FormatDate(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// FormatTime checks an RFC 3339 full-time (leap seconds allowed).
func FormatTime(str string) bool {
	if len(str) < 9 || str[2] != ':' || str[5] != ':' {
		return false
	}
	var hms [3]int
	for i, tok := range strings.SplitN(str[:8], ":", 3) {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 {
			return false
		}
		hms[i] = n
	}
	h, m, s := hms[0], hms[1], hms[2]
	if h > 23 || m > 59 || s > 60 {
		return false
	}
	str = str[8:]
	if rem, ok := strings.CutPrefix(str, "."); ok {
		n := 0
		for n < len(rem) && rem[n] >= '0' && rem[n] <= '9' {
			n++
		}
		if n == 0 {
			return false
		}
		str = rem[n:]
	}
	if str != "z" && str != "Z" {
		if len(str) != 6 || str[3] != ':' {
			return false
		}
		sign := 0
		switch str[0] {
		case '+':
			sign = -1
		case '-':
			sign = 1
		default:
			return false
		}
		zh, err1 := strconv.Atoi(str[1:3])
		zm, err2 := strconv.Atoi(str[4:6])
		if err1 != nil || err2 != nil || zh < 0 || zm < 0 || zh > 23 || zm > 59 {
			return false
		}
		hm := (h*60 + m) + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		h, m = hm/60, hm%60
	}
	return s < 60 || (h == 23 && m == 59)
}

func FormatDateTime(s string) bool {
	return len(s) >= 20 && (s[10] == 't' || s[10] == 'T') &&
		FormatDate(s[:10]) && FormatTime(s[11:])
}

func parseURL(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") || !FormatIPv6(host) {
			return nil, false
		}
	}
	return u, true
}

func FormatURI(s string) bool {
	u, ok := parseURL(s)
	return ok && u.IsAbs()
}

func FormatURIReference(s string) bool {
	if strings.Contains(s, `\`) {
		return false
	}
	_, ok := parseURL(s)
	return ok
}

func FormatURITemplate(s string) bool {
	u, ok := parseURL(s)
	if !ok {
		return false
	}
	for _, tok := range strings.Split(u.RawPath, "/") {
		tok, err := url.PathUnescape(tok)
		if err != nil {
			return false
		}
		want := true
		for _, ch := range tok {
			var got bool
			switch ch {
			case '{':
				got = true
			case '}':
				got = false
			default:
				continue
			}
			if got != want {
				return false
			}
			want = !want
		}
		if !want {
			return false
		}
	}
	return true
}

// FormatRegex checks that s compiles as an RE2 expression.
func FormatRegex(s string) bool {
	_, err := regexp.Compile(s)
	return err == nil
}

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
