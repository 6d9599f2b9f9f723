package archtest

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const mod = "github.com/stitchgen/stitchgen"

// A rule says what the packages matching pkg may import: own lists the
// packages of the repository (paths relative to mod; "x/*" is every package
// under x), external the packages outside it and the standard library
// ("*" allows any). The first rule a package matches applies, and every
// package of every module of the repository must match one.
type rule struct {
	pkg      string
	own      []string
	external []string
}

var (
	jennifer = []string{"github.com/dave/jennifer/jen"}
	// contract packages: their own code and the generated file's runtime.
	contract = []string{"stitch", "stitchrt"}
)

var rules = []rule{
	// facts both sides share (the registry of profile names): a leaf
	// every package may read.
	{"facts", nil, nil},
	// The pipeline: load → model → schema → flatten → profile → check → gen.
	{"model", nil, nil},
	// load judges a default with the decoder's own format checks (stitchrt).
	{"load", []string{"model", "facts", "gen/names", "stitchrt", "stitch"}, []string{"golang.org/x/tools/go/packages", "golang.org/x/tools/go/gcexportdata", "go/doc/comment"}},
	{"schema", []string{"model"}, nil},
	{"flatten", []string{"model"}, nil},
	{"profile", []string{"model", "facts"}, nil},
	// check asks the runtime's ECMA-262 parser whether a pattern is valid.
	{"check", []string{"model", "schema", "stitchrt", "stitch"}, nil},
	{"gen/names", []string{"model", "facts"}, nil},
	{"gen/decode", []string{"model", "gen/names"}, jennifer},
	{"gen/tools", []string{"model", "gen/names"}, jennifer},
	{"gen", []string{"model", "facts", "load", "schema", "flatten", "profile", "check", "gen/decode", "gen/tools", "gen/names"}, jennifer},
	{"cmd/stitchgen", []string{"gen", "model", "profile", "templates"}, nil},
	{"templates", nil, nil},
	// The libraries a service links: the API imports only facts, the
	// runtime only the API, an adapter only the API and wire (and its
	// SDK).
	{"stitch", []string{"facts"}, nil},
	{"stitchrt", []string{"stitch"}, nil},
	// What adapters put between the network and their SDK: no SDK, no
	// decoder runtime.
	{"stitch/wire", nil, nil},
	// The code docs/migrating-mcpgo.md quotes: a contract package that
	// serves itself with its adapter, and the mcp-go server it replaces.
	{"adapters/stitchmcpgo/internal/migrating/*", []string{"stitch", "stitchrt", "adapters/stitchmcpgo", "adapters/stitchmcpgo/internal/migrating/*"}, []string{"*"}},
	{"adapters/*", []string{"stitch", "stitch/wire", "facts"}, []string{"*"}},
	// Contract packages: the examples' and the tests'.
	{"examples/shop/shop", contract, nil},
	{"examples/broadcast/broadcast", contract, nil},
	{"examples/conformance/everything", contract, nil},
	{"examples/migrate/users", contract, nil},
	// Tool packages whose contracts use the types of a shared package.
	{"examples/multi/billing", append([]string{"examples/multi/common"}, contract...), nil},
	{"examples/multi/shipping", append([]string{"examples/multi/common"}, contract...), nil},
	{"internal/fixture", contract, nil},
	{"internal/agreement/contracts/*", contract, nil},
	{"internal/hostile/contracts/*", contract, nil},
	// Example commands serve contract packages through an adapter.
	{"examples/*", []string{"stitch", "adapters/*", "examples/*"}, []string{"*"}},
	// Test plumbing and end-to-end tests may use anything but cmd.
	{"internal/*", []string{"*"}, []string{"*"}},
	{"e2e", []string{"*"}, []string{"*"}},
}

// patterns returns a pattern for every package of every module of the
// workspace (go.work); internal/bench is outside it and checked by its own
// tests. A pattern per module: from the root, "./examples/..." matches only
// the root module's packages under examples/, not those of the modules
// nested there.
func patterns(t *testing.T) []string {
	t.Helper()
	cmd := exec.Command("go", "work", "edit", "-json")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go work edit -json: %v", err)
	}
	var work struct{ Use []struct{ DiskPath string } }
	if err := json.Unmarshal(out, &work); err != nil {
		t.Fatal(err)
	}
	var pats []string
	for _, u := range work.Use {
		if d := path.Clean(u.DiskPath); d == "." {
			pats = append(pats, "./...")
		} else {
			pats = append(pats, "./"+d+"/...")
		}
	}
	if len(pats) < 5 {
		t.Fatalf("go.work uses %d modules; the repository has more", len(pats))
	}
	return pats
}

func load(t *testing.T) []*packages.Package {
	t.Helper()
	if out, err := exec.Command("go", "env", "GOWORK").Output(); err != nil || strings.TrimSpace(string(out)) == "" || strings.TrimSpace(string(out)) == "off" {
		t.Skip("needs the workspace (go.work) to see every module; GOWORK is off")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedFiles, Dir: "../.."}
	pats := patterns(t)
	pkgs, err := packages.Load(cfg, pats...)
	if err != nil {
		t.Fatal(err)
	}
	// Every module is seen: its root package (a module path of the
	// repository is mod plus its directory) or one under it was loaded.
	for _, pat := range pats {
		modPath := mod
		if dir := strings.TrimSuffix(strings.TrimPrefix(pat, "./"), "..."); dir != "" {
			modPath += "/" + strings.TrimSuffix(dir, "/")
		}
		if !slices.ContainsFunc(pkgs, func(p *packages.Package) bool {
			return p.PkgPath == modPath || strings.HasPrefix(p.PkgPath, modPath+"/")
		}) {
			t.Errorf("no package of module %s (%s) was loaded", modPath, pat)
		}
	}
	if len(pkgs) < 20 {
		t.Fatalf("loaded only %d packages; the patterns did not match the modules", len(pkgs))
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	}
	return pkgs
}

func TestImportDirection(t *testing.T) {
	for _, p := range load(t) {
		rel, ok := relative(p.PkgPath)
		if !ok {
			t.Errorf("%s is not a package of the repository", p.PkgPath)
			continue
		}
		r, ok := ruleFor(rel)
		if !ok {
			t.Errorf("%s matches no rule: add one to archtest (what may it import?)", p.PkgPath)
			continue
		}
		for imp := range p.Imports {
			if irel, own := relative(imp); own {
				if strings.HasPrefix(irel, "cmd/") {
					t.Errorf("%s imports %s: nothing may import cmd", p.PkgPath, imp)
				} else if !matchAny(r.own, irel) {
					t.Errorf("%s imports %s; of the repository it may import only %v", p.PkgPath, imp, r.own)
				}
				continue
			}
			if !isStd(imp) && !matchAny(r.external, imp) {
				t.Errorf("%s imports %s; outside the standard library it may import only %v", p.PkgPath, imp, r.external)
			}
		}
	}
}

// TestGeneratedFiles: a generated file imports only the standard library,
// stitch, stitchrt (no SDK) and the packages whose types the contract uses,
// which the package's own files import, and only generated files import
// stitchrt (it is for generated code; a service uses stitch).
func TestGeneratedFiles(t *testing.T) {
	const header = "// Code generated by stitchgen. DO NOT EDIT."
	generated := 0
	for _, p := range load(t) {
		own := map[string]bool{} // what the package's hand-written files import
		for _, file := range p.GoFiles {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(src), header+"\n") {
				for _, spec := range f.Imports {
					imp, _ := strconv.Unquote(spec.Path.Value)
					own[imp] = true
				}
			}
		}
		for _, file := range p.GoFiles {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			isGen := strings.HasPrefix(string(src), header+"\n")
			if isGen {
				generated++
			}
			for _, spec := range f.Imports {
				imp, _ := strconv.Unquote(spec.Path.Value)
				switch {
				case isGen && !isStd(imp) && imp != mod+"/stitch" && imp != mod+"/stitchrt" && !own[imp]:
					t.Errorf("%s: a generated file imports %s", file, imp)
				case !isGen && imp == mod+"/stitchrt" && !runtimeUsers[p.PkgPath]:
					t.Errorf("%s: hand-written code imports stitchrt, which is for generated code; use package stitch", file)
				}
			}
		}
	}
	if generated < 9 {
		t.Errorf("found %d generated files; the examples and test contracts have more", generated)
	}
}

// runtimeUsers are the packages whose hand-written code may import
// stitchrt: the runtime itself (its tests), and the loader, which judges a
// default with the decoder's own format checks, and check, which asks its
// ECMA-262 parser about a pattern.
var runtimeUsers = map[string]bool{mod + "/stitchrt": true, mod + "/load": true, mod + "/check": true}

func relative(p string) (string, bool) {
	if p == mod {
		return "", true
	}
	rel, ok := strings.CutPrefix(p, mod+"/")
	return rel, ok
}

func ruleFor(rel string) (rule, bool) {
	for _, r := range rules {
		if match(r.pkg, rel) {
			return r, true
		}
	}
	return rule{}, false
}

func matchAny(pats []string, s string) bool {
	return slices.ContainsFunc(pats, func(p string) bool { return match(p, s) })
}

// match reports whether s is p, or lies under p's directory for "x/*", or
// p is "*".
func match(p, s string) bool {
	if p == "*" || p == s {
		return true
	}
	dir, ok := strings.CutSuffix(p, "/*")
	return ok && strings.HasPrefix(s, dir+"/")
}

// isStd reports whether an import path is of the standard library: its
// first element has no dot.
func isStd(p string) bool {
	return !strings.Contains(strings.SplitN(p, "/", 2)[0], ".") && path.Clean(p) == p
}
