package golden

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"
)

// Section names of a golden archive.
const (
	inPrefix    = "in/"
	wantPrefix  = "want/"
	argsName    = "args"
	stderrName  = "stderr"
	manifestOut = "manifest.json"
)

// A Case is one golden archive.
type Case struct {
	// Name is the archive's base name without .txtar.
	Name string
	// Comment is the free text before the first section.
	Comment []byte
	// Args are the stitchgen flags, given to both the generate run and
	// the manifest run.
	Args []string
	// In are the input files, paths relative to the case package directory.
	In []File
	// Want are the expected output files relative to the package directory,
	// plus manifest.json for the manifest run's stdout.
	Want []File
	// Stderr is the expected stderr of the generate run ("" when absent).
	Stderr string
	// HasStderr records whether the archive had a stderr section.
	HasStderr bool
}

// A File is one named section.
type File struct {
	Name string
	Data []byte
}

// ParseCase reads a golden archive.
func ParseCase(name string, data []byte) (*Case, error) {
	a := txtar.Parse(data)
	c := &Case{Name: name, Comment: a.Comment}
	seen := map[string]bool{}
	for _, f := range a.Files {
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: section %q appears twice", name, f.Name)
		}
		seen[f.Name] = true
		switch {
		case f.Name == argsName:
			c.Args = strings.Fields(string(f.Data))
		case f.Name == stderrName:
			c.Stderr, c.HasStderr = string(f.Data), true
		case strings.HasPrefix(f.Name, inPrefix):
			rel, err := relName(name, f.Name, inPrefix)
			if err != nil {
				return nil, err
			}
			c.In = append(c.In, File{rel, f.Data})
		case strings.HasPrefix(f.Name, wantPrefix):
			rel, err := relName(name, f.Name, wantPrefix)
			if err != nil {
				return nil, err
			}
			c.Want = append(c.Want, File{rel, f.Data})
		default:
			return nil, fmt.Errorf("%s: unknown section %q (want args, stderr, in/..., want/...)", name, f.Name)
		}
	}
	if len(c.In) == 0 {
		return nil, fmt.Errorf("%s: no in/ section", name)
	}
	return c, nil
}

// relName strips prefix from a section name and rejects paths that would
// leave the case directory.
func relName(archive, section, prefix string) (string, error) {
	rel := strings.TrimPrefix(section, prefix)
	if rel == "" || path.IsAbs(rel) || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("%s: section %q: want a clean relative path after %q", archive, section, prefix)
	}
	return rel, nil
}

// WantFile returns the expected content of an output and whether the
// archive has it.
func (c *Case) WantFile(name string) ([]byte, bool) {
	for _, f := range c.Want {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Format writes the archive back: comment, args, in/ sections, want/
// sections in name order with manifest.json last, then stderr (only when
// non-empty).
func (c *Case) Format() []byte {
	a := &txtar.Archive{Comment: c.Comment}
	if len(c.Args) > 0 {
		a.Files = append(a.Files, txtar.File{Name: argsName, Data: []byte(strings.Join(c.Args, " ") + "\n")})
	}
	for _, f := range c.In {
		a.Files = append(a.Files, txtar.File{Name: inPrefix + f.Name, Data: f.Data})
	}
	want := slices.Clone(c.Want)
	slices.SortFunc(want, func(x, y File) int { return compareOutputs(x.Name, y.Name) })
	for _, f := range want {
		a.Files = append(a.Files, txtar.File{Name: wantPrefix + f.Name, Data: f.Data})
	}
	if c.Stderr != "" {
		a.Files = append(a.Files, txtar.File{Name: stderrName, Data: []byte(c.Stderr)})
	}
	return txtar.Format(a)
}

// compareOutputs orders output names with manifest.json last.
func compareOutputs(x, y string) int {
	if (x == manifestOut) != (y == manifestOut) {
		if x == manifestOut {
			return 1
		}
		return -1
	}
	return strings.Compare(x, y)
}

// checkSectionSafe reports content that txtar cannot carry: a line that
// looks like a section marker, or a missing final newline (txtar adds one).
func checkSectionSafe(name string, data []byte) error {
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return fmt.Errorf("%s does not end in a newline; a txtar section cannot hold it exactly", name)
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) {
			return fmt.Errorf("%s has a line %q that txtar would read as a section marker", name, line)
		}
	}
	return nil
}
