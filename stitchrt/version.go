package stitchrt

// RegenerateWithStitchgen is the type of the version guard every generated
// file carries:
//
//	const (
//		_ = stitchrt.RegenerateWithStitchgen(1 - stitchrt.MinVersion)
//		_ = stitchrt.RegenerateWithStitchgen(stitchrt.MaxVersion - 1)
//	)
//
// where 1 is the generated-code version the file was written for. A file
// older than this runtime supports makes the first constant negative, a
// file newer than this runtime makes the second one negative, and either
// fails to build with "constant -1 overflows
// stitchrt.RegenerateWithStitchgen": rerun stitchgen (go generate) with the
// stitchgen of the module version the build uses (go tool stitchgen).
type RegenerateWithStitchgen uint

// MinVersion and MaxVersion are the generated-code versions this runtime
// supports. MaxVersion grows when the generator starts emitting calls this
// runtime adds; MinVersion grows only when support for an old form of
// generated code is dropped, which happens only with a new major version of
// the module.
//
// Version 1 is the generated code of the module's first release; version 2
// adds ArrStartOf, PatternFailOn, FormatOn and UniqueRaw (the hints and
// the complete issue lists of decision 0040); version 3 calls MinimumFail,
// MaximumFail and MultipleOfFail where versions 1 and 2 call RangeFail;
// version 4 calls MayRepair and StartRepair for a nested value where
// versions 1 to 3 call BeginRepair.
const (
	MinVersion = 1
	MaxVersion = 4
)
