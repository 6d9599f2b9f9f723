package model

import (
	"cmp"
	"fmt"
	"slices"
)

// A Pos is a source position. File is relative to the directory the
// generator was run from (slash-separated), so diagnostics and generated
// output never carry machine paths.
type Pos struct {
	File string
	Line int
	Col  int
}

// String renders the position as file:line:col.
func (p Pos) String() string {
	if p.File == "" {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Compare orders positions by file, line and column.
func (p Pos) Compare(q Pos) int {
	return cmp.Or(cmp.Compare(p.File, q.File), cmp.Compare(p.Line, q.Line), cmp.Compare(p.Col, q.Col))
}

// A Diagnostic is one problem found in a contract, positioned at the Go
// source that causes it.
//
// Subject names what is wrong in the user's terms: "field PlaceOrder.Items",
// "type Delivery", "tool place_order" or a tool-qualified property path
// "place_order.items.sku". Msg says what is wrong and, where possible, how to
// fix it: lower case, no trailing period.
type Diagnostic struct {
	Pos     Pos
	Subject string
	Msg     string
	Warning bool
}

// String renders "file:line:col: subject: msg" (with "warning: " before the
// subject for warnings).
func (d Diagnostic) String() string {
	s := d.Pos.String() + ": "
	if d.Warning {
		s += "warning: "
	}
	if d.Subject != "" {
		s += d.Subject + ": "
	}
	return s + d.Msg
}

// SortDiagnostics orders diagnostics by position, then text, and removes
// exact duplicates, so a run's output is deterministic.
func SortDiagnostics(ds []Diagnostic) []Diagnostic {
	slices.SortFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(a.Pos.Compare(b.Pos), cmp.Compare(a.String(), b.String()))
	})
	return slices.CompactFunc(ds, func(a, b Diagnostic) bool { return a == b })
}

// HasErrors reports whether any diagnostic is an error (not a warning).
func HasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if !d.Warning {
			return true
		}
	}
	return false
}
