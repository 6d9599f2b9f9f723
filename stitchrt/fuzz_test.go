package stitchrt

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzScanner checks the scanner against encoding/json: whatever we accept,
// json.Valid accepts; whatever json.Valid accepts we accept too, unless it
// holds invalid UTF-8 or a lone surrogate (docs/decoding.md makes those syntax
// errors), a duplicate key (§4.3) or nests deeper than the limit. The
// free-form reader must report exactly what skip reports (same issues at
// the same paths), and decoding a value then re-encoding it with encoding/json
// must give the same value.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,2.5e-3,true,false,null,"x\u00e9\ud83d\ude00"]}`, `[]`, `{}`, `"\ud800"`, `[1,]`,
		`{"a":1,"a":2}`, `-0.0E+1`, " \t\n1\r", `[[[[]]]]`, "\"\xff\"", `{"a" 1}`, `01`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := NewDecoder(data, false)
		d.Skip()
		skipErr := d.finish()
		valid := json.Valid(data)
		if skipErr == nil && !valid {
			t.Fatalf("skip accepted what encoding/json rejects: %q", data)
		}
		if skipErr != nil && valid {
			msg := skipErr.Error()
			if !strings.Contains(msg, "invalid UTF-8") && !strings.Contains(msg, "lone surrogate") && !strings.Contains(msg, ": depth: ") && !strings.Contains(msg, ": duplicate_key: ") {
				t.Fatalf("skip rejected valid JSON %q: %s", data, msg)
			}
		}
		a := NewDecoder(data, false)
		v, _ := a.Any()
		anyErr := a.finish()
		if errText(anyErr) != errText(skipErr) {
			t.Fatalf("anyValue and skip disagree on %q: %v / %v", data, anyErr, skipErr)
		}
		if anyErr != nil {
			return
		}
		var want any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		gb, _ := json.Marshal(v)
		wb, _ := json.Marshal(want)
		if !bytes.Equal(gb, wb) && utf8.Valid(data) {
			t.Fatalf("value of %q: got %s want %s", data, gb, wb)
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// FuzzDiscriminator checks the structural scan for a discriminator
// against the validating one: on valid JSON, whenever the fast scan finds
// a value, the validating scan finds the same one; and the fast scan
// leaves the decoder untouched.
func FuzzDiscriminator(f *testing.F) {
	for _, s := range []string{
		`{"kind":"a"}`, `{"x":1,"kind":"b"}`, `{"x":{"kind":"no"},"kind":"yes"}`, `{"x":"\"kind\":\"no\"","kind":"c"}`,
		`{"x":[1,{"y":"\\"}],"kind":"d"}`, `{"ki\u006ed":"e","kind":"f"}`, `{"kind":"\u0061"}`, `{"kind":1}`, `{"x":true,"y":null,"kind":"g"}`,
		` { "x" : -1.5e3 , "kind" : "h" } `, `{"x":"\\\\","kind":"i"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := NewDecoder(data, false)
		if d.peek() != '{' {
			return
		}
		pos := d.pos
		fv, fok := d.discFast("kind")
		if d.pos != pos || d.depth != 0 || len(d.issues) != 0 {
			t.Fatalf("discFast moved the decoder on %q", data)
		}
		if !fok || !json.Valid(data) {
			return
		}
		fv = append([]byte(nil), fv...)
		s := NewDecoder(data, false)
		s.peek()
		if _, ok := s.discFast("nokey-" + string(data)); ok {
			t.Fatalf("discFast found an absent key in %q", data)
		}
		// The validating scan, as discriminator ran it before discFast.
		s.enter()
		var sv []byte
		for k, more := s.ObjNext(); more; k, more = s.ObjNext() {
			if string(k) != "kind" {
				s.skipAt(k, false)
				continue
			}
			sv, _ = s.StrView()
			break
		}
		if s.fatal {
			return // invalid (say, bad UTF-8): the variant's decoder reports it
		}
		if !bytes.Equal(fv, sv) {
			t.Fatalf("discriminator of %q: fast %q, validating %q", data, fv, sv)
		}
	})
}
