package agreement

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A node is one JSON value of a generated document. Objects keep their key
// order and may hold a key twice (for the duplicate-key mutation); raw nodes
// carry text that is written as is (lone surrogates, invalid UTF-8).
type node struct {
	kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null, 'r' raw
	str   string
	num   string
	b     bool
	items []*node
	keys  []string
	vals  []*node
	// sch is the schema the value was generated for (nil when free-form);
	// alts are the variants of the oneOf it was chosen from, disc that
	// union's discriminator key.
	sch  obj
	alts []obj
	disc string
}

// obj is a schema object parsed with json.Number numbers.
type obj = map[string]any

func (n *node) clone() *node {
	c := *n
	c.items = make([]*node, len(n.items))
	for i, x := range n.items {
		c.items[i] = x.clone()
	}
	c.keys = append([]string(nil), n.keys...)
	c.vals = make([]*node, len(n.vals))
	for i, x := range n.vals {
		c.vals[i] = x.clone()
	}
	return &c
}

// write appends the JSON text of n; r decides which characters of strings
// and keys are written as \u escapes (nil: none).
func (n *node) write(b *strings.Builder, r *rand.Rand) {
	switch n.kind {
	case 'o':
		b.WriteByte('{')
		space(b, r)
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
				space(b, r)
			}
			if raw, ok := strings.CutPrefix(k, "\x00raw"); ok {
				b.WriteString(`"` + raw + `"`)
			} else {
				writeString(b, k, r)
			}
			space(b, r)
			b.WriteByte(':')
			space(b, r)
			n.vals[i].write(b, r)
			space(b, r)
		}
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i, x := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			space(b, r)
			x.write(b, r)
			space(b, r)
		}
		b.WriteByte(']')
	case 's':
		writeString(b, n.str, r)
	case 'n':
		b.WriteString(n.num)
	case 'b':
		b.WriteString(strconv.FormatBool(n.b))
	case 'z':
		b.WriteString("null")
	case 'r':
		b.WriteString(n.str)
	}
}

// space writes JSON whitespace now and then (never without r).
func space(b *strings.Builder, r *rand.Rand) {
	if r != nil && r.IntN(10) == 0 {
		b.WriteString(pick(r, []string{" ", "\t", "\n", "\r\n", "  \n\t"}))
	}
}

// text is the document text of n.
func (n *node) text(r *rand.Rand) []byte {
	var b strings.Builder
	space(&b, r)
	n.write(&b, r)
	space(&b, r)
	return []byte(b.String())
}

// writeString writes s as a JSON string; with r set, some characters are
// written as \u escapes (astral ones as surrogate pairs).
func writeString(b *strings.Builder, s string, r *rand.Rand) {
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || (r != nil && r.IntN(12) == 0):
			writeEscape(b, c, r)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
}

func writeEscape(b *strings.Builder, c rune, r *rand.Rand) {
	if short, ok := shortEscapes[c]; ok && r != nil && r.IntN(2) == 0 {
		b.WriteString(short)
		return
	}
	if c >= 0x10000 {
		c -= 0x10000
		writeU(b, 0xD800+(c>>10))
		writeU(b, 0xDC00+(c&0x3FF))
		return
	}
	writeU(b, c)
}

// shortEscapes are the two-character escapes of JSON.
var shortEscapes = map[rune]string{'\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '/': `\/`}

func writeU(b *strings.Builder, c rune) {
	const hex = "0123456789abcdef"
	b.WriteString(`\u`)
	for s := 12; s >= 0; s -= 4 {
		b.WriteByte(hex[(c>>s)&0xF])
	}
}

// fromValue builds a node from a value decoded with json.Number numbers.
func fromValue(v any) *node {
	switch v := v.(type) {
	case nil:
		return &node{kind: 'z'}
	case bool:
		return &node{kind: 'b', b: v}
	case string:
		return &node{kind: 's', str: v}
	case interface{ String() string }: // json.Number
		return &node{kind: 'n', num: v.String()}
	case []any:
		n := &node{kind: 'a'}
		for _, x := range v {
			n.items = append(n.items, fromValue(x))
		}
		return n
	case map[string]any:
		n := &node{kind: 'o'}
		for _, k := range sortedKeys(v) {
			n.keys = append(n.keys, k)
			n.vals = append(n.vals, fromValue(v[k]))
		}
		return n
	}
	panic("unexpected value")
}

// runeLen is the length of s in code points.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
