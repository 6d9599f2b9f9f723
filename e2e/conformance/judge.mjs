// Judges one run of the conformance suite's server scenarios (run.sh):
//
//	node judge.mjs RESULTS_DIR BASELINE_YML SCENARIO...
//
// RESULTS_DIR is the suite's --output-dir (one directory per scenario run,
// server-<scenario>-<timestamp>, holding checks.json); SCENARIO... are the
// names `conformance list --server` prints, every one of which must have
// run exactly once.
//
// A scenario fails as the suite's own baseline check counts it: one of its
// checks is a FAILURE or a WARNING. BASELINE_YML is the suite's
// expected-failures format, read with two lists:
//
//	server:        # scenarios that fail on every run: one that passes fails
//	  - name       # the judgement ("stale", as the suite says)
//	intermittent:  # scenarios whose outcome depends on timing the SDK does
//	  - scenario: name          # not control: each may pass, or fail with
//	    failure: "^regexp$"     # every failing check's errorMessage matching
//	                            # failure; any other failure fails the judgement
//
// The suite itself ignores the intermittent key, so `conformance server
// --expected-failures BASELINE_YML` still reads the file (and then counts
// an intermittent scenario as it happens to come out).
//
// It exits 0 when every scenario ran and came out as the baseline says.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const [resultsDir, baselineFile, ...scenarios] = process.argv.slice(2);
if (!resultsDir || !baselineFile || scenarios.length === 0) {
  console.error("usage: node judge.mjs RESULTS_DIR BASELINE_YML SCENARIO...");
  process.exit(2);
}

const baseline = parse(readFileSync(baselineFile, "utf8")) ?? {};
const expected = new Set(baseline.server ?? []);
const intermittent = new Map(
  (baseline.intermittent ?? []).map((e) => [e.scenario, new RegExp(e.failure)]),
);
const problems = [];
for (const name of [...expected, ...intermittent.keys()]) {
  if (!scenarios.includes(name)) {
    problems.push(`${name}: in the baseline, but not a scenario of the suite`);
  }
}

// The checks of each scenario that ran, by name.
const runs = new Map();
for (const dir of readdirSync(resultsDir)) {
  const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
  if (!m) {
    problems.push(`${dir}: not a scenario's result`);
    continue;
  }
  if (runs.has(m[1])) {
    problems.push(`${m[1]}: ran twice`);
  }
  runs.set(m[1], JSON.parse(readFileSync(join(resultsDir, dir, "checks.json"), "utf8")));
}

let passed = 0;
const notes = [];
for (const name of scenarios) {
  const checks = runs.get(name);
  if (!checks) {
    problems.push(`${name}: did not run`);
    continue;
  }
  const failing = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
  const says = failing.map((c) => `${c.id} ${c.status}: ${c.errorMessage ?? ""}`).join("; ");
  if (failing.length === 0) {
    passed++;
  }
  if (expected.has(name)) {
    if (failing.length === 0) {
      problems.push(`${name}: passes, but the baseline expects it to fail (remove it)`);
    } else {
      notes.push(`${name}: fails as expected (${says})`);
    }
  } else if (intermittent.has(name)) {
    const failure = intermittent.get(name);
    if (failing.length === 0) {
      notes.push(`${name}: intermittent, passed this time`);
    } else if (failing.every((c) => failure.test(c.errorMessage ?? ""))) {
      notes.push(`${name}: intermittent, failed this time as documented (${says})`);
    } else {
      problems.push(`${name}: intermittent, but failed otherwise than documented: ${says}`);
    }
  } else if (failing.length > 0) {
    problems.push(`${name}: fails (${says})`);
  }
}
for (const name of runs.keys()) {
  if (!scenarios.includes(name)) {
    problems.push(`${name}: ran, but is not in the suite's list`);
  }
}

console.log(`${passed} of ${scenarios.length} scenarios pass`);
for (const n of notes) {
  console.log(`  ~ ${n}`);
}
for (const p of problems) {
  console.log(`  ✗ ${p}`);
}
process.exit(problems.length === 0 ? 0 : 1);
