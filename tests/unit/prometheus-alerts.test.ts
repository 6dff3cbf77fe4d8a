// Issue 36 item 3 (ADR 064): deploy/prometheus/alerts.yml passes `promtool check rules`, each of its alerts fires on
// its condition and not on a healthy neighbour (`promtool test rules alerts.test.yml`), and the example scrape.yml
// passes `promtool check config`. promtool comes with Debian's prometheus package (npm test installs it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { prerequisite } from "~tests/support/prerequisite";

const DIR = path.resolve("deploy/prometheus");
const hasPromtool = spawnSync("promtool", ["--version"]).status === 0;
const runs = prerequisite("promtool on the alert rules", hasPromtool ? null : "promtool (apt-get install prometheus)");

function promtool(...args: string[]): { status: number | null; output: string } {
  const r = spawnSync("promtool", args, { cwd: DIR, encoding: "utf8" });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe.runIf(runs)("deploy/prometheus", () => {
  test("promtool check rules alerts.yml", () => {
    const r = promtool("check", "rules", "alerts.yml");
    expect(r.status, r.output).toBe(0);
    expect(r.output).toMatch(/SUCCESS: \d+ rules found/);
  });

  test("each alert fires on its condition and not otherwise (promtool test rules)", () => {
    const r = promtool("test", "rules", "alerts.test.yml");
    expect(r.status, r.output).toBe(0);
  });

  test("every alert has a test, a severity, a summary and a description, and a runbook in docs/operations.md", () => {
    const rules = fs
      .readFileSync(path.join(DIR, "alerts.yml"), "utf8")
      .split(/^\s+- alert: /m)
      .slice(1);
    const tests = fs.readFileSync(path.join(DIR, "alerts.test.yml"), "utf8");
    const operations = fs.readFileSync("docs/operations.md", "utf8");
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const rule of rules) {
      const name = rule.split("\n")[0].trim();
      expect(tests, `alerts.test.yml does not test ${name}`).toContain(`alertname: ${name}`);
      expect(rule, name).toMatch(/\bseverity: (critical|warning)\n/);
      expect(rule, name).toMatch(/\bsummary: ".+"/);
      expect(rule, name).toMatch(/\bdescription: ".+"/);
      expect(rule, name).toContain(`runbook_url: "docs/operations.md#${name.toLowerCase()}"`);
      expect(operations, `docs/operations.md has no heading for ${name}`).toMatch(new RegExp(`^#+ ${name}$`, "m"));
    }
  });

  test("promtool check config scrape.yml (the example configuration, with the rules)", () => {
    const r = promtool("check", "config", "scrape.yml");
    expect(r.status, r.output).toBe(0);
  });
});
