package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// requiredVersion is the version the adapter's go.mod requires the root
// module at (the workspace resolves it to the checkout).
const requiredVersion = "v0.0.0-00010101000000-000000000000"

// quickStartEnvelope is the text of the isError result the quick start's
// server answers {"name":"Ada","excitement":"2"} with.
const quickStartEnvelope = `{"error":"VALIDATION_ERROR","issues":[{"path":"/excitement","code":"type","expected":"integer","message":"expected integer, got string"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`

// TestQuickStart runs the README's quick start verbatim in an empty
// directory: its shell blocks as commands, its Go blocks as the files the
// text before them names. The modules of this checkout (the root and the
// go-sdk adapter) are served by a local module proxy (GOPROXY=file://...,
// in front of the usual one for every other module), so `go get -tool
// github.com/stitchgen/stitchgen/cmd/stitchgen` gets this checkout. The
// binary it builds is then started and called over stdio with the Go
// SDK's client.
func TestQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module from scratch")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	steps := quickStartSteps(t, string(readme))
	proxy := t.TempDir()
	mods := []struct{ path, dir string }{
		{"github.com/stitchgen/stitchgen", ".."},
		{"github.com/stitchgen/stitchgen/adapters/stitchgosdk", "../adapters/stitchgosdk"},
	}
	// The checkout is served at a pseudo-version named by its content: the
	// module cache keeps a module version once downloaded, so a fixed
	// version would hand a later run the code of an earlier checkout.
	h := sha256.New()
	for _, m := range mods {
		h.Write(moduleZip(t, m.path, requiredVersion, m.dir))
	}
	version := fmt.Sprintf("v0.0.0-20260101000000-%x", h.Sum(nil)[:6])
	for _, m := range mods {
		serveModule(t, proxy, m.path, m.dir, version, version)
	}
	// The adapter requires the root module at requiredVersion: its go.mod
	// must be there for the module graph; the newer version is selected.
	serveModule(t, proxy, mods[0].path, mods[0].dir, requiredVersion, version)
	upstream, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+","+strings.TrimSpace(string(upstream)),
		"GONOSUMDB=github.com/stitchgen/stitchgen", "GOWORK=off", "GOFLAGS=-buildvcs=false")
	work := t.TempDir()
	var script strings.Builder
	script.WriteString("set -eux\n")
	for _, s := range steps {
		if s.file == "" {
			script.WriteString(s.text)
			continue
		}
		// A file: written where the commands stand, with a here-document.
		script.WriteString("mkdir -p \"$(dirname '" + s.file + "')\"\ncat > '" + s.file + "' <<'STITCH_EOF'\n" + s.text + "STITCH_EOF\n")
	}
	cmd := exec.Command("bash", "-c", script.String())
	cmd.Dir, cmd.Env = work, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the quick start failed: %v\n%s", err, out)
	}
	bin := filepath.Join(work, "hello-tools", "hello-tools")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "quickstart", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for _, c := range []struct{ args, want string }{
		{`{"name":"Ada"}`, "Hello, Ada!"},
		{`{"name":"Ada","excitement":3}`, "Hello, Ada!!!"},
		{`{"name":"Ada","excitement":"2"}`, quickStartEnvelope},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "greet", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != c.want {
			t.Errorf("greet %s:\n got %s\nwant %s", c.args, got, c.want)
		}
	}
	// The README quotes the envelope of the invalid call byte for byte.
	if quoted := quickStartError(t, string(readme)); quoted != quickStartEnvelope {
		t.Errorf("README.md quotes the envelope\n%s\nthe client gets\n%s", quoted, quickStartEnvelope)
	}
}

// quickStartError returns the JSON block after the README's
// <!-- quickstart-error --> marker, without its final newline.
func quickStartError(t *testing.T, readme string) string {
	t.Helper()
	_, rest, ok := strings.Cut(readme, "<!-- quickstart-error -->\n```json\n")
	block, _, ok2 := strings.Cut(rest, "\n```\n")
	if !ok || !ok2 {
		t.Fatal("README.md has no <!-- quickstart-error --> json block")
	}
	return block
}

// A quickStep is a shell block (file "") or a file's contents.
type quickStep struct{ file, text string }

var (
	fence    = regexp.MustCompile("(?ms)^```(sh|go)\n(.*?)^```\n")
	fileName = regexp.MustCompile("`([a-zA-Z0-9_./-]+\\.go)`[^`]*$")
)

// quickStartSteps returns the blocks between the README's quickstart
// markers, in order; a Go block is the file the last `name.go` before it
// (in the text since the previous block) names.
func quickStartSteps(t *testing.T, readme string) []quickStep {
	t.Helper()
	_, rest, ok := strings.Cut(readme, "<!-- quickstart -->\n")
	section, _, ok2 := strings.Cut(rest, "<!-- /quickstart -->")
	if !ok || !ok2 {
		t.Fatal("README.md has no <!-- quickstart --> ... <!-- /quickstart --> section")
	}
	var steps []quickStep
	last := 0
	for _, m := range fence.FindAllStringSubmatchIndex(section, -1) {
		lang, body := section[m[2]:m[3]], section[m[4]:m[5]]
		if lang == "sh" {
			steps = append(steps, quickStep{text: body})
		} else {
			name := fileName.FindStringSubmatch(section[last:m[0]])
			if name == nil {
				t.Fatalf("README quick start: a Go block without a file name before it:\n%s", body)
			}
			steps = append(steps, quickStep{file: name[1], text: body})
		}
		last = m[1]
	}
	if len(steps) < 4 {
		t.Fatalf("README quick start has %d blocks", len(steps))
	}
	return steps
}

// moduleZip returns the module zip of the module in dir at version.
func moduleZip(t *testing.T, path, version, dir string) []byte {
	t.Helper()
	var zip bytes.Buffer
	if err := modzip.CreateFromDir(&zip, module.Version{Path: path, Version: version}, dir); err != nil {
		t.Fatal(err)
	}
	return zip.Bytes()
}

// serveModule writes the module in dir to a file:// module proxy at
// version, with latest as its latest version.
func serveModule(t *testing.T, proxy, path, dir, version, latest string) {
	t.Helper()
	esc, err := module.EscapePath(path)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	info := func(v string) []byte { return []byte(`{"Version":"` + v + `","Time":"2026-01-01T00:00:00Z"}`) }
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":            []byte(latest + "\n"),
		version + ".info": info(version),
		version + ".mod":  gomod,
		version + ".zip":  moduleZip(t, path, version, dir),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(proxy, filepath.FromSlash(esc), "@latest"), info(latest), 0o644); err != nil {
		t.Fatal(err)
	}
}
