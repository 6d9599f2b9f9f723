package stitchrt

import (
	"github.com/stitchgen/stitchgen/stitch"
	"unsafe"

	"strconv"
	"strings"
	"sync"
)

// defaultMaxDepth is the nesting limit of docs/decoding.md.
const defaultMaxDepth = 512

// A seg is one step of the current JSON Pointer: an index when end < 0
// (off is the index); a key otherwise, data[off:end] of the decoder's
// input, or ext[-off-1] when off < 0 (a key that is not a piece of the
// input: escaped, or from another input). A seg holds no pointer, so a
// push is a plain store, without the GC's write barrier, and a released
// decoder keeps nothing of its input in its path.
type seg struct {
	off, end int
}

// A Decoder reads one JSON document and collects issues. The path is
// a stack of segments; the pointer text is built only when an issue is
// recorded, so the hot path does not allocate per member.
type Decoder struct {
	data     []byte
	text     string // one string copy of data, made for the first plain string value (see sub)
	arena    []byte // the string values of a larger input are copied here (keep); never written below its length
	pos      int
	depth    int
	maxDepth int
	first    bool // the container just opened has no member yet
	repair   bool // JSON-string repair is on (tool calls)
	fatal    bool // a syntax or depth error: stop reading
	failFast bool // an untagged union trial: the first issue decides
	nullAbs  bool // stitch.DecodeOptions.NullAsAbsent: a null for an optional property is absent
	quiet    bool // issues are counted, never read: they are not formatted (trials, rankings)
	catching int  // open catch fields
	nested   int  // how many closest untagged-union variants this decode is inside (Unmatched)
	cut      int  // issues not recorded: beyond the cap, or all of them when quiet
	opt      int  // 1 + where the value of the optional, non-nullable property read last starts (NullAsAbsent); 0: none
	path     []seg
	ext      [][]byte // keys of path segments that are not pieces of data
	kseg     seg      // the key ObjNext read last (PushKey); reset when data changes
	issues   []stitch.Issue
	dropped  []string
	repaired []string
	changed  []change // values the decode changed: rewritten, coerced, caught
	scratch  []byte
	esc      []byte          // strEscaped's buffer: the decoded text of one escaped string
	num      []byte          // text of the last number read, for bound checks
	stack    []openContainer // skip: open containers
	keys     [][]byte        // skip: keys of the open objects, for duplicates
	pathBuf  [16]seg
}

// decoders recycles decoders, with their path, scratch and skip
// buffers, across decodes.
var decoders = sync.Pool{New: func() any {
	d := &Decoder{}
	d.path = d.pathBuf[:0]
	return d
}}

// NewDecoder returns a decoder for data; release returns it.
func NewDecoder(data []byte, repair bool) *Decoder {
	d := decoders.Get().(*Decoder)
	d.data, d.maxDepth, d.repair = data, defaultMaxDepth, repair
	return d
}

// Release resets the decoder and returns it to the pool. What a caller
// keeps (issues in an error, dropped and repaired pointers) is detached.
func (d *Decoder) Release() {
	if cap(d.scratch) > 64<<10 || cap(d.esc) > 64<<10 || cap(d.stack) > 4096 || cap(d.path) > 1024 || cap(d.keys) > 4096 || cap(d.ext) > 4096 {
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
	if len(d.ext) > 0 {
		clear(d.ext)
		d.ext = d.ext[:0]
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
	if d.arena != nil {
		d.arena = nil // the decode's strings hold it: never reuse it
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
	if d.changed != nil {
		d.changed = nil
	}
	d.scratch, d.stack, d.keys = d.scratch[:0], d.stack[:0], d.keys[:0]
	d.pos, d.depth, d.maxDepth, d.cut, d.catching, d.nested, d.opt, d.kseg = 0, 0, 0, 0, 0, 0, 0, seg{}
	d.first, d.repair, d.fatal, d.failFast, d.quiet, d.nullAbs = false, false, false, false, false, false
	decoders.Put(d)
}

// shareLimit is the largest input whose string values share one
// copy of it (sub): a small call, where one allocation for all its strings
// beats one per string. Above it the copy of the whole input (keys,
// punctuation, escaped strings that get an allocation of their own anyway)
// costs more in bytes allocated and GC work than the allocations it saves
// (decision 0101). A kept string keeps at most that much alive.
const shareLimit = 512

// sub returns data[i:j] as a string. For an input up to shareLimit
// bytes the strings of one decode are substrings of one copy of the input,
// made at the first call: one allocation per decode instead of one per
// string. Larger inputs copy each string into the decode's arena (keep).
func (d *Decoder) sub(i, j int) string {
	if len(d.data) > shareLimit {
		return d.keep(d.data[i:j])
	}
	if d.text == "" {
		d.text = string(d.data)
	}
	return d.text[i:j]
}

// arenaChunk is the most the strings of a decode take at once (keep):
// they are copied into chunks of up to this many bytes, one allocation
// per chunk instead of one per string; a longer string gets one of its
// own. A string a caller keeps keeps at most its chunk alive.
const arenaChunk = 4096

// keep returns a string of b's bytes, copied into the decode's arena: a
// chunk of as many bytes as the rest of the input can still need (no
// string ahead is longer than its JSON text) and at most arenaChunk. The
// arena is only appended to, so the bytes of a returned string never
// change.
func (d *Decoder) keep(b []byte) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if cap(d.arena)-len(d.arena) < n {
		if n >= arenaChunk {
			return string(b)
		}
		d.arena = make([]byte, 0, max(n, min(len(d.data)-d.pos+n, arenaChunk)))
	}
	off := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[off], n)
}

// ReadNullAsAbsent makes the decode read a null for an optional,
// non-nullable property as absent (stitch.DecodeOptions.NullAsAbsent).
func (d *Decoder) ReadNullAsAbsent() { d.nullAbs = true }

// NullAsAbsent reports, when the decode reads nulls as absent, that the
// next value is null, and consumes it; the generated code then treats the
// property as absent. Otherwise it reads nothing.
// It also marks where the value starts, for the hint of a null there
// (nullHint).
func (d *Decoder) NullAsAbsent() bool {
	d.opt = d.pos + 1
	return d.nullAbs && d.Null()
}

// Finish ends a decode: it checks that only whitespace follows the value,
// releases the decoder, and returns the collected issues as a
// *stitch.Error, or nil. The decoder must not be used afterwards.
func (d *Decoder) Finish() error {
	err := d.finish()
	d.Release()
	return err
}

// FinishToolCall is Finish for a tool call: it also returns the JSON
// Pointers of the keys a strip policy dropped and of the strings
// JSON-string repair parsed, both nil when err is not.
func (d *Decoder) FinishToolCall() (dropped, repaired []string, err error) {
	if err = d.finish(); err == nil {
		dropped, repaired = d.dropped, d.repaired
	}
	d.Release()
	return dropped, repaired, err
}

// FinishToolCallReport is FinishToolCall with every report: also the
// pointers of the strings trim, lower or upper changed, of the values
// coerce read from a string and of the values catch replaced. The report is
// zero when err is not nil.
func (d *Decoder) FinishToolCallReport() (rep stitch.DecodeReport, err error) {
	if err = d.finish(); err == nil {
		rep.Dropped, rep.Repaired = d.dropped, d.repaired
		for _, c := range d.changed {
			switch c.kind {
			case rewritten:
				rep.Rewritten = append(rep.Rewritten, c.ptr)
			case coerced:
				rep.Coerced = append(rep.Coerced, c.ptr)
			case caught:
				rep.Caught = append(rep.Caught, c.ptr)
			}
		}
	}
	d.Release()
	return rep, err
}

// A change is a value the decode changed, for the report.
type change struct {
	kind uint8
	ptr  string
}

const (
	rewritten uint8 = iota
	coerced
	caught
)

// changedHere records that the value at the current path was changed.
func (d *Decoder) changedHere(kind uint8) {
	if !d.quiet {
		d.changed = append(d.changed, change{kind, d.pointer(nil, false)})
	}
}

// Rewrote records that trim, lower or upper changed the string at the
// current path from before to after (generated code calls it after the
// rewrites of a field that has any).
func (d *Decoder) Rewrote(before, after string) {
	if before != after {
		d.changedHere(rewritten)
	}
}

// Num returns the text of the number read last, for the enum check of a
// number (CmpDec).
func (d *Decoder) Num() []byte { return d.num }

// finish checks that only whitespace follows the value and returns the
// collected issues as a *stitch.Error, or nil.
func (d *Decoder) finish() error {
	d.end()
	if len(d.issues) == 0 {
		return nil
	}
	if !d.fatal {
		for i := range d.issues {
			if d.issues[i].Code == "unknown_key" {
				d.hintKeys()
				break
			}
		}
	}
	is := d.issues
	if d.cut > 0 {
		is = append(is, stitch.Issue{Code: is[len(is)-1].Code,
			Message: strconv.Itoa(d.cut) + " more issues were not listed"})
	}
	return &stitch.Error{Issues: is}
}

// end checks that only whitespace follows the value.
func (d *Decoder) end() {
	if !d.fatal {
		d.ws()
		if d.pos < len(d.data) {
			d.syntax("unexpected data after the JSON value")
		}
	}
}

// --- path ---

// PushKey appends the key ObjNext read last to the path (as its offsets
// in the input: no pointer is stored).
func (d *Decoder) PushKey() { d.path = append(d.path, d.kseg) }

// Push appends member key to the path; the key ObjNext read last is stored
// as PushKey stores it, another key in ext.
func (d *Decoder) Push(key []byte) {
	if k := d.segKey(d.kseg); len(k) == len(key) && (len(k) == 0 || &k[0] == &key[0]) {
		d.path = append(d.path, d.kseg)
		return
	}
	d.path = append(d.path, d.extSeg(key))
}

// extSeg returns a key segment for key, held in ext.
func (d *Decoder) extSeg(key []byte) seg {
	if len(key) == 0 {
		return seg{}
	}
	d.ext = append(d.ext, key)
	return seg{-len(d.ext), 0}
}

// PushIdx appends array index i to the path.
func (d *Decoder) PushIdx(i int) { d.path = append(d.path, seg{i, -1}) }

// segKey returns the key of key segment s.
func (d *Decoder) segKey(s seg) []byte {
	if s.off < 0 {
		return d.ext[-s.off-1]
	}
	return d.data[s.off:s.end]
}

// detachPath makes every key segment independent of the input, before
// the decoder switches to another input (JSON-string repair). Not inlined:
// EndRepair is emitted after every repairable value, and runs rarely.
//
//go:noinline
func (d *Decoder) detachPath() {
	for i, s := range d.path {
		if s.end > s.off && s.off >= 0 {
			d.ext = append(d.ext, d.data[s.off:s.end])
			d.path[i] = seg{-len(d.ext), 0}
		}
	}
}

// copyPath sets t's path to d's, every key held in t.ext.
func (d *Decoder) copyPath(t *Decoder) {
	t.path = t.path[:0]
	for _, s := range d.path {
		if s.end < 0 {
			t.path = append(t.path, s)
			continue
		}
		t.path = append(t.path, t.extSeg(d.segKey(s)))
	}
}

// Pop removes the last segment of the path.
func (d *Decoder) Pop() { d.path = d.path[:len(d.path)-1] }

// pointer renders the current path, plus key when key is not nil, as an
// RFC 6901 JSON Pointer.
func (d *Decoder) pointer(key []byte, withKey bool) string {
	var b strings.Builder
	for _, s := range d.path {
		b.WriteByte('/')
		if s.end < 0 {
			b.WriteString(strconv.Itoa(s.off))
		} else {
			escapeToken(&b, d.segKey(s))
		}
	}
	if withKey {
		b.WriteByte('/')
		escapeToken(&b, key)
	}
	return b.String()
}

func escapeToken(b *strings.Builder, k []byte) {
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

func (d *Decoder) add(is stitch.Issue) {
	if d.fatal {
		return
	}
	if len(d.issues) >= maxIssues {
		d.cut++
		return
	}
	if d.quiet {
		d.cut++ // counted only
	} else {
		d.issues = append(d.issues, is)
	}
	if d.failFast && d.catching == 0 {
		d.fatal = true // a trial stops at its first issue (a caught one is not final)
	}
}

// issue records a problem with the value at the current path.
func (d *Decoder) issue(code, expected, msg string) {
	if d.fatal || len(d.issues) >= maxIssues || d.quiet {
		d.add(stitch.Issue{})
		return
	}
	d.add(stitch.Issue{Path: d.pointer(nil, false), Code: code, Expected: expected, Message: msg})
}

// counted records an issue of a quiet decoder, whose issues are only
// counted, and reports whether it did: the caller then skips building the
// issue's text. The common failures of a trial (a value of the wrong kind,
// an unknown or missing key) check it first.
func (d *Decoder) counted() bool {
	if !d.quiet {
		return false
	}
	d.add(stitch.Issue{})
	return true
}

// keyIssue records a problem with the key k of the current object.
func (d *Decoder) keyIssue(k []byte, code, expected, msg string) {
	if d.fatal || len(d.issues) >= maxIssues || d.quiet {
		d.add(stitch.Issue{})
		return
	}
	d.add(stitch.Issue{Path: d.pointer(k, true), Code: code, Expected: expected, Message: msg})
}

// syntax records a fatal syntax issue at the current byte offset. After
// it only this issue is reported: the document is not JSON.
func (d *Decoder) syntax(msg string) {
	if d.fatal {
		return
	}
	is := stitch.Issue{Path: d.pointer(nil, false), Code: "syntax",
		Message: "invalid JSON at byte offset " + strconv.Itoa(d.pos) + ": " + msg}
	d.issues, d.cut, d.fatal = append(d.issues[:0], is), 0, true
}

// tooDeep records the fatal depth issue.
func (d *Decoder) tooDeep() {
	if d.fatal {
		return
	}
	is := stitch.Issue{Path: d.pointer(nil, false), Code: "depth",
		Message: "nesting deeper than " + strconv.Itoa(d.maxDepth) + " levels at byte offset " + strconv.Itoa(d.pos)}
	d.issues, d.cut, d.fatal = append(d.issues[:0], is), 0, true
}

// A Mark is the state of a decode at one point: FailedSince tells whether
// an issue was recorded after it, a catch field discards the issues of its
// value by rolling back to it, and UniqueRaw reads the items' JSON from its
// input position.
type Mark struct{ issues, cut, dropped, repaired, changed, pos int }

// Mark returns the decode's state now.
func (d *Decoder) Mark() Mark {
	return Mark{len(d.issues), d.cut, len(d.dropped), len(d.repaired), len(d.changed), d.pos}
}

// FailedSince reports whether an issue was recorded after m.
func (d *Decoder) FailedSince(m Mark) bool {
	return len(d.issues) > m.issues || d.cut > m.cut
}

// rollback discards what was recorded after m, unless the document is
// broken (syntax and depth issues are never caught).
func (d *Decoder) rollback(m Mark) bool {
	if d.fatal {
		return false
	}
	d.issues, d.cut = d.issues[:m.issues], m.cut
	d.dropped, d.repaired, d.changed = d.dropped[:m.dropped], d.repaired[:m.repaired], d.changed[:m.changed]
	return true
}

// CatchMark opens a catch field: its issues are not final.
func (d *Decoder) CatchMark() Mark {
	d.catching++
	return d.Mark()
}

// CatchEnd closes a catch field and reports whether its value failed and
// was discarded (the caller then assigns the default).
func (d *Decoder) CatchEnd(m Mark) bool {
	d.catching--
	if d.FailedSince(m) && d.rollback(m) {
		d.changedHere(caught)
		return true
	}
	return false
}
