package agreement

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A site is a value of a document with its place in the parent.
type site struct {
	n      *node
	parent *node // nil for the root
	idx    int   // index in parent.vals or parent.items
}

func collect(n, parent *node, idx int, out *[]site) {
	*out = append(*out, site{n, parent, idx})
	for i, v := range n.vals {
		collect(v, n, i, out)
	}
	for i, v := range n.items {
		collect(v, n, i, out)
	}
}

// A mutation changes the value at a site; it reports false when it does not
// apply there.
type mutation struct {
	name  string
	apply func(g *generator, s site) bool
}

// mutate returns a near-miss copy of doc as text and the names of the
// mutations applied (one to three).
func mutate(g *generator, doc *node) ([]byte, []string) {
	doc = doc.clone()
	var names []string
	suffix := ""
	for range 1 + g.r.IntN(3)*g.r.IntN(2) {
		if g.r.IntN(40) == 0 {
			suffix = pick(g.r, []string{" x", "{}", ",", " 1", "]"})
			names = append(names, "trailing bytes")
			continue
		}
		var sites []site
		collect(doc, nil, 0, &sites)
		names = append(names, applyOne(g, sites))
	}
	return append(doc.text(g.r), suffix...), names
}

// applyOne picks a mutation, then a site where it applies (another
// mutation when none does), so rare shapes get their share.
func applyOne(g *generator, sites []site) string {
	for _, mi := range g.r.Perm(len(mutations)) {
		m := mutations[mi]
		for _, si := range g.r.Perm(len(sites)) {
			if m.apply(g, sites[si]) {
				return m.name
			}
		}
	}
	panic("no mutation applies") // "null" applies everywhere
}

// replace puts v at the site (keeping the site's schema for later
// mutations).
func (s site) replace(v *node) {
	v.sch, v.alts, v.disc = s.n.sch, s.n.alts, s.n.disc
	*s.n = *v
}

var mutations = []mutation{
	{"unknown key", func(g *generator, s site) bool {
		if s.n.kind != 'o' {
			return false
		}
		s.n.keys = append(s.n.keys, pick(g.r, []string{"zzUnknown", "extra", "x", "label", "r"}))
		s.n.vals = append(s.n.vals, g.free(maxDepth))
		return true
	}},
	{"wrong-case key", func(g *generator, s site) bool {
		if s.n.kind != 'o' || len(s.n.keys) == 0 {
			return false
		}
		i := g.r.IntN(len(s.n.keys))
		k := s.n.keys[i]
		r, size := utf8.DecodeRuneInString(k)
		if unicode.IsUpper(r) {
			r = unicode.ToLower(r)
		} else {
			r = unicode.ToUpper(r)
		}
		s.n.keys[i] = string(r) + k[size:]
		return true
	}},
	{"duplicate key", func(g *generator, s site) bool {
		if s.n.kind != 'o' || len(s.n.keys) == 0 {
			return false
		}
		i := g.r.IntN(len(s.n.keys))
		v := s.n.vals[i].clone()
		if g.r.IntN(2) == 0 && v.sch != nil {
			v = g.value(v.sch, maxDepth)
		}
		s.n.keys = append(s.n.keys, s.n.keys[i])
		s.n.vals = append(s.n.vals, v)
		return true
	}},
	{"drop key", func(g *generator, s site) bool {
		if s.n.kind != 'o' || len(s.n.keys) == 0 {
			return false
		}
		i := g.r.IntN(len(s.n.keys))
		s.n.keys = append(s.n.keys[:i:i], s.n.keys[i+1:]...)
		s.n.vals = append(s.n.vals[:i:i], s.n.vals[i+1:]...)
		return true
	}},
	{"null", func(g *generator, s site) bool {
		s.replace(&node{kind: 'z'})
		return true
	}},
	{"wrong type", func(g *generator, s site) bool {
		vs := []*node{{kind: 's', str: "x"}, {kind: 'n', num: "7"}, {kind: 'b', b: true}, {kind: 'a'}, {kind: 'o'}}
		v := pick(g.r, vs)
		if v.kind == s.n.kind {
			return false
		}
		s.replace(v)
		return true
	}},
	{"number as string", func(g *generator, s site) bool {
		if s.n.kind != 'n' && s.n.kind != 'b' {
			return false
		}
		t := s.n.num
		if s.n.kind == 'b' {
			t = "true"
		}
		s.replace(&node{kind: 's', str: t})
		return true
	}},
	{"fraction", func(g *generator, s site) bool {
		if s.n.kind != 'n' {
			return false
		}
		r, ok := new(big.Rat).SetString(s.n.num)
		if !ok {
			return false
		}
		s.n.num = ratText(r.Add(r, big.NewRat(1, 2)))
		return true
	}},
	{"out of range", outOfRange},
	{"length", badLength},
	{"array items", badItems},
	{"bad format", func(g *generator, s site) bool {
		f, _ := s.n.sch["format"].(string)
		if s.n.kind != 's' || badFormats[f] == nil {
			return false
		}
		s.n.str = pick(g.r, badFormats[f])
		return true
	}},
	{"padded or recased string", func(g *generator, s site) bool {
		if s.n.kind != 's' {
			return false
		}
		s.n.str = pick(g.r, []string{" " + s.n.str + "\t", strings.ToUpper(s.n.str), strings.ToLower(s.n.str), "  ", "\u00a0" + s.n.str})
		return true
	}},
	{"bad number", func(g *generator, s site) bool {
		if s.n.kind != 'n' {
			return false
		}
		s.replace(&node{kind: 'r', str: pick(g.r, []string{"01", "+1", ".5", "1.", "NaN", "-", "1e", "0x10", "Infinity", "1_000"})})
		return true
	}},
	{"bad base64", func(g *generator, s site) bool {
		if s.n.kind != 's' || s.n.sch["contentEncoding"] != "base64" {
			return false
		}
		s.n.str = pick(g.r, []string{"!!", "abc", "YQ", "YQ==\n", "YWJj ZA==", "_-8="})
		return true
	}},
	{"pattern or enum miss", func(g *generator, s site) bool {
		if s.n.kind != 's' || (s.n.sch["pattern"] == nil && s.n.sch["enum"] == nil && s.n.sch["const"] == nil) {
			return false
		}
		s.n.str = pick(g.r, []string{"purple", strings.ToUpper(s.n.str), s.n.str + "!", " " + s.n.str, "v2"})
		return true
	}},
	{"unknown discriminator", func(g *generator, s site) bool {
		i := keyIndex(s.n, s.n.disc)
		if i < 0 {
			return false
		}
		s.n.vals[i] = &node{kind: 's', str: pick(g.r, []string{"nope", "Circle", "", "rect "})}
		return true
	}},
	{"sibling variant key", func(g *generator, s site) bool {
		if s.n.kind != 'o' || len(s.n.alts) < 2 {
			return false
		}
		alt := pick(g.r, s.n.alts)
		props, _ := alt["properties"].(obj)
		ks := sortedKeys(props)
		k := pick(g.r, ks)
		if k == s.n.disc || keyIndex(s.n, k) >= 0 {
			return false
		}
		s.n.keys = append(s.n.keys, k)
		s.n.vals = append(s.n.vals, g.value(props[k].(obj), maxDepth))
		return true
	}},
	{"bad string", func(g *generator, s site) bool {
		if s.n.kind != 's' {
			return false
		}
		s.replace(&node{kind: 'r', str: pick(g.r, []string{`"\ud800"`, `"a\udc00b"`, `"\ud83d\u0041"`, "\"\xff\"", "\"a\xc3\"", `"\u006e"`, "\"\x01\""})})
		return true
	}},
	{"escaped key", func(g *generator, s site) bool {
		if s.n.kind != 'o' || len(s.n.keys) == 0 {
			return false
		}
		// a key written with escapes is the same key (docs/decoding.md): the
		// document stays valid, and both must accept it
		i := g.r.IntN(len(s.n.keys))
		var b strings.Builder
		for _, c := range s.n.keys[i] {
			writeEscape(&b, c, g.r)
		}
		s.n.keys[i] = "\x00raw" + b.String()
		return true
	}},
}

func keyIndex(n *node, key string) int {
	if n.kind != 'o' || key == "" {
		return -1
	}
	for i, k := range n.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// outOfRange moves a number just past one of its bounds, or past the
// 64-bit range.
func outOfRange(g *generator, s site) bool {
	if s.n.kind != 'n' {
		return false
	}
	step := big.NewRat(1, 1)
	if m, ok := rat(s.n.sch["multipleOf"]); ok && g.r.IntN(2) == 0 {
		v, _ := new(big.Rat).SetString(s.n.num)
		if v == nil {
			return false
		}
		s.n.num = ratText(v.Add(v, new(big.Rat).Quo(m, big.NewRat(2, 1))))
		return true
	}
	var cands []*big.Rat
	for _, k := range []string{"minimum", "exclusiveMinimum"} {
		if v, ok := rat(s.n.sch[k]); ok {
			cands = append(cands, new(big.Rat).Sub(v, step), v)
		}
	}
	for _, k := range []string{"maximum", "exclusiveMaximum"} {
		if v, ok := rat(s.n.sch[k]); ok {
			cands = append(cands, new(big.Rat).Add(v, step), v)
		}
	}
	for _, t := range []string{"9223372036854775808", "-9223372036854775809", "18446744073709551616", "18446744073709551615", "-1", "1e400", "3.5e38"} {
		v, _ := new(big.Rat).SetString(t)
		cands = append(cands, v)
	}
	s.n.num = ratText(pick(g.r, cands))
	return true
}

func badLength(g *generator, s site) bool {
	if s.n.kind != 's' {
		return false
	}
	n := runeLen(s.n.str)
	if v := intKeyword(s.n.sch, "maxLength"); v >= 0 && g.r.IntN(2) == 0 {
		n = v + 1
	} else if v := intKeyword(s.n.sch, "minLength"); v > 0 {
		n = v - 1
	} else {
		n += 1 + g.r.IntN(3)
	}
	s.n.str = g.text(n, n)
	return true
}

func badItems(g *generator, s site) bool {
	switch {
	case s.n.kind == 'a' && len(s.n.items) > 0 && g.r.IntN(3) > 0:
		s.n.items = append(s.n.items, s.n.items[g.r.IntN(len(s.n.items))].clone())
	case s.n.kind == 'a' && len(s.n.items) > 0:
		s.n.items = s.n.items[1:]
	case s.n.kind == 'a':
		items, _ := s.n.sch["items"].(obj)
		s.n.items = append(s.n.items, g.value(items, maxDepth))
	default:
		return false
	}
	return true
}
