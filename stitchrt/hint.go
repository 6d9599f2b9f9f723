package stitchrt

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stitchgen/stitchgen/facts"
)

// The hints of issue messages: `did you mean "X"?` for an unknown key or
// an enum value close to a declared one (decision 0040). They are computed
// only when an issue is built: the valid path never pays for them.

// didYouMean is the phrase a hint is written with; tests and models rely
// on it.
func didYouMean(s string) string { return "; did you mean " + strconv.Quote(s) + "?" }

// maxHintRunes bounds the work of a hint: a longer sent value or
// candidate gets none (the distance below is quadratic in the lengths).
const maxHintRunes = 128

// nearest returns the one candidate closest to got by nearness, and false
// when none is near or when two or more are equally near (a tie never
// suggests).
func nearest(got string, cands []string) (string, bool) {
	best, bestD, tie := "", -1, false
	for _, c := range cands {
		dist, ok := nearness(got, c)
		switch {
		case !ok || c == got:
		case bestD < 0 || dist < bestD:
			best, bestD, tie = c, dist, false
		case dist == bestD && c != best:
			tie = true
		}
	}
	return best, bestD >= 0 && !tie
}

// nearness says how near got is to the declared c, and whether it is near
// enough to suggest c: 0 when they differ only in letter case, 1 when they
// differ only in leading or trailing underscores (from, _from), else the
// optimal-string-alignment distance (insertions, deletions, substitutions
// and transpositions of adjacent characters) of their lower-case forms, up
// to a limit set by c's length in characters: none for 1-3, 1 for 4-7, 2
// from 8 on.
func nearness(got, c string) (int, bool) {
	g, w := []rune(strings.ToLower(got)), []rune(strings.ToLower(c))
	if len(g) > maxHintRunes || len(w) > maxHintRunes || len(w) == 0 {
		return 0, false
	}
	if string(g) == string(w) {
		return 0, true
	}
	if t := strings.Trim(string(w), "_"); t != "" && strings.Trim(string(g), "_") == t {
		return 1, true
	}
	limit := 0
	switch n := utf8.RuneCountInString(c); {
	case n >= 8:
		limit = 2
	case n >= 4:
		limit = 1
	}
	if limit == 0 || abs(len(g)-len(w)) > limit {
		return 0, false
	}
	dist := osa(g, w)
	return dist, dist <= limit
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// osa is the optimal string alignment distance of a and b (Damerau-
// Levenshtein where no substring is edited twice).
func osa(a, b []rune) int {
	rows := make([][]int, len(a)+1)
	for i := range rows {
		rows[i] = make([]int, len(b)+1)
		rows[i][0] = i
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(rows[i-1][j]+1, rows[i][j-1]+1, rows[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, rows[i-2][j-2]+1)
			}
			rows[i][j] = v
		}
	}
	return rows[len(a)][len(b)]
}

// quotedValues parses a list of quoted strings separated by ", " (an
// enum's allowed JSON strings, or a discriminator's allowed values as the
// generated code quotes them); values of another kind (numbers, booleans)
// end the list: no hint is offered among them.
func quotedValues(list string) []string {
	var out []string
	for list != "" {
		q, err := strconv.QuotedPrefix(list)
		if err != nil {
			return nil
		}
		s, err := strconv.Unquote(q)
		if err != nil {
			return nil
		}
		out = append(out, s)
		list = strings.TrimPrefix(list[len(q):], ", ")
	}
	return out
}

// enumHint returns the did-you-mean hint of a string value got outside the
// quoted allowed list, or "".
func enumHint(allowed, got string) string {
	if s, ok := nearest(got, quotedValues(allowed)); ok {
		return didYouMean(s)
	}
	return ""
}

// hintKeys adds a did-you-mean hint to each unknown_key issue whose key is
// near a declared key the object does not have. Which keys the object has
// is read again from the document (this runs only when an unknown_key
// issue was recorded): the declared keys are the issue's Expected list.
func (d *Decoder) hintKeys() {
	var root any
	parsed := false
	for i := range d.issues {
		is := &d.issues[i]
		if is.Code != "unknown_key" {
			continue
		}
		if !parsed {
			r := NewDecoder(d.data, false)
			root, _ = r.Any()
			r.Release()
			parsed = true
		}
		parent, key, ok := splitPointer(is.Path)
		if !ok {
			continue
		}
		obj, ok := lookup(&root, parent, d.repair).(map[string]any)
		if !ok {
			continue
		}
		var absent []string
		for _, k := range strings.Split(is.Expected, ", ") {
			if _, has := obj[k]; !has {
				absent = append(absent, k)
			}
		}
		if s, ok := nearest(key, absent); ok {
			is.Message += didYouMean(s)
		}
	}
}

// splitPointer splits a JSON Pointer into its parent's tokens and its last
// token, unescaped.
func splitPointer(p string) (parent []string, last string, ok bool) {
	if p == "" || p[0] != '/' {
		return nil, "", false
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = facts.UnescapePointerToken(t)
	}
	return toks[:len(toks)-1], toks[len(toks)-1], true
}

// lookup follows the tokens from *root; with repair, a string on the way
// is read as the JSON it holds (JSON-string repair decoded it so) and put
// in its place, so that the issues of one decode parse each string once.
func lookup(root *any, toks []string, repair bool) any {
	*root = reparse(*root, repair)
	v := *root
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			c, has := x[t]
			if !has {
				return nil
			}
			v = reparse(c, repair)
			x[t] = v
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = reparse(x[i], repair)
			x[i] = v
		default:
			return nil
		}
	}
	return v
}

// reparse returns the value a string holds as JSON when repair is on (the
// string itself when it holds none), else v.
func reparse(v any, repair bool) any {
	s, ok := v.(string)
	if !ok || !repair {
		return v
	}
	r := NewDecoder([]byte(s), false)
	p, pok := r.Any()
	r.end()
	bad := !pok || r.fatal
	r.Release()
	if bad {
		return v
	}
	return p
}

// UniqueRaw judges uniqueItems on an array whose items did not all decode
// (a failed item holds no value to compare): on the items' JSON, as JSON
// Schema defines it, so an item's issue never hides a duplicate. m is the
// mark taken just after the array opened; the array has just closed.
func (d *Decoder) UniqueRaw(m Mark) {
	if d.fatal || d.quiet || m.pos > d.pos || m.pos == 0 {
		return
	}
	r := NewDecoder(append([]byte{'['}, d.data[m.pos:d.pos]...), false)
	v, ok := r.Any()
	r.Release()
	items, isArr := v.([]any)
	if !ok || !isArr {
		return
	}
	d.Unique(FirstDupJSON(items))
}

// optionalNull is the hint of a null for an optional property that is not
// nullable.
const optionalNull = "; to leave it unset, omit the key"

// nullHint returns optionalNull when the null at position at is the whole
// value of an optional, non-nullable property (NullAsAbsent marked where
// its value starts: only whitespace lies between), else "".
func (d *Decoder) nullHint(at int) string {
	if d.opt == 0 || d.opt-1 > at || at > len(d.data) {
		return ""
	}
	for _, c := range d.data[d.opt-1 : at] {
		if c > ' ' {
			return ""
		}
	}
	return optionalNull
}
