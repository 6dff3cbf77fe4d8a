// Prints the combined closing line of the suite: "N passed, N failed, N skipped" (exit 1 when a report is missing).
// `--only <label> <vitest.json>`: one vitest report alone (the extra pass on another Node version), its own line.
import fs from "node:fs";

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
  console.log(`playwright: ${s.expected ?? 0} passed, ${s.unexpected ?? 0} failed, ${s.flaky ?? 0} flaky`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
