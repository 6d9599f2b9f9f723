package stitchrt

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Minimum checks the last number read against a lower bound, exactly.
func (d *Decoder) Minimum(lit string, exclusive bool) {
	if c := CmpDec(d.num, lit); c < 0 || (exclusive && c == 0) {
		d.MinimumFail(lit, exclusive)
	}
}

// Maximum checks the last number read against an upper bound, exactly.
func (d *Decoder) Maximum(lit string, exclusive bool) {
	if c := CmpDec(d.num, lit); c > 0 || (exclusive && c == 0) {
		d.MaximumFail(lit, exclusive)
	}
}

// MultipleOf checks the last number read.
func (d *Decoder) MultipleOf(lit string) {
	if !isMultipleOf(d.num, lit) {
		d.MultipleOfFail(lit)
	}
}

// StrLen checks a string's length in Unicode code points; a bound < 0 is absent.
// The string is valid UTF-8, so its count is between ceil(len/4) and len:
// the code points are counted only when that range straddles a bound.
func (d *Decoder) StrLen(s string, lo, hi int) {
	if (hi < 0 || len(s) <= hi) && (len(s)+3)/4 >= lo {
		return
	}
	d.strLenSlow(s, lo, hi)
}

//go:noinline (keeps strLen within the inlining budget)
func (d *Decoder) strLenSlow(s string, lo, hi int) {
	d.Count(utf8.RuneCountInString(s), lo, hi, "string length")
}

// Count checks a length (string, items or properties); a bound < 0 is absent.
func (d *Decoder) Count(n, lo, hi int, what string) {
	switch {
	case lo >= 0 && n < lo:
		d.issue("length", ">= "+strconv.Itoa(lo), what+" "+strconv.Itoa(n)+" is below the minimum "+strconv.Itoa(lo))
	case hi >= 0 && n > hi:
		d.issue("length", "<= "+strconv.Itoa(hi), what+" "+strconv.Itoa(n)+" is above the maximum "+strconv.Itoa(hi))
	}
}

// Pattern checks s against a precompiled RE2 expression.
func (d *Decoder) Pattern(s string, re *regexp.Regexp) {
	if !re.MatchString(s) {
		d.PatternFailOn(re.String(), s)
	}
}

// PatternFailOn records that the string s does not match the pattern src;
// the message quotes s (cut like every quoted input).
func (d *Decoder) PatternFailOn(src, s string) {
	if d.counted() {
		return
	}
	d.issue("pattern", src, quoteClip(s)+" does not match the pattern "+src)
}

// FormatOn records a format failure of the string s unless ok; the
// message quotes s.
func (d *Decoder) FormatOn(ok bool, name, s string) {
	if !ok && !d.counted() {
		d.issue("format", name, "not a valid "+name+": "+quoteClip(s))
	}
}

// PatternFail records that a string does not match the pattern src (the
// check itself is a matcher generated from src; same issue as pattern).
func (d *Decoder) PatternFail(src string) {
	d.issue("pattern", src, "does not match the pattern "+src)
}

// Format records a Format failure unless ok.
func (d *Decoder) Format(ok bool, name string) {
	if !ok {
		d.issue("format", name, "not a valid "+name)
	}
}

// FormatErr records the error of a type's own decoder (UnmarshalText or
// UnmarshalJSON) as a format issue; a long error text, which may quote the
// whole input, is cut.
func (d *Decoder) FormatErr(name string, err error) {
	msg := err.Error()
	if len(msg) > 4*clipLen {
		n := 2 * clipLen
		for n > 0 && !utf8.RuneStart(msg[n]) {
			n--
		}
		msg = msg[:n] + "…(" + strconv.Itoa(len(msg)) + " bytes)"
	}
	d.issue("format", name, "not a valid "+name+": "+msg)
}

// NotInEnum records an enum (or const) failure; allowed lists the JSON
// values, got is the JSON text of the value.
// A string got near one allowed string gets a did-you-mean hint.
func (d *Decoder) NotInEnum(allowed, got string) {
	if d.counted() {
		return
	}
	hint := ""
	if len(got) > 0 && got[0] == '"' {
		if s, err := strconv.Unquote(got); err == nil {
			hint = enumHint(allowed, s)
		}
	}
	d.issue("enum", allowed, "must be one of "+allowed+"; got "+clip(got)+hint)
}

// Unique records a uniqueItems failure at item index i when i >= 0.
func (d *Decoder) Unique(i, j int) {
	if i >= 0 && !d.counted() {
		d.issue("unique", "unique items", "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal")
	}
}

// FirstDup returns the indexes of the first two equal items, or -1, -1.
func FirstDup[T comparable](s []T) (int, int) {
	if len(s) <= 16 {
		for j := range s {
			for i := 0; i < j; i++ {
				if s[i] == s[j] {
					return i, j
				}
			}
		}
		return -1, -1
	}
	seen := make(map[T]int, len(s))
	for j, v := range s {
		if i, ok := seen[v]; ok {
			return i, j
		}
		seen[v] = j
	}
	return -1, -1
}

// FirstDupJSON is FirstDup for items that are not comparable in Go: it
// compares a canonical form of their JSON (object keys sorted, numbers by
// value), which is JSON equality as uniqueItems defines it.
func FirstDupJSON[T any](s []T) (int, int) {
	enc := make([]string, len(s))
	for i := range s {
		b, err := json.Marshal(s[i])
		if err != nil {
			return -1, -1
		}
		d := NewDecoder(b, false)
		v, _ := d.Any()
		enc[i] = string(canon(nil, v))
	}
	return FirstDup(enc)
}

// canon writes a free-form value canonically: keys sorted, numbers
// as sign, significant digits and exponent.
func canon(b []byte, v any) []byte {
	switch v := v.(type) {
	case map[string]any:
		b = append(b, '{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, k)
			b = append(b, ':')
			b = canon(b, v[k])
		}
		return append(b, '}')
	case []any:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = canon(b, x)
		}
		return append(b, ']')
	case json.Number:
		x := parseDecimal(string(v))
		if x.zero() {
			return append(b, '0')
		}
		if x.neg {
			b = append(b, '-')
		}
		digits, exp := digitsOf(&x)
		return strconv.AppendInt(append(append(b, digits...), 'e'), exp, 10)
	case string:
		return AppendString(b, v)
	case bool:
		return strconv.AppendBool(b, v)
	}
	return append(b, "null"...)
}

// Unknown handles a key the object does not declare under the strict
// policy: an unknown_key issue naming the allowed keys (or duplicate_key
// when seen has it already); the value is skipped.
func (d *Decoder) Unknown(seen *KeySet, k []byte, allowed string) {
	if !(d.failFast && d.catching == 0) && !seen.addNew(k) { // a trial stops at the first issue anyway
		d.Dup(k)
		return
	}
	if !d.counted() {
		d.keyIssue(k, "unknown_key", allowed, "unknown key "+quoteClip(k)+"; allowed keys: "+allowed)
	}
	d.skipAt(k, true)
}

// A KeySet remembers the keys an object dropped or kept in a map,
// to find duplicates in linear time. The map is allocated lazily.
type KeySet struct{ m map[string]struct{} }

// addNew adds k and reports whether it was new.
func (s *KeySet) addNew(k []byte) bool {
	if s.m == nil {
		s.m = map[string]struct{}{}
	}
	if _, ok := s.m[string(k)]; ok {
		return false
	}
	s.m[string(k)] = struct{}{}
	return true
}

// Drop handles an unknown key under the strip policy: the value is
// validated and skipped, and its pointer reported as dropped.
func (d *Decoder) Drop(seen *KeySet, k []byte) {
	if !seen.addNew(k) {
		d.Dup(k)
		return
	}
	d.dropped = append(d.dropped, d.pointer(k, true))
	d.skipAt(k, true)
}

// Dup records a duplicate key and skips its value.
// FirstKey reports whether member k of an object is seen for the first
// time, the keys seen so far being the bits of *seen and k's being bit,
// and records it; a repeat is a duplicate_key issue and its value is
// skipped. (The caller then pushes k; FirstKey stays within the inlining
// budget without it.)
func (d *Decoder) FirstKey(seen *uint64, bit uint64, k []byte) bool {
	if *seen&bit != 0 {
		d.Dup(k)
		return false
	}
	*seen |= bit
	return true
}

// Dup records a duplicate key k of the current object and skips its value.
func (d *Decoder) Dup(k []byte) {
	d.keyIssue(k, "duplicate_key", "", "duplicate key "+quoteClip(k))
	d.skipAt(k, true)
}

// skipAt skips the value of member k, so an issue in it names /k/...;
// dups says whether duplicate keys in it are looked for.
func (d *Decoder) skipAt(k []byte, dups bool) {
	d.Push(k)
	d.skipValue(dups)
	d.Pop()
}

// Missing records a Missing required key.
func (d *Decoder) Missing(k string) {
	if d.counted() {
		return
	}
	d.keyIssue([]byte(k), "missing", "", "missing required key "+strconv.Quote(k))
}

// Custom records the error of a Validate method.
func (d *Decoder) Custom(err error) {
	if err != nil {
		d.issue("custom", "", err.Error())
	}
}

// MinimumFail records a failed lower bound on the last number read: an
// integer bound the generated code compared itself (lit is the tag's
// literal, as Minimum reports it).
func (d *Decoder) MinimumFail(lit string, exclusive bool) {
	op := ">= "
	if exclusive {
		op = "> "
	}
	d.issue("range", op+lit, "must be "+op+lit+", got "+clip(d.num))
}

// MaximumFail records a failed upper bound on the last number read, as
// MinimumFail.
func (d *Decoder) MaximumFail(lit string, exclusive bool) {
	op := "<= "
	if exclusive {
		op = "< "
	}
	d.issue("range", op+lit, "must be "+op+lit+", got "+clip(d.num))
}

// MultipleOfFail records a failed multipleOf on the last number read, as
// MinimumFail.
func (d *Decoder) MultipleOfFail(lit string) {
	d.issue("range", "multipleOf "+lit, "must be a multiple of "+lit+", got "+clip(d.num))
}

// RangeFail records a failed bound or multipleOf ("range") on the last
// number read; want is the rule, as ">= 1" or "multipleOf 2". Generated
// code of versions 1 and 2 calls it; version 3 calls MinimumFail,
// MaximumFail and MultipleOfFail.
func (d *Decoder) RangeFail(want string) {
	if rest, ok := strings.CutPrefix(want, "multipleOf "); ok {
		d.MultipleOfFail(rest)
		return
	}
	d.issue("range", want, "must be "+want+", got "+clip(d.num))
}
