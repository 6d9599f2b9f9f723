package model

import "testing"

// TestInstanceName: every type argument is spelled with what tells it
// apart, a stitch.Nullable's element too.
func TestInstanceName(t *testing.T) {
	str := &Type{Kind: KindString, Basic: "string"}
	note := &Type{Kind: KindStruct, Name: "Note", PkgPath: "example.com/common"}
	page := func(args ...*Type) *Type {
		return &Type{Kind: KindStruct, Name: "Page", PkgPath: "example.com/a", Args: args}
	}
	for _, c := range []struct {
		t               *Type
		name, qualified string
	}{
		{page(), "Page", "Page"},
		{page(str, &Type{Kind: KindSlice, Elem: &Type{Kind: KindPointer, Elem: note}}), "Page_string_SlicePtrNote", "Page_string_SlicePtrexample.com.common.Note"},
		{page(&Type{Kind: KindNullable, Elem: str}), "Page_Nullablestring", "Page_Nullablestring"},
		{page(&Type{Kind: KindNullable, Elem: &Type{Kind: KindInt, Basic: "int", Bits: 64}}), "Page_Nullableint", "Page_Nullableint"},
	} {
		if got := c.t.InstanceName(); got != c.name {
			t.Errorf("InstanceName = %q, want %q", got, c.name)
		}
		if got := c.t.QualifiedInstanceName(); got != c.qualified {
			t.Errorf("QualifiedInstanceName = %q, want %q", got, c.qualified)
		}
	}
}
