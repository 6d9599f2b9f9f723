#!/usr/bin/env bash
# Runs staticcheck over every module given as an argument (the Makefile
# passes $(MODULES)), at the version STATICCHECK names (the Makefile pins
# it; `go run pkg@version` builds that version into the module cache, so
# nothing is installed by hand). Fails on any finding, in generated code
# as in hand-written code.
set -u
: "${STATICCHECK:?set STATICCHECK to a module version, like v0.7.0}"
GO=${GO:-go}
status=0
for m in "$@"; do
	echo "staticcheck: $m"
	(cd "$m" && "$GO" run "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK" ./...) || status=1
done
exit $status
