// Command unicodegen writes stitchrt/unicode_tables.go, the Unicode data
// the format checks need beyond package unicode: the IDNA2008 derived
// property PVALID (RFC 5892 §2–3), the data of RFC 5892's contextual rules
// (virama, joining types), the bidi classes of RFC 5893, and the property
// value names ECMA-262 accepts in \p{...}. It reads the Unicode Character
// Database of the same version as the Go toolchain's package unicode
// (Debian's unicode-data package installs one; `dpkg -L unicode-data`
// shows where), from the repository root:
//
//	UCD_DIR=<that directory> go run ./internal/unicodegen
//
// TestTablesFresh compares the checked-in file with a fresh one when
// UCD_DIR is set.
//
// The generated file imports only package unicode. Its version is checked
// against unicode.Version, so the contextual rules (which use package
// unicode's scripts and categories) and the tables agree.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

func main() {
	ucd := flag.String("ucd", os.Getenv("UCD_DIR"), "directory of the Unicode Character Database (UnicodeData.txt, extracted/, ...)")
	out := flag.String("o", "stitchrt/unicode_tables.go", "output file")
	flag.Parse()
	if *ucd == "" {
		fmt.Fprintln(os.Stderr, "unicodegen: -ucd (or UCD_DIR) is required")
		os.Exit(2)
	}
	src, err := Generate(*ucd)
	if err != nil {
		fmt.Fprintln(os.Stderr, "unicodegen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "unicodegen:", err)
		os.Exit(1)
	}
}

const maxRune = 0x10FFFF

// props maps each code point to a property value read from a UCD file of
// the form "lo..hi ; value # comment".
type props map[rune]string

// readProps reads a UCD property file; when field is non-empty only lines
// whose value is field are kept (binary property files list several
// properties).
func readProps(path, field string) (props, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := props{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 {
			continue
		}
		val := strings.TrimSpace(fields[1])
		if field != "" && val != field {
			continue
		}
		lo, hi, err := parseRange(strings.TrimSpace(fields[0]))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		for r := lo; r <= hi; r++ {
			p[r] = val
		}
	}
	return p, sc.Err()
}

func parseRange(s string) (lo, hi rune, err error) {
	a, b, ok := strings.Cut(s, "..")
	l, err := strconv.ParseUint(a, 16, 32)
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		return rune(l), rune(l), nil
	}
	h, err := strconv.ParseUint(b, 16, 32)
	return rune(l), rune(h), err
}

var versionRE = regexp.MustCompile(`-(\d+\.\d+\.\d+)\.txt`)

// version reads the Unicode version from the first line of a UCD file.
func version(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	m := versionRE.FindStringSubmatch(line)
	if m == nil {
		return "", fmt.Errorf("%s: no version in %q", path, line)
	}
	return m[1], nil
}

// Generate returns the source of unicode_tables.go from the UCD in dir.
func Generate(dir string) ([]byte, error) {
	file := func(name string) string { return filepath.Join(dir, name) }
	ver, err := version(file("extracted/DerivedGeneralCategory.txt"))
	if err != nil {
		return nil, err
	}
	if ver != unicode.Version {
		return nil, fmt.Errorf("UCD is Unicode %s, package unicode is %s: use the UCD of the toolchain's version", ver, unicode.Version)
	}
	load := func(name, field string) props {
		if err != nil {
			return nil
		}
		var p props
		p, err = readProps(file(name), field)
		return p
	}
	gc := load("extracted/DerivedGeneralCategory.txt", "")
	joinControl := load("PropList.txt", "Join_Control")
	whiteSpace := load("PropList.txt", "White_Space")
	nonchar := load("PropList.txt", "Noncharacter_Code_Point")
	ignorable := load("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")
	unstable := load("DerivedNormalizationProps.txt", "Changes_When_NFKC_Casefolded")
	hangul := load("HangulSyllableType.txt", "")
	ccc := load("extracted/DerivedCombiningClass.txt", "")
	joining := load("extracted/DerivedJoiningType.txt", "")
	bidi := load("extracted/DerivedBidiClass.txt", "")
	if err != nil {
		return nil, err
	}
	gcNames, scNames, err := valueNames(file("PropertyValueAliases.txt"))
	if err != nil {
		return nil, err
	}

	// RFC 5892 §3, in its order. Exceptions (§2.6) and CONTEXTJ are
	// handled by the runtime, which knows their rules; BackwardCompatible
	// (§2.7) is empty.
	letterDigits := map[string]bool{"Ll": true, "Lu": true, "Lo": true, "Nd": true, "Lm": true, "Mn": true, "Mc": true}
	pvalid := func(r rune) bool {
		switch {
		case idnaExceptions[r]:
			return false
		case gc[r] == "" || gc[r] == "Cn": // Unassigned
			return false
		case r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z': // LDH
			return true
		case joinControl[r] != "":
			return false // CONTEXTJ
		case unstable[r] != "": // NFKC_Casefold(NFKC(cp)) != cp (§2.3; see below)
			return false
		case ignorable[r] != "" || whiteSpace[r] != "" || nonchar[r] != "": // IgnorableProperties
			return false
		case r >= 0x20D0 && r <= 0x20FF || r >= 0x1D100 && r <= 0x1D24F: // IgnorableBlocks (§2.5)
			return false
		case hangul[r] == "L" || hangul[r] == "V" || hangul[r] == "T": // OldHangulJamo
			return false
		}
		return letterDigits[gc[r]] // LetterDigits
	}
	// Changes_When_NFKC_Casefolded differs from RFC 5892's Unstable only
	// on default-ignorable code points (NFKC_Casefold removes them), which
	// IgnorableProperties makes DISALLOWED all the same.
	allowed := func(r rune) bool { return pvalid(r) || idnaExceptions[r] || joinControl[r] != "" }

	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by internal/unicodegen from the Unicode Character Database %s. DO NOT EDIT.

package stitchrt

import "unicode"

// unicodeTablesVersion is the Unicode version of these tables; a test
// checks that it is package unicode's.
const unicodeTablesVersion = %q

`, ver, ver)
	table(&b, "idnaPValid", "the code points IDNA2008 derives as PVALID (RFC 5892 §3), apart from the\n// exceptions of §2.6, which the runtime judges itself", pvalid)
	table(&b, "idnaVirama", "the code points of Canonical_Combining_Class Virama (9)", func(r rune) bool { return ccc[r] == "9" })
	for _, jt := range []string{"L", "D", "R", "T"} {
		table(&b, "joining"+jt, "the code points of Joining_Type "+jt, func(r rune) bool { return joining[r] == jt })
	}
	// Bidi classes, only where a label may hold the code point at all. A
	// code point in none of these tables is of class L: no other class
	// occurs among them (checked here).
	for r := rune(0); r <= maxRune; r++ {
		switch bidi[r] {
		case "L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM":
		default:
			if allowed(r) {
				return nil, fmt.Errorf("U+%04X may be in a U-label and is of bidi class %q", r, bidi[r])
			}
		}
	}
	for _, bc := range [][]string{{"R", "AL"}, {"AN"}, {"EN"}, {"ES", "CS", "ET", "ON", "BN"}, {"NSM"}} {
		name := "bidi" + strings.Join(bc, "")
		if len(bc) > 2 {
			name = "bidiNeutral"
		}
		table(&b, name, "the code points a U-label may hold of bidi class "+strings.Join(bc, ", "), func(r rune) bool {
			if !allowed(r) {
				return false
			}
			for _, c := range bc {
				if bidi[r] == c {
					return true
				}
			}
			return false
		})
	}
	names(&b, "ecmaGeneralCategories", "the General_Category values and aliases (PropertyValueAliases.txt), sorted", gcNames)
	names(&b, "ecmaScripts", "the Script values and aliases (PropertyValueAliases.txt), sorted", scNames)
	return format.Source(b.Bytes())
}

// idnaExceptions are the code points of RFC 5892 §2.6 (PVALID, CONTEXTO or
// DISALLOWED by exception).
var idnaExceptions = map[rune]bool{
	0x00DF: true, 0x03C2: true, 0x06FD: true, 0x06FE: true, 0x0F0B: true, 0x3007: true, // PVALID
	0x00B7: true, 0x0375: true, 0x05F3: true, 0x05F4: true, 0x30FB: true, // CONTEXTO
	0x0660: true, 0x0661: true, 0x0662: true, 0x0663: true, 0x0664: true, 0x0665: true, 0x0666: true, 0x0667: true, 0x0668: true, 0x0669: true,
	0x06F0: true, 0x06F1: true, 0x06F2: true, 0x06F3: true, 0x06F4: true, 0x06F5: true, 0x06F6: true, 0x06F7: true, 0x06F8: true, 0x06F9: true,
	0x0640: true, 0x07FA: true, 0x302E: true, 0x302F: true, 0x3031: true, 0x3032: true, 0x3033: true, 0x3034: true, 0x3035: true, 0x303B: true, // DISALLOWED
}

// valueNames reads the General_Category and Script value names with
// their aliases.
func valueNames(path string) (gc, sc []string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Split(line, ";")
		if len(f) < 3 {
			continue
		}
		prop := strings.TrimSpace(f[0])
		if prop != "gc" && prop != "sc" {
			continue
		}
		for _, v := range f[1:] {
			v = strings.TrimSpace(v)
			if v == "" {
				continue
			}
			if prop == "gc" {
				gc = append(gc, v)
			} else {
				sc = append(sc, v)
			}
		}
	}
	return dedupe(gc), dedupe(sc), nil
}

func dedupe(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// table writes a *unicode.RangeTable of the code points where in holds.
func table(b *bytes.Buffer, name, doc string, in func(rune) bool) {
	type rng struct{ lo, hi rune }
	var rs []rng
	for r := rune(0); r <= maxRune; r++ {
		if !in(r) {
			continue
		}
		if n := len(rs); n > 0 && rs[n-1].hi == r-1 {
			rs[n-1].hi = r
			continue
		}
		rs = append(rs, rng{r, r})
	}
	fmt.Fprintf(b, "// %s holds %s.\nvar %s = &unicode.RangeTable{\n", name, doc, name)
	latin := 0
	var r16, r32 []string
	for _, r := range rs {
		if r.hi <= 0xFFFF {
			r16 = append(r16, fmt.Sprintf("{0x%04x, 0x%04x, 1},", r.lo, r.hi))
			if r.hi <= unicode.MaxLatin1 {
				latin++
			}
			continue
		}
		if r.lo <= 0xFFFF { // split at the plane boundary
			r16 = append(r16, fmt.Sprintf("{0x%04x, 0xffff, 1},", r.lo))
			r.lo = 0x10000
		}
		r32 = append(r32, fmt.Sprintf("{0x%x, 0x%x, 1},", r.lo, r.hi))
	}
	if len(r16) > 0 {
		fmt.Fprintf(b, "R16: []unicode.Range16{\n%s\n},\n", lines(r16))
	}
	if len(r32) > 0 {
		fmt.Fprintf(b, "R32: []unicode.Range32{\n%s\n},\n", lines(r32))
	}
	if latin > 0 {
		fmt.Fprintf(b, "LatinOffset: %d,\n", latin)
	}
	b.WriteString("}\n\n")
}

// lines joins items four to a line.
func lines(items []string) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			if i%4 == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString(it)
	}
	return b.String()
}

func names(b *bytes.Buffer, name, doc string, vals []string) {
	fmt.Fprintf(b, "// %s holds %s.\nvar %s = [...]string{\n", name, doc, name)
	for i := 0; i < len(vals); i += 6 {
		end := min(i+6, len(vals))
		for _, v := range vals[i:end] {
			fmt.Fprintf(b, "%q, ", v)
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n\n")
}
