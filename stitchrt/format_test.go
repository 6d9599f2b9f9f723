package stitchrt

import (
	"sort"
	"strings"
	"testing"
	"unicode"
)

// formatCases are edge cases of each format beyond the JSON Schema Test
// Suite (TestFormatSuite), each with its verdict and, for the less obvious
// ones, the rule that decides it.
var formatCases = map[string][]struct {
	in   string
	want bool
}{
	"date": {
		{"2024-02-29", true}, {"2023-02-29", false}, {"2000-02-29", true}, {"1900-02-29", false},
		{"0000-01-01", true}, {"9999-12-31", true}, {"2024-13-01", false}, {"2024-1-01", false},
		{"2024-01-01T", false}, {"２024-01-01", false}, {"", false},
	},
	"time": {
		{"10:00:00Z", true}, {"10:00:00z", true}, {"23:59:60Z", true}, {"22:59:60Z", false},
		{"23:59:60+01:00", false}, {"00:59:60+01:00", true}, {"10:00:00.5+02:00", true},
		{"10:00:00.+02:00", false}, {"10:00:00", false}, {"24:00:00Z", false}, {"10:00:00+0200", false},
		{"10:00:00+24:00", false}, {"10:00:00-23:59", true}, {"10:00Z", false}, {"", false},
	},
	"date-time": {
		{"2024-05-01T10:00:00Z", true}, {"2024-05-01t10:00:00z", true}, {"2024-05-01 10:00:00Z", false},
		{"2024-05-01T10:00:00+0200", false}, {"2016-12-31T23:59:60Z", true}, {"2024-05-01T", false},
		{"2024-05-01", false},
	},
	"duration": {
		{"P1D", true}, {"PT1H", true}, {"P1W", true}, {"P1Y2M3DT4H5M6S", true}, {"P1Y", true},
		{"P1M1Y", false}, {"P1Y2D", false}, {"PT1H2S", false}, {"P1H", false}, {"P", false},
		{"PT", false}, {"P1DT", false}, {"P1W1D", false}, {"PW", false}, {"PT1S1M", false},
		{"P1D1D", false}, {"PT1M1M", false}, {"p1D", false}, {"P1d", false}, {"PT1.5S", false},
	},
	"email": {
		{"a@b.co", true}, {"a@b", true}, {"a.b.c@d.e", true}, {"!#$%&'*+-/=?^_`{|}~@x.y", true},
		{`"a b"@c.d`, true}, {`""@c.d`, true}, {`"a\"b"@c.d`, true}, {`"a\\b"@c.d`, true},
		{`"a"b"@c.d`, false}, {`"a\`, false}, {`"a`, false}, {"\"a\x01\"@c.d", false}, {"\"a\x7f\"@c.d", false},
		{"a@[1.2.3.4]", true}, {"a@[IPv6:::1]", true}, {"a@[IPv6:1.2.3.4]", false}, {"a@[tag:x]", false},
		{"a@[01.2.3.4]", false}, {"a@", false}, {"@b.co", false}, {"a..b@c.d", false}, {".a@b.c", false},
		{"a.@b.c", false}, {"a@-b.c", false}, {"a@b.", false}, {"a@@b.c", false}, {"a b@c.d", false},
		{"é@b.c", false}, {"a@xn--9n2bp8q.xn--9t4b11yi5a", true}, {"a@xn--X", false},
		{strings.Repeat("a", 64) + "@b.c", true}, {strings.Repeat("a", 65) + "@b.c", false},
		{"a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 59), true},
		{"abc@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 59), false},
	},
	"hostname": {
		{"a", true}, {"a-b.c", true}, {"A.B", true}, {"0", true}, {"-a.b", false}, {"a-.b", false},
		{"a.", false}, {"a..b", false}, {".", false}, {"", false}, {"a_b", false}, {"é.com", false},
		{strings.Repeat("a", 63) + ".b", true}, {strings.Repeat("a", 64) + ".b", false},
		{strings.Repeat("a.", 126) + "b", true}, {strings.Repeat("a.", 126) + "bc", false},
		{"ab--cd", true},                             // an R-LDH label that is no A-label: RFC 1123 allows it
		{"xn--9n2bp8q", true}, {"XN--9N2BP8Q", true}, // case does not matter in an A-label
		{"xn--", false}, {"xn---", false}, {"xn--abc-", false}, // nothing to decode, or only ASCII
		{"xn--a", false}, {"xn--zz", false}, {"xn--99999999", false}, // undecodable or beyond U+10FFFF
		{"xn--ls8h", false},                             // U+1F4A9 decodes, and is DISALLOWED
		{"xn--bcher-kva", true},                         // bücher
		{"xn--bcher-kva.example", true},                 // in a name
		{"xn--Bcher-kva", false},                        // the upper-case B decodes to a DISALLOWED U-label
		{"xn--bcher-kvaa", true}, {"xn--bcher-", false}, // büücher; bcher (ASCII only)
		{"xn--mgbh0fb", true},                                    // مثال, right to left
		{"xn--mgbh0fb.example", true}, {"xn--mgbh0fb.0a", false}, // RFC 5893 in a bidi name: an LDH label starts with L, not EN
		{"xn--mgbh0fb.xn--kgbechtv", true}, // two right-to-left labels
		{"xn--4gbrim.xn--mgbh0fb", true},   // more Arabic
		{"xn--0-gyc", true},                // ۰0: European-number class only, not a bidi name
	},
	"ipv4": {
		{"0.0.0.0", true}, {"255.255.255.255", true}, {"1.2.3.4", true}, {"01.2.3.4", false},
		{"1.2.3.04", false}, {"256.1.1.1", false}, {"1.2.3", false}, {"1.2.3.4.", false}, {"+1.2.3.4", false},
		{"1.2.3.-4", false}, {"1.2.3.4 ", false}, {"1..3.4", false}, {"1000.1.1.1", false}, {"", false},
	},
	"ipv6": {
		{"::1", true}, {"::", true}, {"1:2:3:4:5:6:7:8", true}, {"1:2:3:4:5:6:7::", true},
		{"::1.2.3.4", true}, {"::ffff:1.2.3.4", true}, {"1::2::3", false}, {"fe80::1%eth0", false},
		{"[::1]", false}, {"::01.2.3.4", false}, {"1:2:3:4:5:6:7:8:9", false}, {"12345::", false},
		{"1.2.3.4", false}, {"::g", false}, {"", false},
	},
	"uuid": {
		{"123e4567-e89b-12d3-a456-426614174000", true}, {"123E4567-E89B-12D3-A456-426614174000", true},
		{"123e4567e89b12d3a456426614174000", false}, {"123e4567-e89b-12d3-a456-42661417400", false},
		{"{123e4567-e89b-12d3-a456-426614174000}", false}, {"123e4567-e89b-12d3-a456_426614174000", false},
	},
	"json-pointer": {
		{"", true}, {"/", true}, {"/a/b~0~1", true}, {"//", true}, {"/~01", true}, {"/a~2", false},
		{"/a~", false}, {"a/b", false}, {"#/a", false}, {"/é", true},
	},
	"relative-json-pointer": {
		{"0", true}, {"1/a", true}, {"10#", true}, {"01/a", false}, {"2#", true}, {"#", false},
		{"0/a~", false}, {"1#/a", false}, {"-1", false}, {"", false},
	},
	"uri": {
		{"http://x.y/z", true}, {"http://[::1]:80/", true}, {"http://[v1.x]/", true}, {"http://[v1.]/", false},
		{"http://[vz.x]/", false}, {"http://[::1/", false}, {"http://[::1]x/", false}, {"http://::1/", false},
		{"a:", true}, {"a:b:c", true}, {"a+b-c.d:x", true}, {"1a:x", false}, {"relative/path", false},
		{"//host", false}, {`a:\b`, false}, {"http://x/%7Ba%7D", true}, {"http://x/{a}", false},
		{"http://x/%", false}, {"http://x/%4", false}, {"http://x/%4g", false}, {"http://u:p@x:8080/p?q=1&r#f", true},
		{"http://x/?a?b/c", true}, {"http://x/#a#b", false}, {"http://x/#a?b", true}, {"http://x:/", true},
		{"http://x:8a/", false}, {"http://a@b@c/", false}, {"http://é/", false}, {"http:// x/", false},
		{"urn:isbn:0451450523", true}, {"http://x/\x7f", false},
	},
	"uri-reference": {
		{"", true}, {"a", true}, {"./a:b", true}, {"a/b:c", true}, {"a:b", true}, {"1:b", false},
		{"?q", true}, {"#f", true}, {"//h", true}, {"//h:x", false}, {"/a b", false}, {`a\b`, false},
		{"%zz", false}, {"a%20b", true}, {"[x]", false},
	},
	"uri-template": {
		{"", true}, {"http://x/{id}", true}, {"http://x/{id", false}, {"{a}{b}", true},
		{"{+a}{#a}{.a}{/a}{;a}{?a}{&a}", true}, {"{=a}{,a}{!a}{@a}{|a}", true}, // reserved operators are in the grammar
		{"{a.b.c}", true}, {"{a.}", false}, {"{.a.}", false}, {"{a:1}", true}, {"{a:9999}", true},
		{"{a:10000}", false}, {"{a:0}", false}, {"{a:}", false}, {"{a*}", true}, {"{a*:1}", false},
		{"{a:1*}", false}, {"{a,b*,c:3}", true}, {"{%2A}", true}, {"{%2}", false}, {"{a%2Ab}", true},
		{"{a b}", false}, {"{{a}}", false}, {"}", false}, {"a%", false}, {"a%4", false}, {"a%41", true},
		{"a'b", true}, {"a\"b", false}, {"a<b", false}, {"a>b", false}, {"a\\b", false}, {"a^b", false},
		{"a`b", false}, {"a|b", false}, {"a\tb", false}, {"a\u00a0b", true}, {"a\ufdd0b", false},
		{"a\ue000b", true}, {"a\U000e0001b", false}, {"a\U000e1000b", true}, {"a\U0001fffeb", false},
		{"{++a}", false}, {"{}", false},
	},
	"regex": {
		{"", true}, {"a|b|", true}, {"^a+$", true}, {"a**", false}, {"(", false}, {")", false},
		{"a{2}", true}, {"a{2,}", true}, {"a{2,3}", true}, {"a{3,2}", false}, {"a{,3}", false}, {"a{", false},
		{"a}", false}, {"]", false}, {"{", false}, {"a{99999999999999999999,1}", false},
		{"a{1,99999999999999999999}?", true}, {"(?:a)", true}, {"(?=a)", true}, {"(?!a)", true},
		{"(?=a)*", false}, {"(?<=a)?", false}, {"(?<!a)b", true}, {"\\b*", false}, {"^*", false},
		{"(?i:a)", true}, {"(?-i:a)", true}, {"(?i-ms:a)", true}, {"(?ii:a)", false}, {"(?i-i:a)", false},
		{"(?-:a)", false}, {"(?x:a)", false}, {"(?i)", false}, {"(?<a>x)(?<a>y)", false},
		{"(?<a>x)|(?<a>y)", true}, {"((?<a>x)|(?<a>y))", true}, {"(?<a>x)((?<a>y)|z)", false},
		{"((?<a>x)|b)(?<a>y)", false}, {"(?:(?<a>x)|[|](?<a>y))", true}, {"(?<a>x)[|](?<a>y)", false},
		{"(?<a>x)\\k<a>", true}, {"\\k<a>(?<a>x)", true}, {"\\k<a>", false}, {"\\k", false}, {"(?<a>x)\\k<b>", false},
		{"(?<$_é1>x)", true}, {"(?<1a>x)", false}, {"(?<>x)", false}, {"(?<a-b>x)", false},
		{"(?<\\u0061>x)\\k<a>", true}, {"(?<\\u{1d4d0}>x)", true}, {"(?<\\ud835\\udcd0>x)", true},
		{"(a)\\1", true}, {"(a)\\2", false}, {"\\1(a)", true}, {"\\0", true}, {"\\00", false}, {"\\08", false},
		{"\\cA\\cz", true}, {"\\c1", false}, {"\\c", false}, {"\\x41", true}, {"\\x4", false}, {"\\u0041", true},
		{"\\u004", false}, {"\\u{10FFFF}", true}, {"\\u{110000}", false}, {"\\u{}", false}, {"\\u{0000041}", true},
		{"\\a", false}, {"\\e", false}, {"\\-", false}, {"\\/", true}, {"\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\", true},
		{"\\d\\D\\s\\S\\w\\W\\f\\n\\r\\t\\v", true}, {"\\p{L}", true}, {"\\p{Letter}", true},
		{"\\p{gc=Lu}", true}, {"\\p{General_Category=Uppercase_Letter}", true}, {"\\p{Script=Greek}", true},
		{"\\p{sc=Grek}", true}, {"\\p{scx=Latn}", true}, {"\\P{Alphabetic}", true}, {"\\p{Any}", true},
		{"\\p{ASCII_Hex_Digit}", true}, {"\\p{RGI_Emoji}", false}, {"\\p{Latin}", false}, {"\\p{l}", false},
		{"\\p{gc=Greek}", false}, {"\\p{Alphabetic=Y}", false}, {"\\p{Script}", false}, {"\\p{", false},
		{"\\p{L", false}, {"\\pL", false}, {"\\p{ L}", false}, {"[]", true}, {"[^]", true}, {"[a-z]", true},
		{"[z-a]", false}, {"[a-a]", true}, {"[-a]", true}, {"[a-]", true}, {"[--a]", true}, {"[a-b-c]", true},
		{"[\\d-z]", false}, {"[a-\\d]", false}, {"[\\p{L}]", true}, {"[\\b]", true}, {"[\\B]", false},
		{"[\\-]", true}, {"[\\1]", false}, {"[\\0]", true}, {"[\\k]", false}, {"[[]", true}, {"[", false},
		{"[a", false}, {"[\\", false}, {"[😀-😎]", true}, {"[😎-😀]", false}, {"[\\ud83d\\ude00-\\ud83d\\ude4f]", true},
		{"[\\cA]", true}, {"[\\c_]", false}, {"[\\x41-\\x5a]", true}, {"[\\u{41}-\\u{5a}]", true}, {"\\", false},
		{"(?P<n>x)", false}, {"(?#c)", false}, {"(?<=a+)b", true}, {"a??", true}, {"a+?", true}, {"a{1}?", true},
		{"(?<a>1)(?<b>2)(?<c>3)(?<d>4)(?<e>5)\\k<e>\\k<a>\\k<b>\\k<c>\\k<d>\\k<e>", true},
		{"(?<a>1)(?<b>2)(?<c>3)(?<d>4)(?<e>5)(?<e>6)", false}, {"(?<a>1)\\k<a>\\k<a>\\k<a>\\k<a>\\k<f>", false},
		{"😀+", true}, {"a(?:b|c)*d", true}, {"\\bx\\B", true}, {"$^", true}, {".", true},
		{strings.Repeat("(", 1001) + strings.Repeat(")", 1001), false}, {strings.Repeat("(", 999) + strings.Repeat(")", 999), true},
	},
}

// TestFormatCases checks each format function on formatCases.
func TestFormatCases(t *testing.T) {
	for name, cases := range formatCases {
		f, ok := FormatFunc(name)
		if !ok {
			t.Fatalf("no format %s", name)
		}
		for _, c := range cases {
			if got := f(c.in); got != c.want {
				t.Errorf("format %s, %q: got %v, want %v", name, c.in, got, c.want)
			}
		}
	}
}

// TestFormatFunc checks that FormatFunc knows exactly the portable formats.
func TestFormatFunc(t *testing.T) {
	if len(formats) != len(formatCases) {
		t.Errorf("%d formats, %d with cases", len(formats), len(formatCases))
	}
	if _, ok := FormatFunc("idn-email"); ok {
		t.Error("FormatFunc knows idn-email")
	}
}

// TestUnicodeTables checks that the generated tables are of package
// unicode's version (the contextual rules use its scripts) and that the
// name lists the regex check searches are sorted.
func TestUnicodeTables(t *testing.T) {
	if unicodeTablesVersion != unicode.Version {
		t.Errorf("unicode_tables.go is Unicode %s, package unicode %s: regenerate it (internal/unicodegen)", unicodeTablesVersion, unicode.Version)
	}
	for name, list := range map[string][]string{"ecmaBinaryProperties": ecmaBinaryProperties[:],
		"ecmaGeneralCategories": ecmaGeneralCategories[:], "ecmaScripts": ecmaScripts[:]} {
		if !sort.StringsAreSorted(list) {
			t.Errorf("%s is not sorted", name)
		}
	}
	for _, r := range []rune{'a', '0', '-', 0xE9, 0x4E08, 0xAC00} {
		if !unicode.Is(idnaPValid, r) {
			t.Errorf("U+%04X is not PVALID", r)
		}
	}
	for _, r := range []rune{'A', '.', '_', 0x212A, 0xFF41, 0x1100, 0x20D0, 0x1D100, 0x00A0, 0x200D, 0x1F4A9} {
		if unicode.Is(idnaPValid, r) {
			t.Errorf("U+%04X is PVALID", r)
		}
	}
}

// validSamples are a valid value of each format, of typical shape.
var validSamples = map[string]string{
	"date": "2024-02-29", "time": "23:59:60Z", "date-time": "2024-05-01T10:00:00.5+02:00",
	"duration": "P1Y2M3DT4H5M6S", "email": `"a b"@xn--bcher-kva.example`, "hostname": "xn--mgbh0fb.xn--kgbechtv",
	"ipv4": "10.0.0.1", "ipv6": "::ffff:1.2.3.4", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"json-pointer": "/a~0/b", "relative-json-pointer": "1/a", "uri": "http://u@[::1]:80/p?q#f",
	"uri-reference": "../a?b", "uri-template": "http://x/{+a,b:3}{?c*}",
	"regex": `^(?<y>\d{4})-(?<m>\d{2})\k<y>[\p{L}a-z]+(?=x)|(?<y>z)$`,
}

// TestFormatsDoNotAllocate pins that a valid value costs no allocation.
func TestFormatsDoNotAllocate(t *testing.T) {
	for name, in := range validSamples {
		f, _ := FormatFunc(name)
		if !f(in) {
			t.Errorf("format %s, %q: invalid", name, in)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { f(in) }); n != 0 {
			t.Errorf("format %s, %q: %v allocations", name, in, n)
		}
	}
}

// BenchmarkFormats measures each check on its valid sample.
func BenchmarkFormats(b *testing.B) {
	names := make([]string, 0, len(validSamples))
	for n := range validSamples {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f, in := formats[n], validSamples[n]
		b.Run(n, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f(in)
			}
		})
	}
}
