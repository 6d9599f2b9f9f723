package agreement

import (
	"encoding/base64"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// maxDepth caps recursion: past it, optional properties are left out,
// arrays get their minimum count and nullable references become null.
const maxDepth = 4

// A generator produces random valid documents for one lossless schema.
type generator struct {
	r    *rand.Rand
	root obj
}

func newGenerator(root obj, seed uint64) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), root: root}
}

// parseSchema parses a schema constant with json.Number numbers.
func parseSchema(text string) (obj, error) {
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	var o obj
	err := d.Decode(&o)
	return o, err
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// resolve follows $ref (only "#/$defs/Name" references occur).
func (g *generator) resolve(s obj) obj {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		defs, _ := g.root["$defs"].(obj)
		s, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(obj)
	}
}

// types lists the schema's "type" keyword as a slice (nil when absent).
func types(s obj) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, x.(string))
		}
		return out
	}
	return nil
}

func hasType(s obj, t string) bool {
	for _, x := range types(s) {
		if x == t {
			return true
		}
	}
	return false
}

// value generates a valid value for s at the given depth.
func (g *generator) value(s obj, depth int) *node {
	s = g.resolve(s)
	if c, ok := s["const"]; ok {
		return g.tag(fromValue(c), s)
	}
	if e, ok := s["enum"].([]any); ok {
		return g.tag(fromValue(e[g.r.IntN(len(e))]), s)
	}
	if alts, ok := s["oneOf"].([]any); ok {
		return g.variant(alts, depth)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		return g.anyOf(alts, depth)
	}
	ts := types(s)
	if len(ts) == 0 {
		return g.free(depth)
	}
	t := ts[g.r.IntN(len(ts))]
	if depth >= maxDepth && hasType(s, "null") {
		t = "null"
	}
	return g.tag(g.typed(s, t, depth), s)
}

func (g *generator) tag(n *node, s obj) *node {
	n.sch = s
	return n
}

func (g *generator) typed(s obj, t string, depth int) *node {
	switch t {
	case "object":
		return g.object(s, depth)
	case "array":
		return g.array(s, depth)
	case "string":
		return &node{kind: 's', str: g.str(s)}
	case "integer":
		return &node{kind: 'n', num: g.integer(s)}
	case "number":
		return &node{kind: 'n', num: g.number(s)}
	case "boolean":
		return &node{kind: 'b', b: g.r.IntN(2) == 0}
	}
	return &node{kind: 'z'}
}

// variant picks one branch of a oneOf and remembers its siblings.
func (g *generator) variant(alts []any, depth int) *node {
	var objs []obj
	for _, a := range alts {
		objs = append(objs, g.resolve(a.(obj)))
	}
	n := g.value(objs[g.r.IntN(len(objs))], depth)
	n.alts = objs
	n.disc = discriminator(objs)
	return n
}

// discriminator is the first required property of the first variant that
// has a const or enum in every variant.
func discriminator(alts []obj) string {
	req, _ := alts[0]["required"].([]any)
	for _, k := range req {
		key := k.(string)
		ok := true
		for _, a := range alts {
			p, _ := a["properties"].(obj)
			ps, _ := p[key].(obj)
			if ps == nil || (ps["const"] == nil && ps["enum"] == nil) {
				ok = false
			}
		}
		if ok {
			return key
		}
	}
	return ""
}

func (g *generator) anyOf(alts []any, depth int) *node {
	if depth >= maxDepth {
		for _, a := range alts {
			if hasType(a.(obj), "null") {
				return g.value(a.(obj), depth)
			}
		}
	}
	return g.value(alts[g.r.IntN(len(alts))].(obj), depth)
}

// free generates a small free-form value.
func (g *generator) free(depth int) *node {
	k := g.r.IntN(7)
	if depth >= maxDepth {
		k = g.r.IntN(5)
	}
	switch k {
	case 0:
		return &node{kind: 'z'}
	case 1:
		return &node{kind: 'b', b: true}
	case 2:
		return &node{kind: 'n', num: pick(g.r, freeNumbers)}
	case 3, 4:
		return &node{kind: 's', str: g.text(0, 5)}
	case 5:
		n := &node{kind: 'a'}
		for range g.r.IntN(3) {
			n.items = append(n.items, g.free(depth+1))
		}
		return n
	}
	n := &node{kind: 'o'}
	for i := range g.r.IntN(3) {
		n.keys = append(n.keys, extraKeys[i])
		n.vals = append(n.vals, g.free(depth+1))
	}
	return n
}

var freeNumbers = []string{"0", "-1", "3.25", "1e400", "123456789012345678901234567890", "-0.0", "2.5E-3"}

// extraKeys are names for catchall members, map keys and stripped keys; some
// are declared by variants of the mixed contract (label, r, w, kind, x).
var extraKeys = []string{"zz", "label", "r", "w", "x", "ünï", "a b", "kind", "E", "k9"}

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

func (g *generator) object(s obj, depth int) *node {
	n := &node{kind: 'o'}
	props, _ := s["properties"].(obj)
	req := map[string]bool{}
	if rs, ok := s["required"].([]any); ok {
		for _, k := range rs {
			req[k.(string)] = true
		}
	}
	for _, k := range propOrder(s) {
		if !req[k] && (depth >= maxDepth || g.r.IntN(2) == 0) {
			continue
		}
		n.keys = append(n.keys, k)
		n.vals = append(n.vals, g.value(props[k].(obj), depth+1))
	}
	g.extras(n, s, props, depth)
	if g.r.IntN(4) == 0 { // key order does not matter
		g.r.Shuffle(len(n.keys), func(i, j int) {
			n.keys[i], n.keys[j] = n.keys[j], n.keys[i]
			n.vals[i], n.vals[j] = n.vals[j], n.vals[i]
		})
	}
	return n
}

// extras adds members the object accepts beyond its properties: map
// entries and catchall members (typed additionalProperties), free-form
// members ({}), and keys a strip object drops (keyword absent).
func (g *generator) extras(n *node, s obj, props obj, depth int) {
	ap, has := s["additionalProperties"]
	if b, ok := ap.(bool); ok && !b {
		return
	}
	lo, hi := 0, 2
	if v := intKeyword(s, "minProperties"); v >= 0 {
		lo = v
		hi = v + 2
	}
	if v := intKeyword(s, "maxProperties"); v >= 0 && v < hi {
		hi = v
	}
	count := lo + g.r.IntN(hi-lo+1)
	if depth >= maxDepth {
		count = lo
	}
	for _, k := range g.r.Perm(len(extraKeys)) {
		if len(n.keys) >= count && (len(n.keys) > 0 || lo == 0) {
			return
		}
		key := extraKeys[k]
		if _, declared := props[key]; declared {
			continue
		}
		n.keys = append(n.keys, key)
		switch {
		case !has:
			n.vals = append(n.vals, g.free(depth+1))
		default:
			n.vals = append(n.vals, g.value(ap.(obj), depth+1))
		}
	}
}

// propOrder lists the declared properties in a fixed order.
func propOrder(s obj) []string {
	props, _ := s["properties"].(obj)
	return sortedKeys(props)
}

// intKeyword reads a non-negative integer keyword, -1 when absent.
func intKeyword(s obj, k string) int {
	n, ok := s[k].(json.Number)
	if !ok {
		return -1
	}
	v, _ := n.Int64()
	return int(v)
}

func (g *generator) array(s obj, depth int) *node {
	n := &node{kind: 'a'}
	lo, hi := 0, 3
	if v := intKeyword(s, "minItems"); v >= 0 {
		lo, hi = v, v+3
	}
	if v := intKeyword(s, "maxItems"); v >= 0 && v < hi {
		hi = v
	}
	count := lo + g.r.IntN(hi-lo+1)
	if depth >= maxDepth {
		count = lo
	}
	items, _ := s["items"].(obj)
	unique := s["uniqueItems"] == true
	seen := map[string]bool{}
	for tries := 0; len(n.items) < count && tries < 30; tries++ {
		x := g.value(items, depth+1)
		if unique {
			c := canonical(x.text(nil))
			if seen[c] {
				continue
			}
			seen[c] = true
		}
		n.items = append(n.items, x)
	}
	return n
}

// canonical is a JSON text with keys sorted and numbers by float64 value,
// for uniqueness (two values equal here may still differ; they are then
// only not both generated).
func canonical(text []byte) string {
	var v any
	if json.Unmarshal(text, &v) != nil {
		return string(text)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// str generates a string for a string schema.
func (g *generator) str(s obj) string {
	if f, ok := s["format"].(string); ok {
		return pick(g.r, goodFormats[f])
	}
	if s["contentEncoding"] == "base64" {
		b := make([]byte, g.r.IntN(7))
		for i := range b {
			b[i] = byte(g.r.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	lo, hi := 0, 6
	if v := intKeyword(s, "minLength"); v >= 0 {
		lo, hi = v, v+6
	}
	if v := intKeyword(s, "maxLength"); v >= 0 && v < hi {
		hi = v
	}
	if p, ok := s["pattern"].(string); ok {
		return g.patterned(p, lo, hi)
	}
	return g.text(lo, hi)
}

// alphabet mixes ASCII, two-byte, three-byte and astral code points.
var alphabet = []rune("abcxyzABZ019 -_/.\"\\\néß中文😀𝄞\u2028\t~")

func (g *generator) text(lo, hi int) string {
	n := lo + g.r.IntN(hi-lo+1)
	var b strings.Builder
	for range n {
		b.WriteRune(pick(g.r, alphabet))
	}
	return b.String()
}

// patterned generates strings from the pattern's syntax tree until one
// matches and has a length in [lo, hi].
func (g *generator) patterned(p string, lo, hi int) string {
	re := regexp.MustCompile(p)
	for range 50 {
		s := fromRegexp(g.r, p)
		if re.MatchString(s) && runeLen(s) >= lo && runeLen(s) <= hi {
			return s
		}
	}
	panic("no string found for pattern " + p)
}

// integer generates an integer in the schema's bounds (within the 64-bit
// range the Go types have) that is a multiple of multipleOf.
func (g *generator) integer(s obj) string {
	lo, hi := bounds(s, true)
	if lo == nil {
		lo = new(big.Rat).SetInt64(-1 << 63)
	}
	if hi == nil {
		// the Go type is unknown here: stay in the int64 range unless the
		// lower bound is above it (uint64 values beyond it come from the
		// mutator)
		hi = new(big.Rat).SetUint64(1<<63 - 1)
		if lo.Cmp(hi) > 0 {
			hi.SetUint64(1<<64 - 1)
		}
	}
	step := big.NewRat(1, 1)
	if m, ok := rat(s["multipleOf"]); ok {
		step = m
	}
	v := g.between(lo, hi, step)
	return integerForm(g.r, v.Num().String())
}

// integerForm writes an integer in one of the JSON spellings of an
// integral value (docs/decoding.md): plain, with a zero fraction, or with an
// exponent.
func integerForm(r *rand.Rand, text string) string {
	digits := strings.TrimPrefix(text, "-")
	sign := text[:len(text)-len(digits)]
	switch r.IntN(12) {
	case 0:
		return text + ".0"
	case 1:
		return text + "e0"
	case 2:
		if digits != "0" {
			return text + "0E-1"
		}
	case 3:
		if len(digits) > 1 { // 1234 -> 1.234e3
			return sign + digits[:1] + "." + digits[1:] + "e" + strconv.Itoa(len(digits)-1)
		}
	case 4:
		if t := strings.TrimRight(digits, "0"); t != digits && t != "" {
			return sign + t + "e+" + strconv.Itoa(len(digits)-len(t))
		}
	}
	return text
}

// number generates a decimal in the schema's bounds, a multiple of
// multipleOf when set.
func (g *generator) number(s obj) string {
	lo, hi := bounds(s, false)
	if lo == nil && hi == nil && s["multipleOf"] == nil && g.r.IntN(4) == 0 {
		return pick(g.r, []string{"0", "-0", "1e-7", "3.4028234663852886e38", "1.5E300", "-2.5e-3", "12345.678",
			"1e-400", "4.9e-324", "-1.4e-45", "0.1e1", "1.7976931348623157e308", "123456789012345678901234567890"})
	}
	if lo == nil {
		lo = new(big.Rat).Sub(orRat(hi, 0), big.NewRat(1000, 1))
	}
	if hi == nil {
		hi = new(big.Rat).Add(lo, big.NewRat(1000, 1))
	}
	step := big.NewRat(1, 1000)
	if m, ok := rat(s["multipleOf"]); ok {
		step = m
	}
	v := g.between(lo, hi, step)
	return ratText(v)
}

func orRat(r *big.Rat, d int64) *big.Rat {
	if r == nil {
		return big.NewRat(d, 1)
	}
	return r
}

// between picks a multiple of step in [lo, hi], often at an edge.
func (g *generator) between(lo, hi, step *big.Rat) *big.Rat {
	kLo := ceilDiv(lo, step)
	kHi := floorDiv(hi, step)
	if kLo.Cmp(kHi) > 0 {
		kHi.Set(kLo) // no multiple inside: the result is invalid, and judged so
	}
	k := new(big.Int)
	span := new(big.Int).Sub(kHi, kLo)
	switch g.r.IntN(6) {
	case 0:
		k.Set(kLo)
	case 1:
		k.Set(kHi)
	case 2: // near zero, when inside
		k.SetInt64(int64(g.r.IntN(21) - 10))
		if k.Cmp(kLo) < 0 || k.Cmp(kHi) > 0 {
			k.Set(kLo)
		}
	default:
		if span.IsInt64() && span.Int64() < 1<<62 {
			k.Add(kLo, big.NewInt(g.r.Int64N(span.Int64()+1)))
		} else {
			k.Add(kLo, new(big.Int).Rsh(span, uint(g.r.IntN(64)+1)))
		}
	}
	return new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
}

func ceilDiv(a, b *big.Rat) *big.Int {
	q := new(big.Rat).Quo(a, b)
	z := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean: floor for positive denominators
	if new(big.Rat).SetInt(z).Cmp(q) < 0 {
		z.Add(z, big.NewInt(1))
	}
	return z
}

func floorDiv(a, b *big.Rat) *big.Int {
	q := new(big.Rat).Quo(a, b)
	return new(big.Int).Div(q.Num(), q.Denom())
}

// bounds returns the inclusive bounds of a numeric schema (nil when
// absent); exclusive bounds move in by one for integers and by 1/1000 for
// numbers (the generator's smallest step without multipleOf).
func bounds(s obj, integer bool) (lo, hi *big.Rat) {
	eps := big.NewRat(1, 1000)
	if integer {
		eps = big.NewRat(1, 1)
	}
	if v, ok := rat(s["minimum"]); ok {
		lo = v
	}
	if v, ok := rat(s["exclusiveMinimum"]); ok {
		lo = v.Add(v, eps)
	}
	if v, ok := rat(s["maximum"]); ok {
		hi = v
	}
	if v, ok := rat(s["exclusiveMaximum"]); ok {
		hi = v.Sub(v, eps)
	}
	return lo, hi
}

func rat(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

// ratText writes a rational with a finite decimal expansion exactly.
func ratText(v *big.Rat) string {
	if v.IsInt() {
		return v.Num().String()
	}
	for prec := 1; prec < 40; prec++ {
		t := v.FloatString(prec)
		if r, _ := new(big.Rat).SetString(t); r.Cmp(v) == 0 {
			return t
		}
	}
	return v.FloatString(20)
}
