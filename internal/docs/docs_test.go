package docs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/stitch"
)

var fence = regexp.MustCompile("(?ms)^```(go|json|sh)\n(.*?)^```\n")

// blocks returns the fenced blocks of a document in the given language.
func blocks(t *testing.T, file, lang string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range fence.FindAllStringSubmatch(string(b), -1) {
		if m[1] == lang {
			out = append(out, m[2])
		}
	}
	return out
}

// generate writes one contract file into a throw-away module and runs the
// generator on it; a diagnostic fails the test.
func generate(t *testing.T, pkg, src string) *gen.Result {
	t.Helper()
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/docs")
	if err := m.WriteFile(pkg+"/contract.go", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./" + pkg}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		t.Errorf("%s: %s", pkg, d)
	}
	if len(res.Packages) != 1 {
		t.Fatalf("%s: generated %d packages", pkg, len(res.Packages))
	}
	return res
}

// TestContractExample: the example of docs/contracts.md generates cleanly.
func TestContractExample(t *testing.T) {
	bs := blocks(t, "docs/contracts.md", "go")
	if len(bs) == 0 {
		t.Fatal("docs/contracts.md shows no Go")
	}
	res := generate(t, "shop", bs[0])
	if got := len(res.Packages[0].Tools); got != 1 {
		t.Errorf("the example declares %d tools", got)
	}
}

// TestFlatteningExample: the flattened schema docs/flattening.md shows is
// what the generator advertises for its union.
func TestFlatteningExample(t *testing.T) {
	gos, jsons := blocks(t, "docs/flattening.md", "go"), blocks(t, "docs/flattening.md", "json")
	if len(gos) != 1 || len(jsons) != 1 {
		t.Fatalf("docs/flattening.md: %d Go and %d JSON blocks, want 1 and 1", len(gos), len(jsons))
	}
	res := generate(t, "ship", gos[0])
	var advertised struct {
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(res.Packages[0].Tools[0].Advertised, &advertised); err != nil {
		t.Fatal(err)
	}
	var want any
	if err := json.Unmarshal([]byte(jsons[0]), &want); err != nil {
		t.Fatalf("the documented schema is not JSON: %v", err)
	}
	if got := advertised.Properties["delivery"]; !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		t.Errorf("docs/flattening.md shows a schema the generator does not advertise; it advertises\n%s", g)
	}
}

// TestIssueCodes: the code table of docs/decoding.md lists exactly the
// codes package stitch defines.
func TestIssueCodes(t *testing.T) {
	b, err := os.ReadFile("../../docs/decoding.md")
	if err != nil {
		t.Fatal(err)
	}
	_, issues, _ := strings.Cut(string(b), "\n## Issues\n")
	issues, _, _ = strings.Cut(issues, "\n## ")
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ").FindAllStringSubmatch(issues, -1) {
		documented = append(documented, m[1])
	}
	codes := []string{stitch.CodeUnknownKey, stitch.CodeDuplicateKey, stitch.CodeMissing, stitch.CodeType, stitch.CodeNull,
		stitch.CodeRange, stitch.CodeLength, stitch.CodePattern, stitch.CodeEnum, stitch.CodeFormat, stitch.CodeUnique,
		stitch.CodeDiscriminator, stitch.CodeAmbiguous, stitch.CodeSyntax, stitch.CodeDepth, stitch.CodeSize, stitch.CodeCustom}
	sort.Strings(documented)
	sort.Strings(codes)
	if !slices.Equal(documented, codes) {
		t.Errorf("docs/decoding.md lists codes %v; package stitch has %v", documented, codes)
	}
}

// TestFlagTable: docs/generated-api.md's flag table names every flag of
// the command and no other.
func TestFlagTable(t *testing.T) {
	b, err := os.ReadFile("../../docs/generated-api.md")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `-([a-z-]+)").FindAllStringSubmatch(string(b), -1) {
		documented = append(documented, m[1])
	}
	src, err := os.ReadFile("../../cmd/stitchgen/main.go")
	if err != nil {
		t.Fatal(err)
	}
	var flags []string
	for _, m := range regexp.MustCompile(`fs\.\w+Var\(&opt\.\w+, "([a-z-]+)"`).FindAllStringSubmatch(string(src), -1) {
		flags = append(flags, m[1])
	}
	sort.Strings(documented)
	sort.Strings(flags)
	if len(flags) < 5 || !slices.Equal(documented, flags) {
		t.Errorf("docs/generated-api.md documents flags %v; cmd/stitchgen has %v", documented, flags)
	}
}

// TestDocLinks: every relative link of the documentation (the user docs,
// the decision records and the READMEs a contributor reads) names a file of
// the repository.
func TestDocLinks(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../../*.md", "../../docs/*.md", "../../docs/decisions/*.md", "../../examples/*.md", "../../e2e/*.md", "../../e2e/conformance/*.md"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	if len(files) < 60 {
		t.Fatalf("found %d documents; the patterns no longer match the tree", len(files))
	}
	link := regexp.MustCompile(`\]\(([^)#]+)(#[^)]*)?\)`)
	code := regexp.MustCompile("(?s)```.*?```|`[^`\n]*`") // code is not a link
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(code.ReplaceAllString(string(b), ""), -1) {
			if strings.Contains(m[1], "://") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), m[1])); err != nil {
				t.Errorf("%s links to %s, which does not exist", f, m[1])
			}
		}
	}
}
