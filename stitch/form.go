package stitch

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A FormKind names a reversible form: how a strict provider profile has
// the model write a shape the provider cannot say (docs/profiles.md,
// "Reversible forms"). The names are the generator's (package profile).
type FormKind string

const (
	// FormEntries is a map written as an array of {"key": string,
	// "value": T} objects.
	FormEntries FormKind = "entries"
	// FormExtra is a loose object whose members other than its declared
	// properties are written under the property ExtraKey, as entries.
	FormExtra FormKind = "extra"
	// FormJSON is a free-form value written as a string holding its JSON
	// text.
	FormJSON FormKind = "json"
)

// ExtraKey is the property that holds a loose object's other members in
// the FormExtra form.
const ExtraKey = "additional_properties"

// A Form is one place where a profile has the model write a reversible
// form: Pointer is a JSON Pointer into the arguments as the model writes
// them, in which the token "*" stands for any array index.
type Form struct {
	Pointer string
	Kind    FormKind
	// Keys are a FormExtra object's declared properties: an entry of its
	// other members cannot have one as its key.
	Keys []string
}

// ReadForms rewrites args, written under a profile whose reversible forms
// are forms (ProfileSchema.Forms), in the contract's form: what the
// dispatcher does before a tool's decoder sees a call made through a
// profile. A form the model got wrong is a *Error whose issues point where
// the model wrote it. Arguments that are not JSON are returned as they
// are, for the decoder to report.
func ReadForms(args []byte, forms []Form) ([]byte, error) {
	out, _, issues := fromForms(args, forms)
	if issues != nil {
		return nil, &Error{Issues: issues}
	}
	return out, nil
}

// maxFormDepth bounds the nesting the form reader follows; deeper
// arguments are left to the decoder, whose own limit (512) is lower.
const maxFormDepth = 600

// fromForms rewrites args, written in the reversible forms of a profile,
// in the contract's form, for the exact decoder. It returns the rewritten
// arguments and how to map the decoder's pointers back to the ones the
// model wrote, or the issues of a form the model got wrong (a key given
// twice, JSON text that does not parse, a form of the wrong shape), at the
// pointers the model wrote. Arguments that are not JSON, or too deep, are
// returned as they are: the decoder reports them.
func fromForms(args []byte, forms []Form) ([]byte, *relocations, []Issue) {
	r := &formReader{data: args}
	root, ok := r.value(0)
	if !ok || r.skip() != len(args) {
		return args, nil, nil
	}
	m := &formMapper{forms: make(map[string]Form, len(forms)), rel: &relocations{}}
	for _, f := range forms {
		m.forms[f.Pointer] = f
	}
	m.out = make([]byte, 0, len(args))
	m.value(root, "", "", "")
	if len(m.issues) > 0 {
		return nil, nil, m.issues
	}
	return m.out, m.rel, nil
}

// ---- reading: a tree of the argument bytes ----

// A jnode is one JSON value of the arguments: an object (its members),
// an array (its elements) or a scalar (its bytes).
type jnode struct {
	kind  byte // '{', '[', '"', 'n' (null) or '0' (another scalar)
	raw   []byte
	keys  []jkey
	elems []*jnode
}

// A jkey is an object member's key: its bytes as written and its value.
type jkey struct {
	raw []byte
	s   string
}

type formReader struct {
	data []byte
	pos  int
}

func (r *formReader) skip() int {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return r.pos
		}
	}
	return r.pos
}

func (r *formReader) value(depth int) (*jnode, bool) {
	if depth > maxFormDepth || r.skip() >= len(r.data) {
		return nil, false
	}
	start := r.pos
	switch c := r.data[r.pos]; c {
	case '{', '[':
		n := &jnode{kind: c}
		r.pos++
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		if r.skip() < len(r.data) && r.data[r.pos] == end {
			r.pos++
			n.raw = r.data[start:r.pos]
			return n, true
		}
		for {
			if c == '{' {
				if r.skip() >= len(r.data) || r.data[r.pos] != '"' {
					return nil, false
				}
				k, ok := r.str()
				if !ok || r.skip() >= len(r.data) || r.data[r.pos] != ':' {
					return nil, false
				}
				r.pos++
				n.keys = append(n.keys, k)
			}
			e, ok := r.value(depth + 1)
			if !ok {
				return nil, false
			}
			n.elems = append(n.elems, e)
			if r.skip() >= len(r.data) {
				return nil, false
			}
			switch r.data[r.pos] {
			case ',':
				r.pos++
				continue
			case end:
				r.pos++
				n.raw = r.data[start:r.pos]
				return n, true
			}
			return nil, false
		}
	case '"':
		k, ok := r.str()
		return &jnode{kind: '"', raw: k.raw}, ok
	default:
		for r.pos < len(r.data) && !strings.ContainsRune(" \t\n\r,]}:", rune(r.data[r.pos])) {
			r.pos++
		}
		raw := r.data[start:r.pos]
		if !scalar(raw) {
			return nil, false
		}
		kind := byte('0')
		if string(raw) == "null" {
			kind = 'n'
		}
		return &jnode{kind: kind, raw: raw}, true
	}
}

// str reads a string token; its value must be valid (UTF-8, escapes,
// no lone surrogate).
func (r *formReader) str() (jkey, bool) {
	start := r.pos
	r.pos++
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case '\\':
			r.pos += 2
			continue
		case '"':
			r.pos++
			raw := r.data[start:r.pos]
			s, ok := unquote(raw)
			return jkey{raw: raw, s: s}, ok
		}
		r.pos++
	}
	return jkey{}, false
}

// scalar reports a JSON number, true, false or null.
func scalar(b []byte) bool {
	switch string(b) {
	case "true", "false", "null":
		return true
	}
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// unquote returns the value of a JSON string token, strictly: invalid
// UTF-8, a control character, an unknown escape or a lone surrogate is
// not a string.
func unquote(raw []byte) (string, bool) {
	b := raw[1 : len(raw)-1]
	if !utf8.Valid(b) {
		return "", false
	}
	var sb strings.Builder
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x20 {
			return "", false
		}
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		if i+1 >= len(b) {
			return "", false
		}
		i++
		switch b[i] {
		case '"', '\\', '/':
			sb.WriteByte(b[i])
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'u':
			r, ok := hex4(b, i+1)
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+2 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
					r2, ok = hex4(b, i+3)
				}
				if !ok || r >= 0xdc00 {
					return "", false
				}
				r = utf16.DecodeRune(r, r2)
				if r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			sb.WriteRune(r)
		default:
			return "", false
		}
	}
	return sb.String(), true
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[at:at+4]), 16, 32)
	return rune(v), err == nil
}

// ---- mapping: the profile's forms back to the contract's ----

type formMapper struct {
	forms  map[string]Form
	out    []byte
	issues []Issue
	rel    *relocations
}

// value writes n, found at pattern at and pointer ptr in the model's
// form and at cptr in the contract's.
func (m *formMapper) value(n *jnode, at, ptr, cptr string) {
	f, isForm := m.forms[at]
	if isForm && n.kind != 'n' {
		switch f.Kind {
		case FormJSON:
			m.jsonText(n, ptr, cptr)
			return
		case FormEntries:
			if n.kind != '[' {
				m.issue(ptr, CodeType, `array of {"key", "value"} objects`, "expected an array of {\"key\", \"value\"} objects, one per map entry, got "+kindName(n))
				return
			}
			m.out = append(m.out, '{')
			m.entries(n, at, ptr, cptr, nil, nil)
			m.out = append(m.out, '}')
			return
		case FormExtra:
			if n.kind == '{' {
				m.extra(n, f.Keys, at, ptr, cptr)
				return
			}
		}
	}
	switch n.kind {
	case '{':
		m.out = append(m.out, '{')
		wrote := false
		for i, k := range n.keys {
			tok := escapeToken(k.s)
			if m.absent(n.elems[i], at+"/"+tok) {
				continue
			}
			if wrote {
				m.out = append(m.out, ',')
			}
			wrote = true
			m.out = append(append(m.out, k.raw...), ':')
			m.value(n.elems[i], at+"/"+tok, ptr+"/"+tok, cptr+"/"+tok)
		}
		m.out = append(m.out, '}')
	case '[':
		m.out = append(m.out, '[')
		for i, e := range n.elems {
			if i > 0 {
				m.out = append(m.out, ',')
			}
			idx := "/" + strconv.Itoa(i)
			m.value(e, at+"/*", ptr+idx, cptr+idx)
		}
		m.out = append(m.out, ']')
	default:
		m.out = append(m.out, n.raw...)
	}
}

// absent reports a property written null where JSON text is: the JSON
// value null is written "null" there, so null is the property left out
// (what openai-strict has the model write for an optional property).
func (m *formMapper) absent(v *jnode, at string) bool {
	return v.kind == 'n' && m.forms[at].Kind == FormJSON
}

// jsonText writes the value a FormJSON string holds.
func (m *formMapper) jsonText(n *jnode, ptr, cptr string) {
	if n.kind != '"' {
		m.issue(ptr, CodeType, "string", "expected a string holding the value's JSON text, got "+kindName(n))
		return
	}
	text, _ := unquote(n.raw)
	r := &formReader{data: []byte(text)}
	if _, ok := r.value(0); !ok || r.skip() != len(text) {
		m.issue(ptr, CodeSyntax, "JSON text", "the string does not hold one JSON value")
		return
	}
	m.rel.add(cptr, ptr, true)
	m.out = append(m.out, strings.TrimSpace(text)...)
}

// entries writes the members of a FormEntries array (without braces),
// after the members already written (seen: their keys and pointers); no
// entry may have one of declared as its key.
func (m *formMapper) entries(n *jnode, at, ptr, cptr string, seen map[string]string, declared []string) {
	if seen == nil {
		seen = map[string]string{}
	}
	first := len(seen) == 0
	for i, e := range n.elems {
		ep := ptr + "/" + strconv.Itoa(i)
		key, value, ok := m.entry(e, ep)
		if !ok {
			continue
		}
		if prev, dup := seen[key.s]; dup {
			m.issue(ep+"/key", CodeDuplicateKey, "", "key "+strconv.Quote(key.s)+" is given twice (first at "+prev+")")
			continue
		}
		if slices.Contains(declared, key.s) {
			m.issue(ep+"/key", CodeUnknownKey, "a key other than the declared properties",
				"key "+strconv.Quote(key.s)+" is a declared property: write it as "+ptr[:strings.LastIndexByte(ptr, '/')+1]+escapeToken(key.s)+", not among the other members")
			continue
		}
		seen[key.s] = ep + "/key"
		if !first {
			m.out = append(m.out, ',')
		}
		first = false
		m.out = append(append(m.out, key.raw...), ':')
		kc := cptr + "/" + escapeToken(key.s)
		m.rel.add(kc, ep+"/value", false)
		m.value(value, at+"/*/value", ep+"/value", kc)
	}
}

// entry reads one {"key", "value"} object.
func (m *formMapper) entry(e *jnode, ptr string) (jkey, *jnode, bool) {
	if e.kind != '{' {
		m.issue(ptr, CodeType, "object", `expected a {"key", "value"} object, got `+kindName(e))
		return jkey{}, nil, false
	}
	var key *jnode
	var value *jnode
	ok := true
	for i, k := range e.keys {
		switch {
		case k.s == "key" && key == nil:
			key = e.elems[i]
		case k.s == "value" && value == nil:
			value = e.elems[i]
		case k.s == "key" || k.s == "value":
			m.issue(ptr+"/"+k.s, CodeDuplicateKey, "", "key "+strconv.Quote(k.s)+" is given twice")
			ok = false
		default:
			m.issue(ptr+"/"+escapeToken(k.s), CodeUnknownKey, `"key" or "value"`, "unknown key "+strconv.Quote(k.s)+`: a map entry has "key" and "value"`)
			ok = false
		}
	}
	if key == nil {
		m.issue(ptr+"/key", CodeMissing, "", `missing "key"`)
		ok = false
	} else if key.kind != '"' {
		m.issue(ptr+"/key", CodeType, "string", "expected a string, got "+kindName(key))
		ok = false
	}
	if value == nil {
		m.issue(ptr+"/value", CodeMissing, "", `missing "value"`)
		ok = false
	}
	if !ok {
		return jkey{}, nil, false
	}
	s, _ := unquote(key.raw)
	return jkey{raw: key.raw, s: s}, value, true
}

// extra writes a FormExtra object: its members as they are, then the
// entries under ExtraKey as members of their own.
func (m *formMapper) extra(n *jnode, declared []string, at, ptr, cptr string) {
	m.out = append(m.out, '{')
	seen := map[string]string{}
	var list *jnode
	listAt := -1
	for i, k := range n.keys {
		if k.s == ExtraKey && listAt < 0 {
			list, listAt = n.elems[i], i
			continue
		}
		tok := escapeToken(k.s)
		if m.absent(n.elems[i], at+"/"+tok) {
			continue
		}
		if len(seen) > 0 {
			m.out = append(m.out, ',')
		}
		if _, dup := seen[k.s]; !dup {
			seen[k.s] = ptr + "/" + tok
		}
		m.out = append(append(m.out, k.raw...), ':')
		m.value(n.elems[i], at+"/"+tok, ptr+"/"+tok, cptr+"/"+tok)
	}
	if list != nil && list.kind != 'n' {
		lp := ptr + "/" + escapeToken(ExtraKey)
		if list.kind != '[' {
			m.issue(lp, CodeType, `array of {"key", "value"} objects`, "expected an array of {\"key\", \"value\"} objects, one per member, got "+kindName(list))
		} else {
			m.entries(list, at+"/"+escapeToken(ExtraKey), lp, cptr, seen, declared)
		}
	}
	m.out = append(m.out, '}')
}

func (m *formMapper) issue(ptr, code, expected, msg string) {
	m.issues = append(m.issues, Issue{Path: ptr, Code: code, Expected: expected, Message: msg})
}

func kindName(n *jnode) string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 'n':
		return "null"
	}
	switch string(n.raw) {
	case "true", "false":
		return "a boolean"
	}
	return "a number"
}

func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// ---- pointers: the contract's back to the model's ----

// relocations map a pointer into the rewritten arguments (the contract's
// form) to the pointer of the same value as the model wrote it.
type relocations struct {
	rules []relocation
}

// A relocation says that the value at c in the contract's form was
// written at p; opaque: inside JSON text, where the model wrote no
// pointer of its own.
type relocation struct {
	c, p   string
	opaque bool
}

func (r *relocations) add(c, p string, opaque bool) {
	if c != p || opaque {
		r.rules = append(r.rules, relocation{c: c, p: p, opaque: opaque})
	}
}

// pointer returns where the model wrote the value at contract pointer c,
// and, when that is inside JSON text, the pointer within that text.
func (r *relocations) pointer(c string) (string, string) {
	if r == nil {
		return c, ""
	}
	best := -1
	for i, x := range r.rules {
		// The longest match; of two as long, the later (the inner one: JSON
		// text in a map entry's value).
		if (c == x.c || strings.HasPrefix(c, x.c+"/")) && (best < 0 || len(x.c) >= len(r.rules[best].c)) {
			best = i
		}
	}
	if best < 0 {
		return c, ""
	}
	x := r.rules[best]
	if x.opaque {
		return x.p, c[len(x.c):]
	}
	return x.p + c[len(x.c):], ""
}

// issues returns is with every path the model's.
func (r *relocations) issues(is []Issue) []Issue {
	if r == nil {
		return is
	}
	out := make([]Issue, len(is))
	for i, x := range is {
		p, inner := r.pointer(x.Path)
		x.Path = p
		if inner != "" {
			x.Message = "in the JSON text, at " + inner + ": " + x.Message
		}
		out[i] = x
	}
	return out
}

// pointers returns ps with every pointer the model's.
func (r *relocations) pointers(ps []string) []string {
	if r == nil || len(ps) == 0 {
		return ps
	}
	out := make([]string, len(ps))
	for i, c := range ps {
		p, inner := r.pointer(c)
		out[i] = p
		if inner != "" {
			out[i] = p + " (JSON text " + inner + ")"
		}
	}
	return out
}
