package stitchrt

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strconv"
	"time"
)

// Number reads a json.Number: a JSON number literal (or, with coerce, a
// string holding exactly one), its text kept as written ("1.50" stays
// "1.50").
func (d *Decoder) Number(coerce bool) (json.Number, bool) {
	if !d.number("number", coerce) {
		return "", false
	}
	return json.Number(d.num), true
}

// maxBigDigits bounds the digits of a big.Int the decoder builds, so a
// short input ("1e1000000000") cannot make it allocate without bound.
const maxBigDigits = 10000

// BigInt reads an integer of any size (up to maxBigDigits digits) into z:
// any JSON number with an integral value (1, 1.0, 1e2), as for the other
// integer kinds.
func (d *Decoder) BigInt(z *big.Int, coerce bool) bool {
	if !d.number("integer", coerce) {
		return false
	}
	x := parseDecimal(d.num)
	if x.zero() {
		z.SetInt64(0)
		return true
	}
	digits, e := digitsOf(&x)
	switch {
	case e < 0:
		d.issue("type", "integer", "expected integer, got "+clip(d.num))
		return false
	case int64(len(digits))+e > maxBigDigits:
		d.issue("range", "integer", "integer "+clip(d.num)+" has more than "+strconv.Itoa(maxBigDigits)+" digits")
		return false
	}
	z.SetString(digits, 10)
	if e > 0 {
		z.Mul(z, new(big.Int).Exp(big.NewInt(10), big.NewInt(e), nil))
	}
	if x.neg {
		z.Neg(z)
	}
	return true
}

// Duration reads a time.Duration from an ISO 8601 duration string
// (ParseDuration's grammar): a malformed or calendar duration is a format
// issue, one beyond time.Duration's range a range issue.
func (d *Decoder) Duration() (time.Duration, bool) {
	s, ok := d.Str()
	if !ok {
		return 0, false
	}
	v, err := ParseDuration(s)
	switch {
	case errors.Is(err, errDurationRange):
		d.issue("range", "duration", "duration "+quoteClip(s)+" is out of range: a duration holds at most 2562047h47m16.854775807s (about 292 years) either way")
		return 0, false
	case errors.Is(err, errDurationCalendar):
		d.issue("format", "duration", "duration "+quoteClip(s)+" uses years or months, which have no fixed length; give weeks, days, hours, minutes or seconds (\"P30D\", \"PT36H\")")
		return 0, false
	case err != nil:
		d.issue("format", "duration", "not an ISO 8601 duration such as \"PT1H30M\" or \"PT0.5S\": "+quoteClip(s))
		return 0, false
	}
	return v, true
}

var (
	errDurationSyntax   = errors.New("not an ISO 8601 duration")
	errDurationCalendar = errors.New("years and months have no fixed length")
	errDurationRange    = errors.New("duration out of range")
)

// durUnit is one component of a duration: its letter and its length.
type durUnit struct {
	letter byte
	ns     uint64
}

var (
	durDate = []durUnit{{'W', 7 * 24 * uint64(time.Hour)}, {'D', 24 * uint64(time.Hour)}}
	durTime = []durUnit{{'H', uint64(time.Hour)}, {'M', uint64(time.Minute)}, {'S', uint64(time.Second)}}
)

// ParseDuration reads an ISO 8601 duration as a time.Duration:
//
//	[-] "P" [n "W"] [n "D"] ["T" [n "H"] [n "M"] [n "S"]]
//
// with at least one component, each unit at most once and in this order,
// n a non-empty run of ASCII digits, and a fraction ("." and 1 to 9
// digits) only on the seconds ("PT0.25S"). A week is 7 days and a day 24
// hours (a time.Duration knows no calendar); years and months ("P1Y",
// "P1M") have no fixed length and are refused, as is a value beyond
// time.Duration's range. A leading "-" makes the duration negative
// (ISO 8601-2). It accepts every duration of RFC 3339's grammar (the
// "duration" format) but those with years or months, and also a
// fraction of a second, a negative sign and components with gaps
// ("PT1H30S").
func ParseDuration(s string) (time.Duration, error) {
	i, neg := 0, false
	if i < len(s) && s[i] == '-' {
		i, neg = 1, true
	}
	if i >= len(s) || s[i] != 'P' {
		return 0, errDurationSyntax
	}
	i++
	var total uint64
	n, calendar, err := durPart(s, &i, durDate, true, &total)
	if err != nil {
		return 0, err
	}
	if i < len(s) && s[i] == 'T' {
		i++
		m, cal, err := durPart(s, &i, durTime, false, &total)
		if err != nil {
			return 0, err
		}
		if m == 0 {
			return 0, errDurationSyntax // "P1DT" has no time component
		}
		n, calendar = n+m, calendar || cal
	}
	switch {
	case i != len(s) || n == 0:
		return 0, errDurationSyntax
	case calendar:
		return 0, errDurationCalendar
	case !neg && total > math.MaxInt64, neg && total > 1<<63:
		return 0, errDurationRange
	case neg:
		return time.Duration(-int64(total-1) - 1), nil
	}
	return time.Duration(total), nil
}

// durPart reads the components of one part (date or time) at s[*i:],
// adding their lengths to total: how many it read, and whether one was
// a year or a month (of the date part: "Y", or "M" before any "T").
func durPart(s string, i *int, units []durUnit, date bool, total *uint64) (n int, calendar bool, err error) {
	next := 0 // index in units of the least unit still allowed
	for *i < len(s) && isDigit(s[*i]) {
		j := *i
		var whole uint64
		over := false
		for j < len(s) && isDigit(s[j]) {
			if whole > (math.MaxUint64-9)/10 {
				over = true
			} else {
				whole = whole*10 + uint64(s[j]-'0')
			}
			j++
		}
		var frac uint64 // nanoseconds of a fraction of a second
		fracDigits := 0
		if j < len(s) && s[j] == '.' {
			j++
			for j < len(s) && isDigit(s[j]) {
				if fracDigits == 9 {
					return n, calendar, errDurationSyntax // finer than a nanosecond
				}
				frac = frac*10 + uint64(s[j]-'0')
				fracDigits++
				j++
			}
			if fracDigits == 0 {
				return n, calendar, errDurationSyntax
			}
			for k := fracDigits; k < 9; k++ {
				frac *= 10
			}
		}
		if j == len(s) {
			return n, calendar, errDurationSyntax // digits without a unit
		}
		u := s[j]
		if date && (u == 'Y' || u == 'M') {
			// Years and months: refused once the whole string is known to
			// be a duration otherwise.
			calendar = true
			*i, n = j+1, n+1
			continue
		}
		k := next
		for k < len(units) && units[k].letter != u {
			k++
		}
		if k == len(units) || (fracDigits > 0 && u != 'S') {
			return n, calendar, errDurationSyntax
		}
		next = k + 1
		if over || (whole != 0 && units[k].ns > (1<<63)/whole) {
			return n, calendar, errDurationRange
		}
		add := whole*units[k].ns + frac
		if *total > math.MaxUint64-add || *total+add > 1<<63 {
			return n, calendar, errDurationRange
		}
		*total += add
		*i, n = j+1, n+1
	}
	return n, calendar, nil
}

// AppendDuration appends x as the ISO 8601 duration ParseDuration reads
// back exactly, in hours, minutes and seconds without gaps: "PT1H30M",
// "PT1H0M30S", "PT0.25S", "PT0S", "-PT5S" (never days: a day of 24 hours
// is a convention of ParseDuration, not of every reader).
func AppendDuration(b []byte, x time.Duration) []byte {
	b = append(b, '"')
	u := uint64(x)
	if x < 0 {
		b = append(b, '-')
		u = -u
	}
	b = append(b, 'P', 'T')
	h := u / uint64(time.Hour)
	m := u / uint64(time.Minute) % 60
	ns := u % uint64(time.Minute)
	sec, frac := ns/uint64(time.Second), ns%uint64(time.Second)
	if h > 0 {
		b = strconv.AppendUint(b, h, 10)
		b = append(b, 'H')
	}
	if m > 0 || (h > 0 && ns > 0) {
		b = strconv.AppendUint(b, m, 10)
		b = append(b, 'M')
	}
	if ns > 0 || u == 0 {
		b = strconv.AppendUint(b, sec, 10)
		if frac > 0 {
			f := strconv.AppendUint(nil, frac+1e9, 10)[1:] // 9 digits, leading zeros kept
			for f[len(f)-1] == '0' {
				f = f[:len(f)-1]
			}
			b = append(b, '.')
			b = append(b, f...)
		}
		b = append(b, 'S')
	}
	return append(b, '"')
}
