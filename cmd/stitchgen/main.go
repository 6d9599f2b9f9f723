// Command stitchgen generates, for every Go package that declares LLM tools
// with //stitch:tool, one file with the tools' advertised and lossless JSON
// schemas, exact-key decoders and typed MCP handlers.
//
// This package is the only place that does I/O: it parses flags, calls the
// pipeline of package gen, and writes files only after every file rendered.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

const usageText = `stitchgen generates typed LLM tools from Go contracts.

Usage:
  stitchgen [flags] [packages]            generate stitch_gen.go in each package with tools (default ".")
  stitchgen manifest [flags] [packages]   print the MCP tools/list result that the packages serve (-profile: as a provider profile serves them)
  stitchgen init [dir]                    add a //go:generate file and a Makefile target for dir (default ".")

Example:
  //go:generate go tool stitchgen       (after: go get -tool github.com/stitchgen/stitchgen/cmd/stitchgen)
  stitchgen ./...                 regenerate every package below the current directory
  stitchgen -check ./...          exit 1 and print a diff when a generated file is stale
  stitchgen manifest ./tools | jq .

Flags:
`

// errUsage marks errors that exit with status 2.
var errUsage = errors.New("usage")

type options struct {
	check        bool
	output       string
	tags         string
	policy       string
	flatten      bool
	allowFormats string
	profile      string // manifest: the profile to list the tools in
	profiles     string // the profiles whose fallbacks are warned about
}

func main() {
	if os.Getenv("GOGC") == "" {
		// One run, then exit: a larger heap target trades ~80 MB of memory
		// on a 1,000-tool module for ~10 % less CPU in the collector.
		debug.SetGCPercent(400)
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "stitchgen:", err)
		os.Exit(1)
	}
	os.Exit(run(os.Args[1:], wd, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status: 0 success,
// 1 contract errors or stale files, 2 usage errors.
func run(args []string, wd string, stdout, stderr io.Writer) int {
	cmd := "generate"
	if len(args) > 0 && (args[0] == "manifest" || args[0] == "init") {
		cmd, args = args[0], args[1:]
	}
	fs, opt := newFlagSet(cmd, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if err.Error() == "flag provided but not defined: -mcp" {
			fmt.Fprintln(stderr, removedMCP)
		}
		return 2
	}
	var err error
	switch cmd {
	case "init":
		err = runInit(fs.Args(), wd, stdout)
	default:
		var cfg gen.Config
		cfg, err = config(opt, fs.Args(), wd)
		if err == nil {
			err = runGenerate(cmd, cfg, opt, wd, stdout, stderr)
		}
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintln(stderr, "stitchgen:", err)
		fs.Usage()
		return 2
	case errors.Is(err, errSilent):
		return 1
	default:
		fmt.Fprintln(stderr, "stitchgen:", err)
		return 1
	}
}

// removedMCP follows the flag package's error for -mcp, which an old
// generate directive (written for a stitchgen that copied its runtime
// and MCP adapter into each file) may still pass.
const removedMCP = "stitchgen: -mcp was removed: generated code names no MCP SDK (the SDK is chosen where the tools are served); " +
	"drop the flag and serve the tool table with an adapter module (adapters/stitchgosdk or adapters/stitchmcpgo; docs/generated-api.md)"

func newFlagSet(cmd string, stderr io.Writer) (*flag.FlagSet, *options) {
	opt := &options{}
	fs := flag.NewFlagSet("stitchgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	if cmd == "init" {
		return fs, opt
	}
	if cmd == "generate" {
		fs.BoolVar(&opt.check, "check", false, "write nothing; print a unified diff of every stale generated file and exit 1 if any")
		fs.StringVar(&opt.output, "o", gen.DefaultOutput, "name of the generated file in each package directory")
	}
	fs.StringVar(&opt.tags, "tags", "", "comma-separated build tags to load the packages with")
	fs.StringVar(&opt.policy, "policy", "strict", "key policy of structs without a //stitch:strict|strip|loose directive: strict, strip or loose")
	fs.BoolVar(&opt.flatten, "flatten", true, "advertise flattened input schemas (docs/flattening.md); false serves the lossless ones")
	fs.StringVar(&opt.allowFormats, "allow-format", "", "comma-separated formats to allow beyond the portable ones")
	fs.StringVar(&opt.profiles, "profiles", "", "comma-separated provider profiles ("+strings.Join(profileNames(false), ", ")+") to warn about: why a tool is served in a profile's fallback form")
	if cmd == "manifest" {
		fs.StringVar(&opt.profile, "profile", "mcp", "list the tools as this profile advertises them: "+orList(profileNames(true)))
	}
	return fs, opt
}

func config(opt *options, patterns []string, wd string) (gen.Config, error) {
	cfg := gen.Config{Dir: wd, Patterns: patterns, Flatten: opt.flatten, Output: opt.output}
	if len(cfg.Patterns) == 0 {
		cfg.Patterns = []string{"."}
	}
	switch opt.policy {
	case "strict":
		cfg.Policy = model.Strict
	case "strip":
		cfg.Policy = model.Strip
	case "loose":
		cfg.Policy = model.Loose
	default:
		return cfg, fmt.Errorf("%w: -policy must be strict, strip or loose, not %q", errUsage, opt.policy)
	}
	if opt.output != "" && (filepath.Base(opt.output) != opt.output || !strings.HasSuffix(opt.output, ".go")) {
		return cfg, fmt.Errorf("%w: -o must be a .go file name without a directory, not %q", errUsage, opt.output)
	}
	cfg.Tags = splitList(opt.tags)
	cfg.AllowFormats = splitList(opt.allowFormats)
	for _, p := range append(splitList(opt.profiles), opt.profile) {
		if p == "" || p == string(profile.MCP) {
			continue
		}
		if !slices.Contains(profile.Names(), profile.Name(p)) {
			return cfg, fmt.Errorf("%w: unknown profile %q (known: %s)", errUsage, p, facts.KnownProfiles())
		}
		if !slices.Contains(cfg.Profiles, profile.Name(p)) {
			cfg.Profiles = append(cfg.Profiles, profile.Name(p))
		}
	}
	return cfg, nil
}

// profileNames lists the profiles of the registry (profile.Names), mcp
// first or left out.
func profileNames(withMCP bool) []string {
	var out []string
	for _, n := range profile.Names() {
		if withMCP || n != profile.MCP {
			out = append(out, string(n))
		}
	}
	return out
}

// orList writes "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
