// Package templates holds the non-Go text stitchgen writes for `stitchgen
// init`: the go:generate file and the Makefile target. Go code is never
// templated; it comes from jennifer in package gen.
package templates

import (
	"bytes"
	"embed"
	"text/template"
)

//go:embed *.tmpl
var files embed.FS

// Data is what the templates are filled with.
type Data struct {
	Package string // Go package name of the directory
	Command string // the go run command of the generator
	Dir     string // the package directory relative to the Makefile ("./..." style)
}

// Render fills the named template.
func Render(name string, d Data) ([]byte, error) {
	t, err := template.ParseFS(files, name)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
