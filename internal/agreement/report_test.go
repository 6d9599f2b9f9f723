package agreement

import (
	"reflect"
	"testing"

	"github.com/stitchgen/stitchgen/internal/agreement/contracts/mixed"
	"github.com/stitchgen/stitchgen/stitch"
)

// TestDecodeReport: a generated tool's Decode fills DecodeOptions.Report
// with every value it changed (rewritten, coerced, caught), and agrees with
// DecodeToolCallReport; a call that changed nothing reports nothing.
func TestDecodeReport(t *testing.T) {
	var tool stitch.Tool
	for _, tl := range mixed.StitchTools(nil) {
		if tl.Name == "tolerate" {
			tool = tl
		}
	}
	for _, c := range []struct {
		args string
		want stitch.DecodeReport
	}{
		{`{"count":"7","ratio":"0.5","on":"true","name":" ada ","tag":"RED","code":"ab","level":9,"plain":1}`,
			stitch.DecodeReport{Rewritten: []string{"/name", "/tag", "/code"}, Coerced: []string{"/count", "/ratio", "/on"}, Caught: []string{"/level"}}},
		{`{"count":7,"name":"ada","tag":"red","code":"AB","level":2,"plain":1}`, stitch.DecodeReport{}},
		{`"{\"count\":7,\"name\":\"ada\",\"plain\":1,\"level\":\"x\"}"`,
			stitch.DecodeReport{Repaired: []string{""}, Caught: []string{"/level"}}},
	} {
		var rep stitch.DecodeReport
		_, dropped, repaired, err := tool.Decode([]byte(c.args), stitch.DecodeOptions{Report: &rep})
		if err != nil {
			t.Fatalf("%s: %v", c.args, err)
		}
		if !reflect.DeepEqual(rep, c.want) {
			t.Errorf("%s: report %+v, want %+v", c.args, rep, c.want)
		}
		if !reflect.DeepEqual(dropped, rep.Dropped) || !reflect.DeepEqual(repaired, rep.Repaired) {
			t.Errorf("%s: Decode returned %v %v, its report %v %v", c.args, dropped, repaired, rep.Dropped, rep.Repaired)
		}
		var v mixed.Tolerate
		if direct, err := v.DecodeToolCallReport([]byte(c.args)); err != nil || !reflect.DeepEqual(direct, rep) {
			t.Errorf("%s: DecodeToolCallReport %+v %v, Decode's report %+v", c.args, direct, err, rep)
		}
	}
}
