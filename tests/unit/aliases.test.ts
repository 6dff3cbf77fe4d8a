// One list of import aliases: tsconfig.json's paths. Every other tool reads it (tsc, esbuild, Remix, tsx, Playwright)
// or derives its own from it through scripts/aliases.mjs (vitest, ESLint's message, the layers test); no file spells
// an alias next to its folder a second time.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { pathAliases } from "~scripts/aliases.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SKIPPED = new Set(["node_modules", "build", ".cache", "data", "test-results", "playwright-report", ".git"]);
/** The one list itself. */
const THE_LIST = "tsconfig.json";
/** Written out again, with the reason; the test below checks it says what tsconfig.json says. */
const COPY = "vitest.config.ts"; // knip reads vitest's aliases only when written out (derived, it reports used exports)

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = dir ? `${dir}/${name}` : name;
    if (SKIPPED.has(name) || rel === "public/build" || rel === "db/migrations") continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) codeFiles(rel, out);
    else if (/\.(ts|tsx|js|mjs|cjs|json)$/.test(name) && rel !== THE_LIST && name !== "package-lock.json")
      out.push(rel);
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("import aliases", () => {
  test("tsconfig.json's paths name folders that exist", () => {
    const aliases = pathAliases();
    expect(aliases.length).toBeGreaterThan(0);
    expect(aliases.filter(([, folder]) => !statSync(path.join(ROOT, folder)).isDirectory())).toEqual([]);
  });

  test("no file but tsconfig.json pairs an alias with its folder", () => {
    // an alias (its slash perhaps escaped, as in a regular expression) and, on the same line, its folder in quotes
    const pairs = pathAliases().map(([prefix, folder]) => {
      const alias = escape(prefix.slice(0, -1)) + "\\\\?/";
      return new RegExp(`${alias}.*["'\`](\\./)?${escape(folder)}["'\`]`);
    });
    const found = codeFiles("")
      .filter((file) => file !== COPY)
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .filter((line) => pairs.some((pair) => pair.test(line)))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  test(`${COPY}'s aliases are tsconfig.json's, in full`, () => {
    const written = [
      ...readFileSync(path.join(ROOT, COPY), "utf8").matchAll(/find: \/\^(~\w*)\\\/\/, replacement: .*"\.\/(\w+)\/"/g),
    ];
    const copy = written.map(([, alias, folder]) => `${alias}/ -> ${folder}/`).sort();
    expect(copy).toEqual(
      pathAliases()
        .map(([prefix, folder]) => `${prefix} -> ${folder}`)
        .sort(),
    );
  });
});
