package decode

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// patternTable holds patterns inside and outside the compiled subset.
var patternTable = []struct {
	p        string
	compiled bool
}{
	{`^\+[1-9][0-9]+$`, true},
	{`^[a-z]{2}-[0-9]+$`, true},
	{`^o-[0-9]+$`, true},
	{`^[A-Z]+$`, true},
	{`^[A-Z]*$`, true},
	{`^[A-Z0-9]+$`, true},
	{`^[a-zA-Z_][a-zA-Z0-9_]*$`, true},
	{`^\d{3}-\d{4}$`, true},
	{`^\d{2,4}x$`, true},
	{`^\d{2,4}x?$`, false}, // a variable item before an optional one
	{`^\w+@\d+`, true},
	{`^ab`, true},
	{`^`, true},
	{`^$`, true},
	{`^[^0-9:]+:[0-9]{1,3}$`, true},
	{`^[^0-9]+:[0-9]{1,3}$`, false}, // [^0-9] holds ':'
	{`^é+[a-c]{1,2}$`, true},
	{`^é+[a-c]{0,2}$`, false},
	{`^.+$`, true},
	{`^[^\n]{2,}`, true},
	{`^x{3,}$`, true},
	{`^a*?b$`, true},
	{`^[0-9]+?$`, true},
	{`^\d+\.\d+$`, true},
	{`^v[0-9]+(\.[0-9]+)*$`, false}, // group
	{`^[a-z]+[a-z0-9]*$`, false},    // overlapping neighbours
	{`^[0-9]*[0-9]$`, false},
	{`^a?b?$`, false}, // a variable item before an optional one
	{`[0-9]+`, false}, // unanchored
	{`^(a|b)$`, false},
	{`^cat|dog$`, false},
	{`^[a-z]+$`, true},
}

// planMatch runs a plan as the emitted matcher does (the fuzz target's
// model of the generated code; TestPatternMatchersGenerated runs the
// generated code itself).
func planMatch(plan patPlan, s string) bool {
	i := 0
	for _, it := range plan.items {
		if it.lit != "" {
			if !strings.HasPrefix(s[i:], it.lit) {
				return false
			}
			i += len(it.lit)
			continue
		}
		n := 0
		for i < len(s) && (it.max < 0 || n < it.max) {
			c, w := utf8.DecodeRuneInString(s[i:])
			if it.ascii() {
				c, w = rune(s[i]), 1
			}
			in := false
			for k := 0; k < len(it.ranges); k += 2 {
				if c >= it.ranges[k] && c <= it.ranges[k+1] {
					in = true
				}
			}
			if !in {
				break
			}
			i += w
			n++
		}
		if n < it.min {
			return false
		}
	}
	return !plan.end || i == len(s)
}

// patternAlphabet is what random strings are made of: the pattern's own
// runes and a few others, ASCII and not.
func patternAlphabet(p string) []rune {
	alpha := []rune("09a_Z+-.@\néx€\U0001F600")
	for _, r := range p {
		alpha = append(alpha, r)
	}
	for _, r := range "0123456789abcxyzABCZ" {
		alpha = append(alpha, r)
	}
	return alpha
}

func randomStrings(p string, n int, seed int64) []string {
	rng := rand.New(rand.NewSource(seed))
	alpha := patternAlphabet(p)
	out := []string{""}
	for len(out) < n {
		var b strings.Builder
		for k := rng.Intn(12); k > 0; k-- {
			b.WriteRune(alpha[rng.Intn(len(alpha))])
		}
		out = append(out, b.String())
	}
	return out
}

func TestPatternPlans(t *testing.T) {
	for _, tc := range patternTable {
		plan, ok := planPattern(tc.p)
		if ok != tc.compiled {
			t.Errorf("planPattern(%q) ok = %v, want %v", tc.p, ok, tc.compiled)
			continue
		}
		if !ok {
			continue
		}
		re := regexp.MustCompile(tc.p)
		for _, s := range randomStrings(tc.p, 20000, 1) {
			if got, want := planMatch(plan, s), re.MatchString(s); got != want {
				t.Errorf("pattern %q on %q: plan %v, regexp %v", tc.p, s, got, want)
			}
		}
	}
}

// TestPatternMatchersGenerated compiles the emitted matchers of the table
// with a driver that compares each with regexp.MatchString on random
// strings, and runs it.
func TestPatternMatchersGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	f := jen.NewFile("main")
	var cases []jen.Code
	for i, tc := range patternTable {
		plan, ok := planPattern(tc.p)
		if !ok {
			continue
		}
		name := fmt.Sprintf("m%d", i)
		f.Add(emitMatcher(name, tc.p, plan))
		var strs []jen.Code
		for _, s := range randomStrings(tc.p, 3000, 2) {
			strs = append(strs, jen.Lit(s))
		}
		cases = append(cases, jen.Values(jen.Lit(tc.p), jen.Id(name), jen.Index().String().Values(strs...)))
	}
	f.Func().Id("main").Params().Block(
		jen.Id("bad").Op(":=").Lit(0),
		jen.For(jen.List(jen.Id("_"), jen.Id("c")).Op(":=").Range().Index().Struct(
			jen.Id("p").String(), jen.Id("f").Func().Params(jen.String()).Bool(), jen.Id("s").Index().String(),
		).Values(cases...)).Block(
			jen.Id("re").Op(":=").Qual("regexp", "MustCompile").Call(jen.Id("c").Dot("p")),
			jen.For(jen.List(jen.Id("_"), jen.Id("s")).Op(":=").Range().Id("c").Dot("s")).Block(
				jen.If(jen.Id("c").Dot("f").Call(jen.Id("s")).Op("!=").Id("re").Dot("MatchString").Call(jen.Id("s"))).Block(
					jen.Qual("fmt", "Printf").Call(jen.Lit("MISMATCH %q %q\n"), jen.Id("c").Dot("p"), jen.Id("s")),
					jen.Id("bad").Op("++"),
				),
			),
		),
		jen.Qual("fmt", "Println").Call(jen.Lit("mismatches"), jen.Id("bad")),
	)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "mismatches 0" {
		t.Fatalf("generated matchers disagree with regexp:\n%s", got)
	}
}

// FuzzPatternPlan checks the compiled subset against regexp on any pattern
// the subset accepts and any input.
func FuzzPatternPlan(f *testing.F) {
	for i, tc := range patternTable {
		for _, s := range randomStrings(tc.p, 4, int64(i)) {
			f.Add(tc.p, s)
		}
	}
	f.Fuzz(func(t *testing.T, p, s string) {
		plan, ok := planPattern(p)
		if !ok {
			return
		}
		re, err := regexp.Compile(p)
		if err != nil {
			t.Fatalf("planPattern accepted %q, which regexp rejects: %v", p, err)
		}
		if got, want := planMatch(plan, s), re.MatchString(s); got != want {
			t.Fatalf("pattern %s on %s: plan %v, regexp %v", strconv.Quote(p), strconv.Quote(s), got, want)
		}
	})
}
