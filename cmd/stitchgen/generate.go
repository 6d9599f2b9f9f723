package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// errSilent is an exit-1 error whose explanation was already printed.
var errSilent = errors.New("reported")

func runGenerate(cmd string, cfg gen.Config, opt *options, wd string, stdout, stderr io.Writer) error {
	res, err := gen.Generate(cfg)
	if err != nil {
		return err
	}
	for _, d := range res.Diagnostics {
		fmt.Fprintln(stderr, d.String())
	}
	if len(res.Packages) == 0 && model.HasErrors(res.Diagnostics) {
		return errSilent // contract errors: nothing generated
	}
	if cmd == "manifest" {
		b, err := res.ManifestProfile(profile.Name(opt.profile))
		if err != nil {
			return err
		}
		_, err = stdout.Write(b)
		return err
	}
	files := map[string][]byte{}
	for p, content := range res.Files() {
		if !filepath.IsAbs(p) {
			p = filepath.Join(wd, p) // gen's paths are relative to cfg.Dir, which is wd
		}
		files[p] = content
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if opt.check {
		return checkFiles(paths, files, wd, stdout)
	}
	for _, p := range paths {
		if err := writeIfChanged(p, files[p]); err != nil {
			return err
		}
	}
	return nil
}

// checkFiles prints a unified diff for every file whose content on disk
// differs from what would be generated.
func checkFiles(paths []string, files map[string][]byte, wd string, stdout io.Writer) error {
	stale := 0
	for _, p := range paths {
		have, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		rel := relPath(wd, p)
		if d := unifiedDiff("a/"+rel, "b/"+rel, have, files[p]); d != "" {
			fmt.Fprint(stdout, d)
			stale++
		}
	}
	if stale > 0 {
		fmt.Fprintf(stdout, "stitchgen: %d generated file(s) are stale; run stitchgen to update them\n", stale)
		return errSilent
	}
	return nil
}

func relPath(wd, p string) string {
	if r, err := filepath.Rel(wd, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// writeIfChanged writes content to path unless the file already holds it,
// so an unchanged run leaves modification times alone.
func writeIfChanged(path string, content []byte) error {
	if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, content) {
		return nil
	}
	return os.WriteFile(path, content, 0o644)
}
