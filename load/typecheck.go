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
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/gen/names"
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
//
// A previous output of stitchgen is parsed (as previous.go overlays it) but
// left out of the check, as on a first generation; when the check finds
// type errors, the packages are checked again with it, and only the errors
// both checks find are kept (keepPersistentErrors, decision 0006).
//
// The packages that the tools' type declarations name (a shared types
// package, a dependency's package) are checked from source too, as are the
// ones theirs name, so that their declarations' doc comments and
// directives can be read (foreign.go); they are returned by import path,
// with the matched packages that were checked.
func typeCheck(pcfg *packages.Config, roots []*packages.Package) (map[string]*packages.Package, error) {
	tc := &typeChecker{pcfg: pcfg, fset: token.NewFileSet(), isRoot: map[string]*packages.Package{},
		sizes: types.SizesFor("gc", goarch()), exports: map[string]*packages.Package{},
		imported: map[string]*types.Package{}, importErr: map[string]error{}, witnesses: map[string]*packages.Package{}}
	for _, p := range roots {
		tc.isRoot[p.PkgPath] = p
	}
	tc.parse(roots)

	// Only packages with tools are modelled; they and the matched packages
	// they import are checked.
	need := map[string]bool{}
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		if need[p.PkgPath] {
			return
		}
		need[p.PkgPath] = true
		for _, ip := range userImports(p) {
			if r := tc.isRoot[ip.PkgPath]; r != nil {
				mark(r)
			}
		}
	}
	for _, p := range roots {
		if hasTool(p) {
			mark(p)
		}
	}

	extra := tc.namedPackages(roots, need)
	for _, p := range extra {
		need[p.PkgPath] = true
	}

	// Export data of every non-matched import of those.
	var deps []*packages.Package
	for _, p := range append(slices.Clone(roots), extra...) {
		if need[p.PkgPath] {
			deps = append(deps, userImports(p)...)
		}
	}
	if err := tc.loadExports(deps); err != nil {
		return nil, err
	}

	checked := map[string]bool{}
	var check func(p *packages.Package, stack []string)
	check = func(p *packages.Package, stack []string) {
		if checked[p.PkgPath] || slices.Contains(stack, p.PkgPath) {
			return
		}
		stack = append(stack, p.PkgPath)
		for _, ip := range userImports(p) {
			if r := tc.isRoot[ip.PkgPath]; r != nil {
				check(r, stack)
			}
		}
		checked[p.PkgPath] = true
		tc.checkOne(p, userFiles(p), func(r *packages.Package) *types.Package { return r.Types })
		if slices.Contains(extra, p) && tc.imported[p.PkgPath] == nil {
			// Export data read later that refers to the package's
			// types gets these, so a type has one identity.
			tc.imported[p.PkgPath] = p.Types
		}
	}
	for _, p := range roots {
		if need[p.PkgPath] {
			check(p, nil)
		}
	}
	source := map[string]*packages.Package{}
	for _, p := range append(slices.Clone(roots), extra...) {
		if need[p.PkgPath] && p.TypesInfo != nil {
			source[p.PkgPath] = p
		}
	}
	return source, tc.keepPersistentErrors(roots, need)
}

// namedPackages returns the non-matched, non-standard packages whose types
// the type declarations of the checked packages name (common.Address,
// common.Page[Item]), and the ones those packages' type declarations name,
// parsed and registered as checked from source. It reads syntax only: a
// package that is named but holds no contract type costs a type check and
// nothing else; one that no type declaration names costs nothing.
func (tc *typeChecker) namedPackages(roots []*packages.Package, need map[string]bool) []*packages.Package {
	var queue, extra []*packages.Package
	for _, p := range roots {
		if need[p.PkgPath] {
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, ip := range typeDeclImports(p) {
			if tc.isRoot[ip.PkgPath] != nil || ip.Module == nil || len(ip.CompiledGoFiles) == 0 ||
				ip.PkgPath == names.API || ip.PkgPath == names.Runtime {
				continue // checked already, the standard library, or stitchgen's own (its types are known by name)
			}
			tc.parse([]*packages.Package{ip})
			tc.isRoot[ip.PkgPath] = ip
			extra = append(extra, ip)
			queue = append(queue, ip)
		}
	}
	return extra
}

// typeDeclImports returns the imports of p that a type declaration of its
// own files qualifies an identifier with, in import path order.
func typeDeclImports(p *packages.Package) []*packages.Package {
	var paths []string
	for _, f := range userFiles(p) {
		byName := map[string]string{}
		for _, is := range f.Imports {
			path, err := strconv.Unquote(is.Path.Value)
			ip := p.Imports[path]
			if err != nil || ip == nil {
				continue
			}
			name := ip.Name
			if is.Name != nil {
				name = is.Name.Name
			}
			byName[name] = path
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			ast.Inspect(gd, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && byName[x.Name] != "" && !slices.Contains(paths, byName[x.Name]) {
						paths = append(paths, byName[x.Name])
					}
				}
				return true
			})
		}
	}
	slices.Sort(paths)
	out := make([]*packages.Package, len(paths))
	for i, path := range paths {
		out[i] = p.Imports[path]
	}
	return out
}

// A typeChecker holds what the checks of one run share.
type typeChecker struct {
	pcfg      *packages.Config
	fset      *token.FileSet
	sizes     types.Sizes
	isRoot    map[string]*packages.Package
	exports   map[string]*packages.Package // export data of non-matched imports, by path
	imported  map[string]*types.Package    // shared by every export-data read
	importErr map[string]error
	witnesses map[string]*packages.Package // roots checked with their previous output
}

// parse parses every root's files concurrently.
func (tc *typeChecker) parse(roots []*packages.Package) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, p := range roots {
		p.Fset = tc.fset
		p.Syntax = make([]*ast.File, len(p.CompiledGoFiles))
		perr := make([][]packages.Error, len(p.CompiledGoFiles))
		for i, file := range p.CompiledGoFiles {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				p.Syntax[i], perr[i] = parseOne(tc.fset, tc.pcfg.Overlay, file)
			}()
		}
		wg.Wait()
		for _, es := range perr {
			p.Errors = append(p.Errors, es...)
		}
		p.Syntax = slices.DeleteFunc(p.Syntax, func(f *ast.File) bool { return f == nil })
	}
}

// loadExports lists the export data of the non-matched packages among
// deps that have none yet.
func (tc *typeChecker) loadExports(deps []*packages.Package) error {
	var paths []string
	for _, ip := range deps {
		path := ip.PkgPath
		if tc.isRoot[path] == nil && path != "unsafe" && path != "C" && tc.exports[path] == nil && !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		return nil
	}
	ecfg := *tc.pcfg
	ecfg.Mode = exportMode
	eps, err := packages.Load(&ecfg, paths...)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	for _, ep := range eps {
		tc.exports[ep.PkgPath] = ep
	}
	return nil
}

func (tc *typeChecker) readExport(path string) (*types.Package, error) {
	if tp := tc.imported[path]; tp != nil && tp.Complete() {
		return tp, nil
	}
	if err := tc.importErr[path]; err != nil {
		return nil, err
	}
	tp, err := loadExport(tc.fset, tc.imported, tc.exports[path], path)
	if err != nil {
		tc.importErr[path] = err
		return nil, err
	}
	return tp, nil
}

// keepPersistentErrors checks again, with their previous output, the
// checked packages that have type errors the drop rules for generated
// names (generatedRef) leave stand, when there is a previous output, and
// keeps only the type errors the second check finds too: an error that
// the previous output resolves is about a generated name the run is about
// to write (var _ json.Unmarshaler = (*T)(nil) before stitchgen generated
// UnmarshalJSON), and one that only the previous output causes is about to
// go away (a StitchHandler still asking for a removed tool's method, a
// generated method the user now declares).
func (tc *typeChecker) keepPersistentErrors(roots []*packages.Package, need map[string]bool) error {
	var targets []*packages.Package
	previous := false
	for _, p := range roots {
		if need[p.PkgPath] {
			previous = previous || len(userFiles(p)) < len(p.Syntax)
			if slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
				return e.Kind == packages.TypeError && !generatedRef(e.Msg)
			}) {
				targets = append(targets, p) // errors the drop rules leave stand
			}
		}
	}
	if !previous || len(targets) == 0 {
		return nil
	}
	var deps []*packages.Package
	for _, p := range roots {
		if need[p.PkgPath] {
			for _, ip := range p.Imports {
				deps = append(deps, ip)
			}
		}
	}
	slices.SortFunc(deps, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	if err := tc.loadExports(deps); err != nil {
		return err
	}
	for _, p := range targets {
		w := tc.witness(p, nil)
		found := map[string]bool{}
		for _, e := range w.Errors {
			found[e.Pos+"\x00"+e.Msg] = true
		}
		p.Errors = slices.DeleteFunc(p.Errors, func(e packages.Error) bool {
			return e.Kind == packages.TypeError && !found[e.Pos+"\x00"+e.Msg]
		})
	}
	return nil
}

// witness returns root p checked with every file, its previous output
// included, against the witnesses of the roots it imports.
func (tc *typeChecker) witness(p *packages.Package, stack []string) *packages.Package {
	if w := tc.witnesses[p.PkgPath]; w != nil {
		return w
	}
	w := &packages.Package{ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, Fset: p.Fset, Imports: p.Imports, Module: p.Module}
	stack = append(stack, p.PkgPath)
	for _, path := range slices.Sorted(mapKeys(p.Imports)) {
		if r := tc.isRoot[p.Imports[path].PkgPath]; r != nil && !slices.Contains(stack, r.PkgPath) {
			tc.witness(r, stack)
		}
	}
	tc.checkOne(w, p.Syntax, func(r *packages.Package) *types.Package {
		if rw := tc.witnesses[r.PkgPath]; rw != nil {
			return rw.Types
		}
		return nil
	})
	tc.witnesses[p.PkgPath] = w
	return w
}

// userFiles returns a root's files without stitchgen's previous output.
func userFiles(p *packages.Package) []*ast.File {
	return slices.DeleteFunc(slices.Clone(p.Syntax), isGenerated)
}

// userImports returns the packages that a root's own files import (the
// previous output's imports left out), in import path order.
func userImports(p *packages.Package) []*packages.Package {
	var paths []string
	for _, f := range userFiles(p) {
		for _, is := range f.Imports {
			if path, err := strconv.Unquote(is.Path.Value); err == nil && p.Imports[path] != nil && !slices.Contains(paths, path) {
				paths = append(paths, path)
			}
		}
	}
	slices.Sort(paths)
	out := make([]*packages.Package, len(paths))
	for i, path := range paths {
		out[i] = p.Imports[path]
	}
	return out
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

// checkOne type-checks the files of one parsed root; rootTypes gives the
// types of a matched package it imports (nil while that is not checked,
// on an import cycle).
func (tc *typeChecker) checkOne(p *packages.Package, files []*ast.File, rootTypes func(*packages.Package) *types.Package) {
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
		if r := tc.isRoot[ip.PkgPath]; r != nil {
			if t := rootTypes(r); t != nil && t.Complete() {
				return t, nil
			}
			return nil, fmt.Errorf("import cycle through %s", ip.PkgPath)
		}
		return tc.readExport(ip.PkgPath)
	})
	fset := tc.fset
	conf := &types.Config{
		Importer: importer,
		Sizes:    tc.sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	typErr := types.NewChecker(conf, fset, p.Types, p.TypesInfo).Files(files)
	if typErr != nil && len(p.Errors) == nErr && len(files) > 0 {
		if msg := typErr.Error(); strings.HasPrefix(msg, "package requires newer Go version") {
			conf.Error(types.Error{Fset: fset, Pos: files[0].Package, Msg: msg})
		}
	}
	if typErr != nil && len(p.Errors) == 0 {
		conf.Error(typErr)
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
	// go list -export names the compiler's archive (the export data is its
	// __.PKGDEF member); NewReader finds that member until Go 1.29 and
	// passes go list's own export format through. go/packages reads export
	// data the same way; this follows it when it changes (decision 0006).
	//lint:ignore SA1019 reading the archive go list -export names, as go/packages does
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
