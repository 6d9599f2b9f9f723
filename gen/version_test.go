package gen_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/stitchrt"
)

// TestVersionGuard: a generated file written for a generated-code version
// outside the runtime's window does not build, and the compiler's message
// names stitchgen and says to regenerate. The file is the generator's own
// output with its version changed, as an older or a newer stitchgen would
// have written it.
func TestVersionGuard(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/guard")
	src := "package p\n\n// T is a tool.\n//\n//stitch:tool\ntype T struct {\n\tB int `json:\"b\"`\n}\n"
	if err := m.WriteFile("p/p.go", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./p"}, Flatten: true})
	if err != nil || len(res.Packages) != 1 {
		t.Fatalf("generate: %v %v", err, res.Diagnostics)
	}
	file := string(res.Packages[0].Content)
	v := strconv.Itoa(names.Version)
	older := "_ = stitchrt.RegenerateWithStitchgen(" + v + " - stitchrt.MinVersion)"
	newer := "_ = stitchrt.RegenerateWithStitchgen(stitchrt.MaxVersion - " + v + ")"
	if !strings.Contains(file, older) || !strings.Contains(file, newer) {
		t.Fatalf("the generated file has no version guard:\n%.600s", file)
	}
	if err := m.WriteFile("p/stitch_gen.go", []byte(file)); err != nil {
		t.Fatal(err)
	}
	if r := m.Go("", "build", "./p"); r.Err != nil || r.ExitCode != 0 {
		t.Fatalf("the generated file does not build: %v\n%s", r.Err, r.Stderr)
	}
	line := strings.Count(file[:strings.Index(file, older)], "\n") + 1
	for _, tc := range []struct {
		name, from, to string
		col            int
	}{
		{"a file older than the runtime supports", older, "_ = stitchrt.RegenerateWithStitchgen(" + strconv.Itoa(stitchrt.MinVersion-1) + " - stitchrt.MinVersion)", 39},
		{"a file newer than the runtime", newer, "_ = stitchrt.RegenerateWithStitchgen(stitchrt.MaxVersion - " + strconv.Itoa(stitchrt.MaxVersion+1) + ")", 39},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := m.WriteFile("p/stitch_gen.go", []byte(strings.Replace(file, tc.from, tc.to, 1))); err != nil {
				t.Fatal(err)
			}
			r := m.Go("", "build", "./p")
			if r.ExitCode == 0 {
				t.Fatal("a file of another generated-code version builds")
			}
			l := line
			if tc.from == newer {
				l++
			}
			want := "# example.com/guard/p\np/stitch_gen.go:" + strconv.Itoa(l) + ":" + strconv.Itoa(tc.col) + ": constant -1 overflows stitchrt.RegenerateWithStitchgen\n"
			if got := string(r.Stderr); got != want {
				t.Errorf("go build:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
