package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestTablesFresh regenerates stitchrt/unicode_tables.go from the Unicode
// Character Database in $UCD_DIR and compares it with the checked-in file.
// Without UCD_DIR it skips: the database is not part of the repository.
func TestTablesFresh(t *testing.T) {
	dir := os.Getenv("UCD_DIR")
	if dir == "" {
		t.Skip("UCD_DIR not set (the Unicode Character Database, e.g. Debian's unicode-data)")
	}
	got, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "stitchrt", "unicode_tables.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("stitchrt/unicode_tables.go is stale: run go run ./internal/unicodegen with UCD_DIR set")
	}
}
