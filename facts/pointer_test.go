package facts

import "testing"

func TestPointerToken(t *testing.T) {
	for in, want := range map[string]string{"a": "a", "a/b": "a~1b", "a~b": "a~0b", "~/": "~0~1", "~1": "~01", "": ""} {
		if got := PointerToken(in); got != want {
			t.Errorf("PointerToken(%q) = %q, want %q", in, got, want)
		}
		if got := UnescapePointerToken(want); got != in {
			t.Errorf("UnescapePointerToken(%q) = %q, want %q", want, got, in)
		}
	}
}
