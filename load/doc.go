// Package load owns go/packages: it loads the contract packages once per run
// (listed by go/packages, type-checked from source against export data of
// their other imports, see typecheck.go and decision 0006) and turns their
// declarations into a model (package model), reporting every problem as a
// positioned diagnostic. It never runs user code and never writes files.
//
// Conventions the later stages rely on:
//   - positions and model.Package.Dir are relative to Config.Dir,
//     slash-separated; types of other packages carry no position;
//   - every diagnostic has a position, also the build system's errors that
//     come without one (pkgerrors.go), and the paths in its message that
//     lie in Config.Dir are relative too;
//   - tools, types, fields and variants are in source order (files by name,
//     then position), independent of the order the build system lists files;
//   - every named type converts once and is shared, so recursion is a
//     cyclic graph; Type.Recursive marks the named types on a cycle;
//   - properties follow encoding/json (tags, embedding and promotion);
//   - a file headed by stitchgen's own header is about to be regenerated:
//     the model never reads it and the contract is type-checked without it,
//     as on a first generation; a type error that it resolves (code using a
//     generated name) or that only it causes (a stale declaration) is
//     dropped, and so are type errors about identifiers stitchgen generates
//     (so code using them never blocks the run that creates them); see
//     previous.go and decision 0006.
//
// It is the only package of stitchgen that imports go/packages and go/types.
// It may import model; it must not import flatten, the other gen stages or cmd.
package load
