// Prints the combined closing line of the suite: "N passed, N failed, N skipped" (exit 1 when a report is missing),
// preceded by the name of every failed (and flaky) test, so the tail of a CI log alone says what to fix.
// `--only <label> <vitest.json>`: one vitest report alone (the extra pass on another Node version), its own line.
import fs from "node:fs";
import { stripVTControlCharacters } from "node:util";

const only = process.argv[2] === "--only" ? process.argv[3] : null;
const [vitestFile, playwrightFile] = process.argv.slice(only === null ? 2 : 4);
let passed = 0,
  failed = 0,
  skipped = 0,
  ok = true;

function read(file, name) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    console.log(`${name}: sin informe (${file})`);
    ok = false;
    return null;
  }
}

const v = read(vitestFile, "vitest");
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  console.log(
    `vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed (${v.numTotalTestSuites} suites${v.numFailedTestSuites ? `, ${v.numFailedTestSuites} failed` : ""})`,
  );
  if (v.numFailedTestSuites) ok = false; // a file that failed to load has no failed test but is a failure
  for (const file of v.testResults ?? []) {
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      console.log(`  ✘ vitest ${file.name}: ${String(file.message ?? "").split("\n")[0]}`);
    }
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") console.log(`  ✘ vitest ${file.name} › ${t.fullName ?? t.title}`);
    }
  }
}
if (only !== null) {
  console.log(`${only}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(ok && failed === 0 ? 0 : 1);
}
const p = read(playwrightFile, "playwright");
if (p) {
  const s = p.stats ?? {};
  passed += s.expected ?? 0;
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  for (const line of playwrightProblems(p.suites ?? [], [])) console.log(line);
  console.log(`playwright: ${s.expected ?? 0} passed, ${s.unexpected ?? 0} failed, ${s.flaky ?? 0} flaky`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);

/** "✘ file:line › title [project]: first line of the error" for every unexpected or flaky Playwright test. */
function playwrightProblems(suites, titles) {
  const lines = [];
  for (const suite of suites) {
    const path = suite.title && !suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean) ?? "";
        const mark = test.status === "flaky" ? "~ flaky" : "✘";
        const name = [...path, spec.title].join(" › ");
        const firstLine = stripVTControlCharacters(error).split("\n")[0];
        lines.push(`  ${mark} ${spec.file}:${spec.line} › ${name} [${test.projectName}]: ${firstLine}`);
      }
    }
    lines.push(...playwrightProblems(suite.suites ?? [], path));
  }
  return lines;
}
