package flatten

import "strings"

// describe writes the description of a flat property (docs/flattening.md).
//
// The base text is the declarations' shared description, if they all agree
// (all without one: no base text). When they differ, each distinct text is
// kept once, labelled with the variants that give it, in order of first
// appearance: "kind=a: text; kind=b | c: other". A variant without a
// description adds no part (it has nothing to say); a multi-value variant
// is labelled with all its values, "method=pickup | store: text".
//
// A key not required in every variant then gets the hint
// "Available if kind = a | b." and, when at least one declaring variant
// requires it, " Required if kind = a.", appended after one space.
func describe(disc string, decls []decl, requiredEverywhere bool) string {
	text := baseText(disc, decls)
	if requiredEverywhere {
		return text
	}
	var declaring, requiring []*variant
	for _, d := range decls {
		declaring = append(declaring, d.v)
		if d.required {
			requiring = append(requiring, d.v)
		}
	}
	hint := "Available if " + disc + " = " + joinLabels(declaring) + "."
	if len(requiring) > 0 {
		hint += " Required if " + disc + " = " + joinLabels(requiring) + "."
	}
	if text == "" {
		return hint
	}
	return text + " " + hint
}

func baseText(disc string, decls []decl) string {
	same := true
	for _, d := range decls[1:] {
		same = same && d.desc == decls[0].desc
	}
	if same {
		return decls[0].desc
	}
	var texts []string
	var groups [][]*variant
	for _, d := range decls {
		if d.desc == "" {
			continue
		}
		i := indexOf(texts, d.desc)
		if i < 0 {
			texts = append(texts, d.desc)
			groups = append(groups, nil)
			i = len(texts) - 1
		}
		groups[i] = append(groups[i], d.v)
	}
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = disc + "=" + joinLabels(groups[i]) + ": " + t
	}
	return strings.Join(parts, "; ")
}
