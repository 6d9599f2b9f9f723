package conformance

import (
	"bytes"
	"fmt"
	"go/format"
	"strconv"
)

// Names of the files the runner adds to a generated case package.
const (
	driverFile  = "zz_conformance_test.go"
	vectorsFile = "zz_conformance_vectors.json"
	resultsFile = "zz_conformance_results.json"
)

// A DriverVector is one vector as the driver reads it.
type DriverVector struct {
	Tool  string `json:"tool"`
	Input []byte `json:"input"`
	Via   string `json:"via"`
}

// A DriverResult is what the driver observed for one vector, one entry per
// decode path it ran (nil when the path does not apply).
type DriverResult struct {
	Unmarshal *Decode `json:"unmarshal"` // json.Unmarshal(args, &v)
	Method    *Decode `json:"method"`    // v.UnmarshalJSON(args)
	Tool      *Decode `json:"tool"`      // v.DecodeToolCall(args)
}

// A Decode is the outcome of one decode of one vector.
type Decode struct {
	Err        *string  `json:"err"`    // Error() text; nil when accepted
	Syntax     bool     `json:"syntax"` // the error is a *json.SyntaxError
	Codes      []string `json:"codes"`  // from Code/Codes fields of the error or its issues
	Paths      []string `json:"paths"`  // from Path/Pointer fields of the error or its issues
	Panic      string   `json:"panic"`  // recovered panic with stack; "" if none
	Marshal    []byte   `json:"marshal"`
	MarshalErr *string  `json:"marshalErr"`
	Dropped    []string `json:"dropped"`
	Repaired   []string `json:"repaired"`
	DroppedNil bool     `json:"droppedNil"`
	RepairNil  bool     `json:"repairedNil"`
}

// DriverSource returns the driver test file for a package whose tools are
// given: TestStitchConformance reads vectorsFile, decodes each vector into
// a new value of the tool's Go type and writes resultsFile.
func DriverSource(pkg string, tools []ToolDecl) ([]byte, error) {
	var cases bytes.Buffer
	for _, t := range tools {
		fmt.Fprintf(&cases, "\t\tcase %s:\n\t\t\tres[i] = stitchConfRun[%s](v)\n", strconv.Quote(t.Name), t.Type)
	}
	src := fmt.Sprintf(driverTemplate, pkg, vectorsFile, cases.String(), resultsFile)
	out, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("driver source: %v\n%s", err, src)
	}
	return out, nil
}

const driverTemplate = `// Conformance driver written by internal/conformance; not generated code.

package %s

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"testing"
)

type stitchConfVector struct {
	Tool  string ` + "`json:\"tool\"`" + `
	Input []byte ` + "`json:\"input\"`" + `
	Via   string ` + "`json:\"via\"`" + `
}

type stitchConfDecode struct {
	Err        *string  ` + "`json:\"err\"`" + `
	Syntax     bool     ` + "`json:\"syntax\"`" + `
	Codes      []string ` + "`json:\"codes\"`" + `
	Paths      []string ` + "`json:\"paths\"`" + `
	Panic      string   ` + "`json:\"panic\"`" + `
	Marshal    []byte   ` + "`json:\"marshal\"`" + `
	MarshalErr *string  ` + "`json:\"marshalErr\"`" + `
	Dropped    []string ` + "`json:\"dropped\"`" + `
	Repaired   []string ` + "`json:\"repaired\"`" + `
	DroppedNil bool     ` + "`json:\"droppedNil\"`" + `
	RepairNil  bool     ` + "`json:\"repairedNil\"`" + `
}

type stitchConfResult struct {
	Unmarshal *stitchConfDecode ` + "`json:\"unmarshal\"`" + `
	Method    *stitchConfDecode ` + "`json:\"method\"`" + `
	Tool      *stitchConfDecode ` + "`json:\"tool\"`" + `
}

func TestStitchConformance(t *testing.T) {
	data, err := os.ReadFile(%q)
	if err != nil {
		t.Fatal(err)
	}
	var vs []stitchConfVector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	res := make([]stitchConfResult, len(vs))
	for i, v := range vs {
		switch v.Tool {
%s		default:
			t.Fatalf("vector %%d: unknown tool %%q", i, v.Tool)
		}
	}
	out, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(%q, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

type stitchConfInput[T any] interface {
	*T
	json.Unmarshaler
	DecodeToolCall(data []byte) (dropped, repaired []string, err error)
}

func stitchConfRun[T any, PT stitchConfInput[T]](v stitchConfVector) stitchConfResult {
	var r stitchConfResult
	if v.Via != "tool" {
		r.Unmarshal = stitchConfDo(func(x *T) error { return json.Unmarshal(v.Input, x) })
		r.Method = stitchConfDo(func(x *T) error { return PT(x).UnmarshalJSON(v.Input) })
	}
	if v.Via != "unmarshal" {
		var dropped, repaired []string
		r.Tool = stitchConfDo(func(x *T) error {
			var err error
			dropped, repaired, err = PT(x).DecodeToolCall(v.Input)
			return err
		})
		r.Tool.Dropped, r.Tool.Repaired = dropped, repaired
		r.Tool.DroppedNil, r.Tool.RepairNil = dropped == nil, repaired == nil
	}
	return r
}

// stitchConfDo decodes into a new value and, when that succeeds, marshals
// the value (not the pointer: MarshalJSON has a value receiver).
func stitchConfDo[T any](decode func(*T) error) (d *stitchConfDecode) {
	d = &stitchConfDecode{}
	defer func() {
		if p := recover(); p != nil {
			d.Panic = fmt.Sprintf("%%v\n%%s", p, debug.Stack())
		}
	}()
	x := new(T)
	if err := decode(x); err != nil {
		msg := err.Error()
		d.Err = &msg
		var syn *json.SyntaxError
		d.Syntax = errors.As(err, &syn)
		d.Codes, d.Paths = stitchConfFields(reflect.ValueOf(err), 0)
		return d
	}
	b, err := json.Marshal(*x)
	if err != nil {
		msg := err.Error()
		d.MarshalErr = &msg
	}
	d.Marshal = b
	return d
}

// stitchConfFields collects the Code/Codes and Path/Pointer string fields
// of an error value and of the elements of its Issues field.
func stitchConfFields(v reflect.Value, depth int) (codes, paths []string) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct || depth > 2 {
		return nil, nil
	}
	for _, name := range []string{"Code", "Codes", "Path", "Pointer"} {
		f := v.FieldByName(name)
		var vals []string
		switch {
		case !f.IsValid():
		case f.Kind() == reflect.String:
			vals = []string{f.String()}
		case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.String:
			for i := 0; i < f.Len(); i++ {
				vals = append(vals, f.Index(i).String())
			}
		}
		if name == "Code" || name == "Codes" {
			codes = append(codes, vals...)
		} else {
			paths = append(paths, vals...)
		}
	}
	if is := v.FieldByName("Issues"); is.IsValid() && (is.Kind() == reflect.Slice || is.Kind() == reflect.Array) {
		for i := 0; i < is.Len(); i++ {
			c, p := stitchConfFields(is.Index(i), depth+1)
			codes, paths = append(codes, c...), append(paths, p...)
		}
	}
	return codes, paths
}
`
