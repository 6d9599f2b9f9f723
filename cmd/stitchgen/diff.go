package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns a unified diff (3 lines of context) from a to b, or ""
// when they are equal. It uses Myers' O(ND) algorithm on lines.
func unifiedDiff(nameA, nameB string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := splitLines(string(a)), splitLines(string(b))
	ops := myers(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	for _, h := range hunks(ops, 3) {
		writeHunk(&out, h, x, y)
	}
	return out.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// An edit is one line of the script: kind ' ' (both), '-' (a only), '+' (b only).
type edit struct {
	kind byte
	i, j int // line index in a (for ' ' and '-') and in b (for ' ' and '+')
}

// myers computes a shortest edit script between x and y.
func myers(x, y []string) []edit {
	n, m := len(x), len(y)
	max := n + m
	v := make([]int, 2*max+2)
	var trace [][]int
	for d := 0; d <= max; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || (k != d && v[max+k-1] < v[max+k+1]) {
				i = v[max+k+1]
			} else {
				i = v[max+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i, j = i+1, j+1
			}
			v[max+k] = i
			if i >= n && j >= m {
				return backtrack(trace, x, y, d, max)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, x, y []string, d, max int) []edit {
	i, j := len(x), len(y)
	var rev []edit
	for ; d > 0; d-- {
		v := trace[d]
		k := i - j
		var pk int
		if k == -d || (k != d && v[max+k-1] < v[max+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		pi := v[max+pk]
		pj := pi - pk
		for i > pi && j > pj {
			i, j = i-1, j-1
			rev = append(rev, edit{' ', i, j})
		}
		if i == pi {
			j--
			rev = append(rev, edit{'+', i, j})
		} else {
			i--
			rev = append(rev, edit{'-', i, j})
		}
	}
	for i > 0 && j > 0 {
		i, j = i-1, j-1
		rev = append(rev, edit{' ', i, j})
	}
	for l, r := 0, len(rev)-1; l < r; l, r = l+1, r-1 {
		rev[l], rev[r] = rev[r], rev[l]
	}
	return rev
}

// hunks groups the edit script into hunks with ctx lines of context.
func hunks(ops []edit, ctx int) [][]edit {
	var out [][]edit
	start, end := -1, -1
	for idx, op := range ops {
		if op.kind == ' ' {
			continue
		}
		lo, hi := max(idx-ctx, 0), min(idx+ctx+1, len(ops))
		if start >= 0 && lo <= end {
			end = hi
			continue
		}
		if start >= 0 {
			out = append(out, ops[start:end])
		}
		start, end = lo, hi
	}
	if start >= 0 {
		out = append(out, ops[start:end])
	}
	return out
}

func writeHunk(out *strings.Builder, h []edit, x, y []string) {
	ai, bi, an, bn := -1, -1, 0, 0
	for _, op := range h {
		if op.kind != '+' {
			if ai < 0 {
				ai = op.i
			}
			an++
		}
		if op.kind != '-' {
			if bi < 0 {
				bi = op.j
			}
			bn++
		}
	}
	if ai < 0 {
		ai = h[0].i
	}
	if bi < 0 {
		bi = h[0].j
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(ai, an), hunkRange(bi, bn))
	for _, op := range h {
		line := ""
		if op.kind == '+' {
			line = y[op.j]
		} else {
			line = x[op.i]
		}
		out.WriteByte(op.kind)
		out.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
