package e2e

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"

	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
)

// recordingBroadcast records what its handler methods receive.
type recordingBroadcast struct {
	*broadcast.Service
	mu    sync.Mutex
	sends []broadcast.SendBroadcast
	edits []broadcast.EditBroadcast
}

func (s *recordingBroadcast) SendBroadcast(ctx context.Context, in broadcast.SendBroadcast) (broadcast.BroadcastReceipt, error) {
	s.mu.Lock()
	s.sends = append(s.sends, in)
	s.mu.Unlock()
	return s.Service.SendBroadcast(ctx, in)
}

func (s *recordingBroadcast) EditBroadcast(ctx context.Context, in broadcast.EditBroadcast) (string, error) {
	s.mu.Lock()
	s.edits = append(s.edits, in)
	s.mu.Unlock()
	return s.Service.EditBroadcast(ctx, in)
}

func TestBroadcastToolsListEqualsManifest(t *testing.T) {
	manifest := generate(t, "./examples/broadcast/broadcast")
	cs, rec := connect(t, newServer(t, broadcast.StitchTools(broadcast.NewService()), stitch.Options{}))
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := servedTools(t, rec.last(), manifest); string(got) != string(manifest) {
		t.Errorf("tools/list differs from the manifest:\nserved   %s\nmanifest %s", got, manifest)
	}
}

// TestBroadcastMediaShapes sends media as an object (image) and as an array
// (gallery) in one call: the seed incident in which one shape was lost.
func TestBroadcastMediaShapes(t *testing.T) {
	h := &recordingBroadcast{Service: broadcast.NewService()}
	var mu sync.Mutex
	var calls []stitch.Call
	cs, _ := connect(t, newServer(t, broadcast.StitchTools(h), stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		mu.Lock()
		calls = append(calls, *c)
		mu.Unlock()
	}}))
	args := `{"channel":"news","parts":[` +
		`{"kind":"text","text":"Hello"},` +
		`{"kind":"image","media":{"url":"https://example.com/a.png","alt":"A"},"text":"dropped by strip"},` +
		`{"kind":"gallery","media":[{"url":"https://example.com/b.png"},{"url":"https://example.com/c.png","alt":"C"}]}]}`
	res := call(t, cs, "send_broadcast", args)
	want := broadcast.SendBroadcast{Channel: "news", Parts: []broadcast.Part{
		broadcast.TextPart{Text: "Hello"},
		broadcast.ImagePart{Media: broadcast.Media{URL: "https://example.com/a.png", Alt: "A"}},
		broadcast.GalleryPart{Media: []broadcast.Media{{URL: "https://example.com/b.png"}, {URL: "https://example.com/c.png", Alt: "C"}}},
	}}
	if len(h.sends) != 1 || !reflect.DeepEqual(h.sends[0], want) {
		t.Fatalf("handler got %#v\nwant %#v", h.sends, want)
	}
	if wantOut := `{"broadcastId":"b-1","channel":"news","parts":3,"mediaCount":3}`; res.IsError || text(res) != wantOut {
		t.Errorf("got %s, want %s", text(res), wantOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if c := calls[0]; !reflect.DeepEqual(c.Dropped, []string{"/parts/1/text"}) {
		t.Errorf("the strip variant's dropped key was not reported: %v", c.Dropped)
	}
}

func TestBroadcastBadCalls(t *testing.T) {
	tests := []struct {
		name, tool, args string
		want             []issue
	}{
		{"sibling-variant key on the strict text variant", "send_broadcast",
			`{"channel":"news","parts":[{"kind":"text","text":"Hi","media":{"url":"https://example.com/a.png"}}]}`,
			[]issue{{"/parts/0/media", "unknown_key"}}},
		{"object media where the gallery wants an array", "send_broadcast",
			`{"channel":"news","parts":[{"kind":"gallery","media":{"url":"https://example.com/a.png"}}]}`,
			[]issue{{"/parts/0/media", "type"}}},
		{"missing discriminator", "send_broadcast",
			`{"channel":"news","parts":[{"text":"Hi"}]}`,
			[]issue{{"/parts/0/kind", "discriminator"}}},
		{"negative shared index", "edit_broadcast",
			`{"broadcastId":"b-1","ops":[{"op":"remove","index":-1},{"op":"move","index":0,"to":-2}]}`,
			[]issue{{"/ops/0/index", "range"}, {"/ops/1/to", "range"}}},
		{"string for the shared index", "edit_broadcast",
			`{"broadcastId":"b-1","ops":[{"op":"replace_text","index":"1","text":"x"}]}`,
			[]issue{{"/ops/0/index", "type"}}},
		{"fractional index", "edit_broadcast",
			`{"broadcastId":"b-1","ops":[{"op":"remove","index":1.5}]}`,
			[]issue{{"/ops/0/index", "type"}}},
	}
	h := &recordingBroadcast{Service: broadcast.NewService()}
	var mu sync.Mutex
	var seen [][]issue
	cs, _ := connect(t, newServer(t, broadcast.StitchTools(h), stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		var is []issue
		for _, i := range c.Issues {
			is = append(is, issue{i.Path, i.Code})
		}
		mu.Lock()
		seen = append(seen, sorted(is))
		mu.Unlock()
	}}))
	for i, tc := range tests {
		env := parseEnvelope(t, call(t, cs, tc.tool, tc.args))
		want := sorted(tc.want)
		if env.Error != "VALIDATION_ERROR" || !reflect.DeepEqual(issuesOf(env), want) {
			t.Errorf("%s: envelope %+v\nwant issues %v", tc.name, env, want)
		}
		if !reflect.DeepEqual(seen[i], want) {
			t.Errorf("%s: observer saw %v", tc.name, seen[i])
		}
	}
	if len(h.sends)+len(h.edits) != 0 {
		t.Errorf("the handler ran for rejected calls")
	}
}

func TestBroadcastEditOps(t *testing.T) {
	h := &recordingBroadcast{Service: broadcast.NewService()}
	cs, _ := connect(t, newServer(t, broadcast.StitchTools(h), stitch.Options{}))
	call(t, cs, "send_broadcast", `{"channel":"news","parts":[{"kind":"text","text":"a"},{"kind":"text","text":"b"}]}`)
	res := call(t, cs, "edit_broadcast", `{"broadcastId":"b-1","ops":[{"op":"move","index":1,"to":0},{"op":"replace_text","index":0,"text":"B"},{"op":"remove","index":1}]}`)
	want := broadcast.EditBroadcast{BroadcastID: "b-1", Ops: []broadcast.Op{
		broadcast.MoveOp{Index: 1, To: 0}, broadcast.ReplaceTextOp{Index: 0, Text: "B"}, broadcast.RemoveOp{Index: 1},
	}}
	if len(h.edits) != 1 || !reflect.DeepEqual(h.edits[0], want) {
		t.Errorf("handler got %#v", h.edits)
	}
	if res.IsError || text(res) != "b-1 now has 1 parts" {
		t.Errorf("got %s", text(res))
	}
	env := parseEnvelope(t, call(t, cs, "edit_broadcast", `{"broadcastId":"b-1","ops":[{"op":"remove","index":5}]}`))
	if env.Error != "TOOL_ERROR" || env.Message != "ops[0]: index 5 is out of range: the broadcast has 1 parts" {
		t.Errorf("got %+v", env)
	}
}
