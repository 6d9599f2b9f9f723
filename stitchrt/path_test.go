package stitchrt

import "testing"

// TestPathSegments checks the JSON Pointers of issues whose path holds
// keys of every kind a segment can hold: a key of the input (PushKey), an
// escaped key (held in ext), a key pushed by Push that is not the key read
// last, keys from before and inside a JSON-string repair (the input
// switches), and indexes.
func TestPathSegments(t *testing.T) {
	data := []byte(`{"ab":"{\"k\":[{\"z\":1,\"z\":2}]}","q":{"r":1,"r":2},"s":[0,{"t\/":1,"t\/":2}],"u\u0076":{"w":1,"w":2}}`)
	d := NewDecoder(data, true)
	if !d.ObjStart() {
		t.Fatal("ObjStart")
	}
	for k, more := d.ObjNext(); more; k, more = d.ObjNext() {
		switch string(k) {
		case "ab":
			d.PushKey()
			r, rep := d.BeginRepair()
			if !rep {
				t.Fatal("no repair")
			}
			d.Skip()
			d.EndRepair(r)
			d.Pop()
		case "q":
			d.Push([]byte("other"))
			d.Skip()
			d.Pop()
		default:
			d.Push(k)
			d.Skip()
			d.Pop()
		}
	}
	err := d.Finish()
	want := `/ab/k/0/z: duplicate_key: duplicate key "z"
/other/r: duplicate_key: duplicate key "r"
/s/1/t~1: duplicate_key: duplicate key "t/"
/uv/w: duplicate_key: duplicate key "w"`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
