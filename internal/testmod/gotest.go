package testmod

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A PackageResult is what `go test -json` reported for one package.
type PackageResult struct {
	// Action is the package's final action: "pass", "fail" or "skip"
	// ("skip" for a package without test files that compiled).
	Action string
	// BuildFailed is set when the package or its test binary did not compile.
	BuildFailed bool
	// Output is the build output followed by the test output, as printed.
	Output string
}

// Test runs `go test -json -count=1 args...` in the module root and returns
// the results per import path together with the raw command result.
// Packages the go command never reported on are absent from the map.
func (m *Module) Test(args ...string) (map[string]*PackageResult, Result) {
	r := m.Go(".", append([]string{"test", "-json", "-count=1"}, args...)...)
	return ParseTestJSON(r.Stdout), r
}

type testEvent struct {
	Action      string
	Package     string
	ImportPath  string
	Test        string
	Output      string
	FailedBuild string
}

// ParseTestJSON groups the events of `go test -json` output by package.
// Build output (reported under an ImportPath such as "p [p.test]") is
// attributed to package p. Lines that are not JSON events are ignored.
func ParseTestJSON(out []byte) map[string]*PackageResult {
	res := map[string]*PackageResult{}
	get := func(path string) *PackageResult {
		path, _, _ = strings.Cut(path, " ")
		if res[path] == nil {
			res[path] = &PackageResult{}
		}
		return res[path]
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var e testEvent
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		switch {
		case e.Action == "build-output":
			get(e.ImportPath).Output += e.Output
		case e.Action == "build-fail":
			get(e.ImportPath).BuildFailed = true
		case e.Package == "":
		case e.Action == "output":
			get(e.Package).Output += e.Output
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			p := get(e.Package)
			p.Action = e.Action
			p.BuildFailed = p.BuildFailed || e.FailedBuild != ""
		}
	}
	return res
}

// String summarises the result for a failure message.
func (p *PackageResult) String() string {
	if p == nil {
		return "not reported by go test"
	}
	what := p.Action
	if p.BuildFailed {
		what = "build failed"
	}
	return fmt.Sprintf("%s:\n%s", what, p.Output)
}
