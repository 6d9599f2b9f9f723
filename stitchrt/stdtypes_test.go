package stitchrt

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/internal/formatsuite"
)

func TestParseDuration(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
	}{
		{"PT30S", 30 * time.Second},
		{"PT1H30M", 90 * time.Minute},
		{"PT0.25S", 250 * time.Millisecond},
		{"PT0.000000001S", time.Nanosecond},
		{"P1D", 24 * time.Hour},
		{"P1W", 7 * 24 * time.Hour},
		{"P1W2D", 9 * 24 * time.Hour},
		{"P1DT1H", 25 * time.Hour},
		{"PT1H30S", time.Hour + 30*time.Second},
		{"PT1H0M30S", time.Hour + 30*time.Second},
		{"PT0S", 0},
		{"P0D", 0},
		{"-PT5S", -5 * time.Second},
		{"-P0D", 0},
		{"PT01M", time.Minute},
		{"PT90M", 90 * time.Minute},
		{"PT2562047H47M16.854775807S", math.MaxInt64},
		{"-PT2562047H47M16.854775808S", math.MinInt64},
		{"P106751DT23H47M16.854775807S", math.MaxInt64},
	} {
		got, err := ParseDuration(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		want error
	}{
		{"", errDurationSyntax}, {"P", errDurationSyntax}, {"PT", errDurationSyntax}, {"P1DT", errDurationSyntax},
		{"1h30m", errDurationSyntax}, {"PT1.5H", errDurationSyntax}, {"P1.5D", errDurationSyntax},
		{"PT1M1H", errDurationSyntax}, {"PT1S1S", errDurationSyntax}, {"P1D1W", errDurationSyntax},
		{"PT0,5S", errDurationSyntax}, {"PT0.S", errDurationSyntax}, {"PT.5S", errDurationSyntax},
		{"PT0.0000000001S", errDurationSyntax}, {"pt1s", errDurationSyntax}, {"PT1", errDurationSyntax},
		{"+PT1S", errDurationSyntax}, {"--PT1S", errDurationSyntax}, {"PT-1S", errDurationSyntax},
		{"P1H", errDurationSyntax}, {"PT1D", errDurationSyntax}, {" PT1S", errDurationSyntax},
		{"P1Y", errDurationCalendar}, {"P1M", errDurationCalendar}, {"P1Y2M3DT4H5M6S", errDurationCalendar},
		{"P1Y2D", errDurationCalendar}, {"-P1M", errDurationCalendar},
		{"PT2562047H47M16.854775808S", errDurationRange}, {"-PT2562047H47M16.854775809S", errDurationRange},
		{"P106752D", errDurationRange}, {"PT99999999999999999999S", errDurationRange},
		{"PT9223372036854775807H", errDurationRange}, {"P15250285W", errDurationRange},
	} {
		got, err := ParseDuration(tt.in)
		if !errors.Is(err, tt.want) {
			t.Errorf("ParseDuration(%q) = %v, %v; want error %v", tt.in, got, err, tt.want)
		}
	}
}

func TestAppendDuration(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{90 * time.Minute, `"PT1H30M"`},
		{time.Hour + 30*time.Second, `"PT1H0M30S"`},
		{0, `"PT0S"`},
		{250 * time.Millisecond, `"PT0.25S"`},
		{-5 * time.Second, `"-PT5S"`},
		{49 * time.Hour, `"PT49H"`},
		{time.Hour + time.Nanosecond, `"PT1H0M0.000000001S"`},
		{math.MaxInt64, `"PT2562047H47M16.854775807S"`},
		{math.MinInt64, `"-PT2562047H47M16.854775808S"`},
	} {
		if got := string(AppendDuration(nil, tt.d)); got != tt.want {
			t.Errorf("AppendDuration(%v) = %s, want %s", tt.d, got, tt.want)
		}
	}
}

// TestDurationRoundTrip: every written duration reads back to the same
// value, and one of whole seconds, not negative, is an RFC 3339 duration
// (the "duration" format).
func TestDurationRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2026))
	units := []time.Duration{time.Nanosecond, time.Millisecond, time.Second, time.Minute, time.Hour, 24 * time.Hour}
	for i := range 20000 {
		var d time.Duration
		switch i % 3 {
		case 0:
			d = time.Duration(r.Int64()) // any value
		case 1:
			d = time.Duration(r.Int64N(10000)) * units[r.IntN(len(units))] // round values
		default:
			d = time.Duration(r.Int64N(1000))*time.Hour + time.Duration(r.Int64N(60))*time.Minute + time.Duration(r.Int64N(3))*time.Second
		}
		if r.IntN(4) == 0 {
			d = -d
		}
		text := AppendDuration(nil, d)
		var s string
		if err := json.Unmarshal(text, &s); err != nil {
			t.Fatalf("AppendDuration(%d) = %s, not a JSON string", d, text)
		}
		if got, err := ParseDuration(s); err != nil || got != d {
			t.Fatalf("ParseDuration(AppendDuration(%d) = %s) = %d, %v", d, s, got, err)
		}
		if d >= 0 && d%time.Second == 0 && !FormatDuration(s) {
			t.Fatalf("AppendDuration(%d) = %s is not an RFC 3339 duration", d, s)
		}
	}
}

// isoExtension matches what ParseDuration takes beyond RFC 3339's grammar:
// a sign, a fraction of a second, weeks mixed with other units, and gaps
// between units (docs/decoding.md, "Durations").
var isoExtension = regexp.MustCompile(`^-|\.|W.|.W|D[0-9]+S|H[0-9]+S|T[0-9]+M[0-9]+H`)

// TestDurationSuite compares ParseDuration with the JSON Schema Test
// Suite's duration cases (RFC 3339's grammar): it takes every valid one
// but those with years or months (and those beyond a time.Duration's
// range), and refuses every invalid one but those
// of an ISO 8601 extension it takes on purpose.
func TestDurationSuite(t *testing.T) {
	n := 0
	for _, c := range formatsuite.Cases(t, func(format string) bool { return format == "duration" }) {
		var s string
		if len(c.Data) == 0 || c.Data[0] != '"' {
			continue
		}
		if err := json.Unmarshal(c.Data, &s); err != nil {
			t.Fatal(err)
		}
		n++
		_, err := ParseDuration(s)
		date, _, _ := strings.Cut(s, "T")
		calendar := strings.ContainsAny(date, "YM")
		switch {
		case c.Valid && calendar:
			if !errors.Is(err, errDurationCalendar) {
				t.Errorf("%q (%s): %v, want the calendar error", s, c.Desc, err)
			}
		case c.Valid && errors.Is(err, errDurationRange):
			// A valid duration beyond a time.Duration's range.
		case c.Valid && err != nil:
			t.Errorf("%q (%s): %v, want a duration", s, c.Desc, err)
		case !c.Valid && err == nil && !isoExtension.MatchString(s):
			t.Errorf("%q (%s): accepted, the suite says invalid", s, c.Desc)
		}
	}
	if n == 0 {
		t.Skip("the JSON Schema Test Suite's format files are not present")
	}
}

// FuzzParseDuration: whatever ParseDuration takes, AppendDuration writes
// a form it reads back to the same value.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"PT1H30M", "PT0.25S", "-P1W2DT3H4M5.6S", "P1Y", "PT2562047H47M16.854775807S", "P106752D"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			return
		}
		var w string
		if err := json.Unmarshal(AppendDuration(nil, d), &w); err != nil {
			t.Fatal(err)
		}
		if back, err := ParseDuration(w); err != nil || back != d {
			t.Fatalf("%q = %d, written %q, read back %d, %v", s, d, w, back, err)
		}
	})
}

func TestBigInt(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"0", "0", ""}, {"-0", "0", ""}, {"1.0", "1", ""}, {"1e2", "100", ""}, {"-5E+1", "-50", ""},
		{"12.5e1", "125", ""}, {"0.0e5", "0", ""},
		{"123456789012345678901234567890", "123456789012345678901234567890", ""},
		{"1e9999", "1" + strings.Repeat("0", 9999), ""},
		{"1.5", "", "(root): type: expected integer, got 1.5"},
		{"1e-1", "", "(root): type: expected integer, got 1e-1"},
		{`"1"`, "", "(root): type: expected integer, got string"},
		{"1e10000", "", "(root): range: integer 1e10000 has more than 10000 digits"},
		{"-1e1000000000", "", "(root): range: integer -1e1000000000 has more than 10000 digits"},
	} {
		var z big.Int
		d := NewDecoder([]byte(tt.in), false)
		d.BigInt(&z, false)
		err := d.Finish()
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%s: err %v, want %s", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || z.String() != tt.want):
			t.Errorf("%s: %s, %v; want %s", tt.in, z.String(), err, tt.want)
		}
	}
}
