package golden

import (
	"fmt"
	"strings"
)

// Diff returns a line diff from want to got for failure messages: lines
// only in want start with "-", lines only in got with "+", and runs of more
// than 2*context unchanged lines are elided. It returns "" when they are equal.
func Diff(want, got string, context int) string {
	if want == got {
		return ""
	}
	a, b := splitLines(want), splitLines(got)
	if len(a)*len(b) > 16_000_000 {
		return fmt.Sprintf("(too long to diff)\n--- want\n%s\n+++ got\n%s", want, got)
	}
	ops := lcsScript(a, b)
	var out strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind != ' ' {
			writeLine(&out, ops[i])
			i++
			continue
		}
		j := i
		for j < len(ops) && ops[j].kind == ' ' {
			j++
		}
		lead, trail := context, context
		if i == 0 {
			lead = 0
		}
		if j == len(ops) {
			trail = 0
		}
		if j-i > lead+trail {
			for _, op := range ops[i : i+lead] {
				writeLine(&out, op)
			}
			fmt.Fprintf(&out, "@@ %d unchanged lines @@\n", j-i-lead-trail)
			for _, op := range ops[j-trail : j] {
				writeLine(&out, op)
			}
		} else {
			for _, op := range ops[i:j] {
				writeLine(&out, op)
			}
		}
		i = j
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-' or '+'
	line string
}

func writeLine(out *strings.Builder, op diffOp) {
	out.WriteByte(op.kind)
	out.WriteString(op.line)
	if !strings.HasSuffix(op.line, "\n") {
		out.WriteString("⏎(no newline)\n")
	}
}

// lcsScript computes an edit script through a longest common subsequence.
func lcsScript(a, b []string) []diffOp {
	n, m := len(a), len(b)
	l := make([][]int32, n+1)
	for i := range l {
		l[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i]})
			i, j = i+1, j+1
		case i < n && (j == m || l[i+1][j] >= l[i][j+1]):
			ops = append(ops, diffOp{'-', a[i]})
			i++
		default:
			ops = append(ops, diffOp{'+', b[j]})
			j++
		}
	}
	return ops
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
