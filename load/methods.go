package load

import (
	"go/types"

	"github.com/stitchgen/stitchgen/model"
)

// isUnmarshalSig reports whether sig is func([]byte) error.
func isUnmarshalSig(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || !isErrorResult(sig) {
		return false
	}
	sl, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := types.Unalias(sl.Elem()).(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// isValidateSig reports whether sig is func() error.
func isValidateSig(sig *types.Signature) bool {
	return sig.Params().Len() == 0 && isErrorResult(sig)
}

func isErrorResult(sig *types.Signature) bool {
	return sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// method finds an exported method by name in the method set of t.
func method(t types.Type, name string) *types.Selection {
	return types.NewMethodSet(t).Lookup(nil, name)
}

func methodSig(sel *types.Selection) *types.Signature {
	return sel.Obj().Type().(*types.Signature)
}

// isTextUnmarshaler reports whether *n implements encoding.TextUnmarshaler,
// as encoding/json checks it.
// With direct, a promoted method does not count.
func isTextUnmarshaler(n *types.Named, direct bool) bool {
	if _, ok := n.Underlying().(*types.Interface); ok {
		return false
	}
	sel := method(types.NewPointer(n), "UnmarshalText")
	return sel != nil && isUnmarshalSig(methodSig(sel)) && (!direct || len(sel.Index()) == 1)
}

// detectValidate records a hidden check method Validate() error.
func (l *pkgLoader) detectValidate(mt *model.Type, n *types.Named) {
	if sel := method(n, "Validate"); sel != nil && isValidateSig(methodSig(sel)) {
		mt.Validate = true
		return
	}
	if _, ok := n.Underlying().(*types.Interface); ok {
		return
	}
	sel := method(types.NewPointer(n), "Validate")
	if sel == nil {
		return
	}
	if isValidateSig(methodSig(sel)) {
		mt.Validate, mt.PtrRecv = true, true
		return
	}
	if n.Obj().Pkg() == l.pkg.Types && !l.inGenerated(sel.Obj().Pos()) {
		l.warnf(site{sel.Obj().Pos(), "type " + n.Obj().Name()},
			"method Validate is not func() error, so it does not run as a hidden check")
	}
}

// hasOwnMethod reports whether T or *T declares (not promotes) the method in
// a file stitchgen did not generate, with a signature sig accepts.
func (l *pkgLoader) hasOwnMethod(obj *types.TypeName, name string, sig func(*types.Signature) bool) bool {
	sel := method(types.NewPointer(obj.Type()), name)
	return sel != nil && len(sel.Index()) == 1 && !l.inGenerated(sel.Obj().Pos()) && sig(methodSig(sel))
}
