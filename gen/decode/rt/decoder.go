package rt

import (
	"strconv"
	"strings"
	"sync"
)

// stitchDefaultMaxDepth is the nesting limit of SPEC §4.8.
const stitchDefaultMaxDepth = 512

// A stitchSeg is one step of the current JSON Pointer: a key, or an index
// when key is nil.
type stitchSeg struct {
	key []byte
	idx int
}

// A stitchDecoder reads one JSON document and collects issues. The path is
// a stack of segments; the pointer text is built only when an issue is
// recorded, so the hot path does not allocate per member.
type stitchDecoder struct {
	data     []byte
	text     string // one string copy of data, made for the first plain string value (see sub)
	pos      int
	depth    int
	maxDepth int
	first    bool // the container just opened has no member yet
	repair   bool // JSON-string repair is on (tool calls)
	fatal    bool // a syntax or depth error: stop reading
	failFast bool // an untagged union trial: the first issue decides
	catching int  // open catch fields
	cut      int  // issues not recorded because of the cap
	path     []stitchSeg
	issues   []StitchIssue
	dropped  []string
	repaired []string
	scratch  []byte
	num      []byte       // text of the last number read, for bound checks
	stack    []stitchOpen // skip: open containers
	keys     [][]byte     // skip: keys of the open objects, for duplicates
	pathBuf  [16]stitchSeg
}

// stitchDecoders recycles decoders, with their path, scratch and skip
// buffers, across decodes.
var stitchDecoders = sync.Pool{New: func() any {
	d := &stitchDecoder{}
	d.path = d.pathBuf[:0]
	return d
}}

// stitchNewDecoder returns a decoder for data; release returns it.
func stitchNewDecoder(data []byte, repair bool) *stitchDecoder {
	d := stitchDecoders.Get().(*stitchDecoder)
	d.data, d.maxDepth, d.repair = data, stitchDefaultMaxDepth, repair
	return d
}

// release resets the decoder and returns it to the pool. What a caller
// keeps (issues in an error, dropped and repaired pointers) is detached.
func (d *stitchDecoder) release() {
	if cap(d.scratch) > 64<<10 || cap(d.stack) > 4096 || cap(d.path) > 1024 || cap(d.keys) > 4096 {
		return // let an outsized decoder go
	}
	// Do not keep the input alive: clear what points into it. Only the
	// fields in use are written (a whole-struct reset costs a write
	// barrier per pointer word while the GC runs).
	keys := d.keys[:cap(d.keys)]
	for i := range keys {
		if keys[i] != nil {
			keys[i] = nil
		}
	}
	for _, path := range [][]stitchSeg{d.path[:cap(d.path)], d.pathBuf[:]} {
		for i := range path {
			if path[i].key != nil {
				path[i].key = nil
			}
		}
		if cap(d.path) == len(d.pathBuf) {
			break // path is pathBuf
		}
	}
	if cap(d.path) == len(d.pathBuf) {
		d.path = d.pathBuf[:0]
	} else {
		d.path = d.path[:0]
	}
	if d.data != nil {
		d.data = nil
	}
	if d.text != "" {
		d.text = "" // do not keep the input copy alive
	}
	if d.num != nil {
		d.num = nil
	}
	if d.issues != nil {
		d.issues = nil
	}
	if d.dropped != nil {
		d.dropped = nil
	}
	if d.repaired != nil {
		d.repaired = nil
	}
	d.scratch, d.stack, d.keys = d.scratch[:0], d.stack[:0], d.keys[:0]
	d.pos, d.depth, d.maxDepth, d.cut, d.catching = 0, 0, 0, 0, 0
	d.first, d.repair, d.fatal, d.failFast = false, false, false, false
	stitchDecoders.Put(d)
}

// stitchShareLimit is the largest input whose string values share one
// copy of it (sub): the default cap of a tool call's arguments
// (StitchOptions.MaxArgBytes). A kept string keeps at most that much alive.
const stitchShareLimit = 1 << 20

// sub returns data[i:j] as a string. For an input up to stitchShareLimit
// bytes the strings of one decode are substrings of one copy of the input,
// made at the first call: one allocation per decode instead of one per
// string. Larger inputs copy each string.
func (d *stitchDecoder) sub(i, j int) string {
	if len(d.data) > stitchShareLimit {
		return string(d.data[i:j])
	}
	if d.text == "" {
		d.text = string(d.data)
	}
	return d.text[i:j]
}

// finish checks that only whitespace follows the value and returns the
// collected issues as a *StitchError, or nil.
func (d *stitchDecoder) finish() error {
	if !d.fatal {
		d.ws()
		if d.pos < len(d.data) {
			d.syntax("unexpected data after the JSON value")
		}
	}
	if len(d.issues) == 0 {
		return nil
	}
	is := d.issues
	if d.cut > 0 {
		is = append(is, StitchIssue{Code: is[len(is)-1].Code,
			Message: strconv.Itoa(d.cut) + " more issues were not listed"})
	}
	return &StitchError{Issues: is}
}

// --- path ---

func (d *stitchDecoder) push(key []byte) { d.path = append(d.path, stitchSeg{key: key}) }

func (d *stitchDecoder) pushIdx(i int) { d.path = append(d.path, stitchSeg{idx: i}) }

func (d *stitchDecoder) pop() { d.path = d.path[:len(d.path)-1] }

// pointer renders the current path, plus key when key is not nil, as an
// RFC 6901 JSON Pointer.
func (d *stitchDecoder) pointer(key []byte, withKey bool) string {
	var b strings.Builder
	for _, s := range d.path {
		b.WriteByte('/')
		if s.key == nil {
			b.WriteString(strconv.Itoa(s.idx))
		} else {
			stitchEscapeToken(&b, s.key)
		}
	}
	if withKey {
		b.WriteByte('/')
		stitchEscapeToken(&b, key)
	}
	return b.String()
}

func stitchEscapeToken(b *strings.Builder, k []byte) {
	for _, c := range k {
		switch c {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(c)
		}
	}
}

// --- issues ---

func (d *stitchDecoder) add(is StitchIssue) {
	if d.fatal {
		return
	}
	if len(d.issues) >= stitchMaxIssues {
		d.cut++
		return
	}
	d.issues = append(d.issues, is)
	if d.failFast && d.catching == 0 {
		d.fatal = true // a trial stops at its first issue (a caught one is not final)
	}
}

// issue records a problem with the value at the current path.
func (d *stitchDecoder) issue(code, expected, msg string) {
	if d.fatal || len(d.issues) >= stitchMaxIssues {
		d.add(StitchIssue{})
		return
	}
	d.add(StitchIssue{Path: d.pointer(nil, false), Code: code, Expected: expected, Message: msg})
}

// keyIssue records a problem with the key k of the current object.
func (d *stitchDecoder) keyIssue(k []byte, code, expected, msg string) {
	if d.fatal || len(d.issues) >= stitchMaxIssues {
		d.add(StitchIssue{})
		return
	}
	d.add(StitchIssue{Path: d.pointer(k, true), Code: code, Expected: expected, Message: msg})
}

// syntax records a fatal syntax issue at the current byte offset. After
// it only this issue is reported: the document is not JSON.
func (d *stitchDecoder) syntax(msg string) {
	if d.fatal {
		return
	}
	is := StitchIssue{Path: d.pointer(nil, false), Code: "syntax",
		Message: "invalid JSON at byte offset " + strconv.Itoa(d.pos) + ": " + msg}
	d.issues, d.cut, d.fatal = append(d.issues[:0], is), 0, true
}

// tooDeep records the fatal depth issue.
func (d *stitchDecoder) tooDeep() {
	if d.fatal {
		return
	}
	is := StitchIssue{Path: d.pointer(nil, false), Code: "depth",
		Message: "nesting deeper than " + strconv.Itoa(d.maxDepth) + " levels at byte offset " + strconv.Itoa(d.pos)}
	d.issues, d.cut, d.fatal = append(d.issues[:0], is), 0, true
}

// mark and rollback let a catch field discard the issues of its value.
type stitchMark struct{ issues, cut, dropped, repaired int }

func (d *stitchDecoder) mark() stitchMark {
	return stitchMark{len(d.issues), d.cut, len(d.dropped), len(d.repaired)}
}

// failedSince reports whether an issue was recorded after m.
func (d *stitchDecoder) failedSince(m stitchMark) bool {
	return len(d.issues) > m.issues || d.cut > m.cut
}

// rollback discards what was recorded after m, unless the document is
// broken (syntax and depth issues are never caught).
func (d *stitchDecoder) rollback(m stitchMark) bool {
	if d.fatal {
		return false
	}
	d.issues, d.cut = d.issues[:m.issues], m.cut
	d.dropped, d.repaired = d.dropped[:m.dropped], d.repaired[:m.repaired]
	return true
}

// catchMark opens a catch field: its issues are not final.
func (d *stitchDecoder) catchMark() stitchMark {
	d.catching++
	return d.mark()
}

// catchEnd closes a catch field and reports whether its value failed and
// was discarded (the caller then assigns the default).
func (d *stitchDecoder) catchEnd(m stitchMark) bool {
	d.catching--
	return d.failedSince(m) && d.rollback(m)
}
