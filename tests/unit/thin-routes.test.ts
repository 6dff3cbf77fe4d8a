// Thin routes (issue 40 item 4, ADR 082): ESLint refuses a route's loader or action over 20 lines
// (`house/thin-handlers` in eslint.config.js) and a typed value echoed by hand instead of `typedValues`
// (`house/typed-echo`). These run the repository's own ESLint configuration on sample sources, so the rules are
// proven wired where they apply (app/routes, app/) and blind where they should be (a helper under 20 lines, a test).
import { ESLint } from "eslint";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..", "..");
// The samples are no files of the TypeScript program, so the type-aware part of the configuration (projectService and
// its two promise rules, ADR 084) is left out for them; every other rule is the repository's own.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
  },
});

const HEAD = `import type { LoaderFunctionArgs } from "@remix-run/node";\nimport { requireUser } from "~/auth/guards.server";\n`;

/** The rule ids ESLint reports for `source` as if it were the file `file`. */
async function rulesOf(source: string, file = "app/routes/_app.sample.tsx"): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: resolve(ROOT, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

/** A loader of `n` lines: its signature, the guard, `n - 4` statements, the answer and the closing brace. */
const body = (n: number) =>
  [
    `  await requireUser(request);`,
    ...Array.from({ length: n - 4 }, (_, i) => `  const v${i} = ${i};\n  // a comment line is not counted\n`),
    `  return [${Array.from({ length: n - 4 }, (_, i) => `v${i}`).join(", ")}];`,
  ].join("\n");

describe("a route's loader or action has at most 20 lines", () => {
  test("20 lines pass, 21 fail (blank and comment-only lines not counted)", async () => {
    const loader = (n: number) =>
      `${HEAD}export async function loader({ request }: LoaderFunctionArgs) {\n${body(n)}\n}\n`;
    expect(await rulesOf(loader(20))).not.toContain("house/thin-handlers");
    expect(await rulesOf(loader(21))).toContain("house/thin-handlers");
  });

  test.each([
    ["an arrow", (b: string) => `export const loader = async ({ request }: LoaderFunctionArgs) => {\n${b}\n};\n`],
    ["an action", (b: string) => `export async function action({ request }: LoaderFunctionArgs) {\n${b}\n}\n`],
    [
      "a local function exported as loader",
      (b: string) => `async function load({ request }: LoaderFunctionArgs) {\n${b}\n}\nexport { load as loader };\n`,
    ],
    [
      "a const naming a local function",
      (b: string) => `export const loader = load;\nasync function load({ request }: LoaderFunctionArgs) {\n${b}\n}\n`,
    ],
  ])("catches %s", async (_name, wrap) => {
    expect(await rulesOf(HEAD + wrap(body(21)))).toContain("house/thin-handlers");
    expect(await rulesOf(HEAD + wrap(body(19)))).not.toContain("house/thin-handlers");
  });

  test("only the route's handlers: a long helper of a route, or a module's function, is the 80-line rule's", async () => {
    const helper = `${HEAD}export async function screenData({ request }: LoaderFunctionArgs) {\n${body(30)}\n}\n`;
    expect(await rulesOf(helper)).not.toContain("house/thin-handlers");
    const moduleLoader = `${HEAD}export async function loader({ request }: LoaderFunctionArgs) {\n${body(30)}\n}\n`;
    expect(await rulesOf(moduleLoader, "app/modules/sample/screen.server.ts")).not.toContain("house/thin-handlers");
  });
});

describe("typed values are echoed through typedValues, never by hand", () => {
  test.each([
    `const v = String(raw.afi_dni ?? "").slice(0, 9);`,
    `const v = String(raw[k] ?? "").slice(0, MAX);`,
    `const v = (raw.fecha ?? today).slice(0, 10);`,
    `const v = (raw.dni ?? "").trim().slice(0, 20);`,
    `const v = (params.get("at") ?? "").slice(0, 20);`,
  ])("%s is refused in a route and in a module", async (line) => {
    const src = `declare const raw: Record<string, string>, params: URLSearchParams, k: string, MAX: number, today: string;\n${line}\nexport { v };\n`;
    expect(await rulesOf(src)).toContain("house/typed-echo");
    expect(await rulesOf(src, "app/modules/sample/screen.server.ts")).toContain("house/typed-echo");
  });

  test("typedValues, and a cut that is no echo, pass", async () => {
    const src = `import { typedValues } from "~/lib/input";\ndeclare const raw: Record<string, string>, s: string;\nexport const a = typedValues(raw, { afi_dni: 9 });\nexport const b = s.slice(0, 3);\nexport const c = (s || "x").slice(0, 3);\n`;
    expect(await rulesOf(src)).toEqual([]);
  });
});
