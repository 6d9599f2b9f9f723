package load

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// listMode is what the loader asks the build system about the matched
// packages: files, import graph and module, but no types and no export data,
// so that go list never compiles them (decision 0006).
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedModule

// exportMode is what it asks about the matched packages' imports.
const exportMode = packages.NeedName | packages.NeedExportFile

// typeCheck parses and type-checks the matched packages roots (listed with
// listMode) the way go/packages does for NeedSyntax|NeedTypes|NeedTypesInfo,
// with their errors in the same form, except that their dependencies' types
// come from export data of the dependencies alone. A matched package that
// imports another matched package gets the other's checked-from-source types.
func typeCheck(pcfg *packages.Config, roots []*packages.Package) error {
	fset := token.NewFileSet()
	isRoot := map[string]*packages.Package{}
	for _, p := range roots {
		isRoot[p.PkgPath] = p
	}

	// Parse every root's files concurrently.
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, p := range roots {
		p.Fset = fset
		p.Syntax = make([]*ast.File, len(p.CompiledGoFiles))
		perr := make([][]packages.Error, len(p.CompiledGoFiles))
		for i, file := range p.CompiledGoFiles {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				p.Syntax[i], perr[i] = parseOne(fset, pcfg.Overlay, file)
			}()
		}
		wg.Wait()
		for _, es := range perr {
			p.Errors = append(p.Errors, es...)
		}
		p.Syntax = slices.DeleteFunc(p.Syntax, func(f *ast.File) bool { return f == nil })
	}

	// Only packages with tools are modelled; they and the matched packages
	// they import are checked.
	need := map[string]bool{}
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		if need[p.PkgPath] {
			return
		}
		need[p.PkgPath] = true
		for _, ip := range p.Imports {
			if r := isRoot[ip.PkgPath]; r != nil {
				mark(r)
			}
		}
	}
	for _, p := range roots {
		if hasTool(p) {
			mark(p)
		}
	}

	// Export data of every non-matched import of those.
	var deps []string
	seen := map[string]bool{}
	for _, p := range roots {
		if !need[p.PkgPath] {
			continue
		}
		for _, ip := range p.Imports {
			if isRoot[ip.PkgPath] == nil && ip.PkgPath != "unsafe" && ip.PkgPath != "C" && !seen[ip.PkgPath] {
				seen[ip.PkgPath] = true
				deps = append(deps, ip.PkgPath)
			}
		}
	}
	exports := map[string]*packages.Package{}
	if len(deps) > 0 {
		ecfg := *pcfg
		ecfg.Mode = exportMode
		eps, err := packages.Load(&ecfg, deps...)
		if err != nil {
			return fmt.Errorf("load: %w", err)
		}
		for _, ep := range eps {
			exports[ep.PkgPath] = ep
		}
	}

	sizes := types.SizesFor("gc", goarch())
	imported := map[string]*types.Package{} // shared by every export-data read
	importErr := map[string]error{}
	var readExport func(path string) (*types.Package, error)
	readExport = func(path string) (*types.Package, error) {
		if tp := imported[path]; tp != nil && tp.Complete() {
			return tp, nil
		}
		if err := importErr[path]; err != nil {
			return nil, err
		}
		tp, err := loadExport(fset, imported, exports[path], path)
		if err != nil {
			importErr[path] = err
			return nil, err
		}
		return tp, nil
	}

	checked := map[string]bool{}
	var check func(p *packages.Package, stack []string)
	check = func(p *packages.Package, stack []string) {
		if checked[p.PkgPath] || slices.Contains(stack, p.PkgPath) {
			return
		}
		stack = append(stack, p.PkgPath)
		for _, path := range slices.Sorted(mapKeys(p.Imports)) {
			if r := isRoot[p.Imports[path].PkgPath]; r != nil {
				check(r, stack)
			}
		}
		checked[p.PkgPath] = true
		checkOne(p, fset, sizes, isRoot, readExport)
	}
	for _, p := range roots {
		if need[p.PkgPath] {
			check(p, nil)
		}
	}
	return nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// checkOne type-checks one parsed root.
func checkOne(p *packages.Package, fset *token.FileSet, sizes types.Sizes, isRoot map[string]*packages.Package,
	readExport func(string) (*types.Package, error)) {
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	nErr := len(p.Errors)
	importer := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		ip := p.Imports[path]
		if ip == nil {
			if msg := cycleError(p, path); msg != "" {
				return nil, errors.New(msg)
			}
			return nil, fmt.Errorf("no metadata for %s", path)
		}
		if r := isRoot[ip.PkgPath]; r != nil {
			if r.Types != nil && r.Types.Complete() {
				return r.Types, nil
			}
			return nil, fmt.Errorf("import cycle through %s", ip.PkgPath)
		}
		return readExport(ip.PkgPath)
	})
	tc := &types.Config{
		Importer: importer,
		Sizes:    sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	typErr := types.NewChecker(tc, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if typErr != nil && len(p.Errors) == nErr && len(p.Syntax) > 0 {
		if msg := typErr.Error(); strings.HasPrefix(msg, "package requires newer Go version") {
			tc.Error(types.Error{Fset: fset, Pos: p.Syntax[0].Package, Msg: msg})
		}
	}
	if typErr != nil && len(p.Errors) == 0 {
		tc.Error(typErr)
	}
}

// importCycle starts go list's error for an import cycle, which it
// reports without a position ("import cycle not allowed: import stack:
// [a b a]") and without the import that closes it in Imports.
const importCycle = "import cycle not allowed"

// cycleError returns go list's import cycle error of p that passes through
// the import path, or "".
func cycleError(p *packages.Package, path string) string {
	for _, e := range p.Errors {
		_, stack, ok := strings.Cut(e.Msg, "import stack: [")
		if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, importCycle) && ok &&
			slices.Contains(strings.Fields(strings.TrimSuffix(stack, "]")), path) {
			return e.Msg
		}
	}
	return ""
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// parseOne reads (through the overlay) and parses one file as go/packages
// does.
func parseOne(fset *token.FileSet, overlay map[string][]byte, file string) (*ast.File, []packages.Error) {
	src, ok := overlay[file]
	if !ok {
		var err error
		if src, err = os.ReadFile(file); err != nil {
			if pe, ok := err.(*os.PathError); ok {
				return nil, []packages.Error{{Pos: pe.Path + ":1", Msg: pe.Err.Error(), Kind: packages.ParseError}}
			}
			return nil, []packages.Error{{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError}}
		}
	}
	f, err := parser.ParseFile(fset, file, src, parser.AllErrors|parser.ParseComments)
	var errs []packages.Error
	if err != nil {
		if list, ok := err.(scanner.ErrorList); ok {
			for _, e := range list {
				errs = append(errs, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		} else {
			errs = append(errs, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}
	return f, errs
}

// loadExport reads one dependency's export data into the shared map.
func loadExport(fset *token.FileSet, imported map[string]*types.Package, ep *packages.Package, path string) (*types.Package, error) {
	if ep == nil {
		return nil, fmt.Errorf("no metadata for %s", path)
	}
	if ep.ExportFile == "" {
		if len(ep.Errors) > 0 {
			return nil, fmt.Errorf("%s", ep.Errors[0].Msg)
		}
		return nil, fmt.Errorf("no export data file")
	}
	f, err := os.Open(ep.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", ep.ExportFile, err)
	}
	tp, err := gcexportdata.Read(r, fset, imported, path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", ep.ExportFile, err)
	}
	return tp, nil
}

// goarch is the target architecture for type sizes.
func goarch() string {
	if a := os.Getenv("GOARCH"); a != "" {
		return a
	}
	return runtime.GOARCH
}
