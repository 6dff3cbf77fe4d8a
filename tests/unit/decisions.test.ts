// The ADR index (docs/decisions/README.md) lists every decision with its number, title and status, and names no file
// that is not there; its number and title are the file's own heading's. 000-template.md is the one template.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const DIR = path.resolve(import.meta.dirname, "..", "..", "docs", "decisions");
const TEMPLATE = "000-template.md";

/** The ADR files: NNN-title.md, the template aside. */
const FILES = readdirSync(DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && name !== TEMPLATE)
  .sort();

/** The index's rows: `| NNN | [Title](NNN-file.md) | status |` (a `\|` inside the title is a literal bar). */
const ROWS = readFileSync(path.join(DIR, "README.md"), "utf8")
  .split("\n")
  .flatMap((line) => {
    const m = /^\|\s*(\d{3})\s*\|\s*\[(.+)\]\(([^)]+)\)\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    return m ? [{ number: m[1], title: m[2].replace(/\\\|/g, "|"), file: m[3], status: m[4] }] : [];
  });

/** A file's heading without its number: '# 048. One test command' and '# 039 — Voluntary…' alike. */
function headingOf(file: string): { number: string; title: string } {
  const first = readFileSync(path.join(DIR, file), "utf8").split("\n")[0];
  const m = /^#\s*(\d{3})\.?\s*(?:—\s*)?(.+?)\s*$/.exec(first);
  return m ? { number: m[1], title: m[2] } : { number: "", title: first };
}

describe("the ADR index", () => {
  test("lists every ADR file, once", () => {
    const listed = ROWS.map((r) => r.file);
    expect(FILES.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f, i) => listed.indexOf(f) !== i)).toEqual([]);
  });

  test("names no file that does not exist", () => {
    expect(ROWS.map((r) => r.file).filter((f) => !FILES.includes(f))).toEqual([]);
  });

  test("gives each ADR its own number, the title of its heading and a status", () => {
    const wrong = ROWS.filter((r) => FILES.includes(r.file)).flatMap((r) => {
      const heading = headingOf(r.file);
      const ok =
        r.number === r.file.slice(0, 3) && heading.number === r.number && heading.title === r.title && r.status !== "";
      return ok
        ? []
        : [`${r.file}: index '${r.number} ${r.title}' (${r.status || "no status"}), file '${heading.title}'`];
    });
    expect(wrong).toEqual([]);
  });

  test("the template has the three parts every ADR has", () => {
    const template = readFileSync(path.join(DIR, TEMPLATE), "utf8");
    for (const part of ["Status:", "## Context", "## Decision", "## Consequences"]) expect(template).toContain(part);
  });
});
