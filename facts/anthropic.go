package facts

// Anthropic's documented limits for one request, over all its strict tools
// (structured outputs guide, limits table). The generator's profile
// package warns with them (profile.CheckRequest) and the Anthropic adapter
// refuses a request that breaks them (stitchanthropic.CheckRequest).
const (
	// AnthropicMaxStrictTools is the most tools sent with "strict": true.
	AnthropicMaxStrictTools = 20
	// AnthropicMaxOptional is the most properties not listed in their
	// object's required, over the strict tools' schemas.
	AnthropicMaxOptional = 24
	// AnthropicMaxUnions is the most schemas with anyOf or a type array of
	// more than one type, over the strict tools' schemas.
	AnthropicMaxUnions = 16
)
