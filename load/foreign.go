package load

import (
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/model"
)

// Types of other packages (a shared types package of the module, a
// dependency's package) are contract types like the package's own: their
// doc comments, tags and directives are read from their own package's
// source (typeCheck checks it from source because a type declaration
// names it), and the generated file of the package that uses them gets
// their decode and encode functions (decision 0021), which set their
// exported fields.

// A foreignPkg is another package whose struct or union types the
// contract uses, with its type declarations in source order.
type foreignPkg struct {
	p       *packages.Package
	order   []*decl
	dialect string // of its jsonschema tags (dialect.go)
}

// foreignType returns the struct or union n of another package as the
// contract converts it, its declarations read, or nil after reporting why
// it cannot be one.
func (l *pkgLoader) foreignType(n *types.Named, s site) *types.Named {
	obj := n.Obj()
	if l.foreignPackage(obj.Pkg().Path()) == nil {
		// The standard library's (its packages are read from export
		// data, without doc comments or directives).
		l.errorf(s, "type %s is a struct of package %s, whose source stitchgen does not read (it reads the standard library and its own packages from compiled data); declare a struct with the fields you need in this package", l.typeString(n), obj.Pkg().Path())
		return nil
	}
	if !obj.Exported() {
		l.errorf(s, "type %s is not exported, so the decoder generated in package %s cannot name it; export it", l.typeString(n), l.pkg.Name)
		return nil
	}
	return n
}

// foreignPackage reads the type declarations of a package checked from
// source once, or returns nil when it was not checked from source.
func (l *pkgLoader) foreignPackage(path string) *foreignPkg {
	if fp, ok := l.foreign[path]; ok {
		return fp
	}
	p := l.source[path]
	if p == nil || p.Types == nil || p.TypesInfo == nil {
		return nil
	}
	fp := &foreignPkg{p: p}
	l.foreign[path] = fp
	fp.dialect = l.readDialect(p)
	for _, f := range p.Syntax {
		if !isGenerated(f) {
			l.indexFileFields(f)
		}
	}
	fp.order = l.readDecls(p, true)
	return fp
}

// qualifiedName spells a type name with its package name.
func qualifiedName(obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// foreignVariants finds the variants of a union declared in another
// package: that package's declared types that implement it.
func (l *pkgLoader) foreignVariants(d *decl, mt *model.Type, iface *types.Interface) {
	fp := l.foreign[d.obj.Pkg().Path()]
	if fp == nil {
		return
	}
	vs := implementers(fp.order, iface)
	for _, v := range vs {
		if !v.decl.obj.Exported() {
			l.errorf(site{v.decl.obj.Pos(), "type " + qualifiedName(v.decl.obj)},
				"type implements union %s but is not exported, so the decoder generated in package %s cannot name it; export it", qualifiedName(d.obj), l.pkg.Name)
			l.faulty[qualifiedName(d.obj)] = true
			continue
		}
		l.addVariant(d, mt, v.decl, v.ptr)
	}
	if len(vs) == 0 {
		l.errorf(site{d.obj.Pos(), "type " + qualifiedName(d.obj)}, "union has no implementers in its package; declare types with its methods")
	}
}

// foreignUnreachable reports a property of another package's struct that
// is promoted through an unexported embedded field: the decoder generated
// in this package cannot reach it.
func (l *pkgLoader) foreignUnreachable(lv *level, f *types.Var, s site) bool {
	if f.Exported() || lv.owner.Pkg() == l.pkg.Types {
		return false
	}
	l.errorf(s, "the fields of %s are promoted through the unexported embedded field %s, which the decoder generated in package %s cannot set; export the embedded field or declare the fields in %s",
		qualifiedName(lv.owner), f.Name(), l.pkg.Name, qualifiedName(lv.owner))
	return true
}

// outside spells a file that lies outside the load directory (a
// dependency's file in the module cache) as its package's import path and
// its base name, so that a diagnostic names no machine path.
func (l *pkgLoader) outside(file string) (string, bool) {
	for p, fp := range l.foreign {
		if filepath.Dir(file) == fp.p.Dir || slices.Contains(fp.p.CompiledGoFiles, file) {
			return path.Join(p, filepath.Base(file)), true
		}
	}
	return "", false
}

// isOutside reports whether a path relative to the load directory leaves it.
func isOutside(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, "../") || filepath.IsAbs(rel)
}

// isForeign reports whether n, a type of another package, is converted
// as a contract type of its own (a struct or a union the generated file
// decodes) rather than as a standard one.
func (l *pkgLoader) isForeign(n *types.Named) bool {
	if u, ok := n.Underlying().(*types.Interface); ok {
		return !u.Empty() && l.source[n.Obj().Pkg().Path()] != nil
	}
	return !l.foreignAllowed(n)
}

// stems gives every foreign type the stem of its generated functions'
// names: its package name, an underscore and its name (Common_Address),
// with _2, _3... when that is taken by a type of this package or an
// earlier foreign type (types is in a fixed order, so the stems are too).
func (l *pkgLoader) stems(ts []*model.Type) {
	taken := map[string]bool{}
	for _, t := range ts {
		if !t.Foreign && len(t.Args) == 0 {
			taken[t.Name] = true
		}
	}
	for _, name := range l.pkg.Types.Scope().Names() {
		taken[name] = true
	}
	for _, t := range ts {
		if !t.Foreign && len(t.Args) == 0 {
			continue
		}
		base := t.InstanceName()
		if t.Foreign {
			pkgName := path.Base(t.PkgPath)
			if fp := l.foreign[t.PkgPath]; fp != nil {
				pkgName = fp.p.Name
			}
			r, n := utf8.DecodeRuneInString(pkgName) // a package name may start with any letter
			base = string(unicode.ToUpper(r)) + pkgName[n:] + "_" + base
		}
		stem := base
		for i := 2; taken[stem]; i++ {
			stem = base + "_" + strconv.Itoa(i)
		}
		taken[stem] = true
		t.Ident = stem
	}
}

// inModule reports whether file lies in the directory tree of the module
// of the package being loaded.
func (l *pkgLoader) inModule(file string) bool {
	m := l.pkg.Module
	if m == nil || m.Dir == "" {
		return false
	}
	r, err := filepath.Rel(m.Dir, file)
	return err == nil && !isOutside(filepath.ToSlash(r))
}
