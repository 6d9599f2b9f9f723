package stitchrt

import "testing"

// TestTrialQuiet: a trial keeps no issue text, counts its issues and stops
// at the first; a trial that fails, released, allocates nothing.
func TestTrialQuiet(t *testing.T) {
	raw := []byte(`{"x":1,"y":2}`)
	d := NewDecoder(raw, false)
	d.Push([]byte("v"))
	d.Raw()
	try := func() {
		tr := d.Trial(raw)
		tr.Int(0, 9, false)
		if tr.TrialOK() || len(tr.issues) != 0 || tr.cut != 1 || !tr.fatal {
			t.Errorf("trial: issues %v, counted %d, stopped %v", tr.issues, tr.cut, tr.fatal)
		}
		tr.Release()
	}
	try()
	if n := testing.AllocsPerRun(100, try); n != 0 {
		t.Errorf("a failing trial allocates %v times", n)
	}
}

// TestTrialSharesText: the strings a trial reads are parts of the
// decoder's one copy of its input.
func TestTrialSharesText(t *testing.T) {
	d := NewDecoder([]byte(`{"v":"hello"}`), false)
	d.ObjStart()
	k, _ := d.ObjNext()
	d.Push(k)
	raw, _ := d.Raw()
	tr := d.Trial(raw)
	s, ok := tr.Str()
	if !ok || s != "hello" || !tr.TrialOK() {
		t.Fatalf("trial read %q, %v", s, ok)
	}
	if d.text == "" || tr.text != d.text[5:12] {
		t.Errorf("trial text %q, decoder text %q", tr.text, d.text)
	}
	// a raw that is not the value just read gets no shared text
	other := d.Trial([]byte(`"x"`))
	if other.text != "" {
		t.Errorf("foreign raw shares %q", other.text)
	}
}
