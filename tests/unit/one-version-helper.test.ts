// One version helper (issue 40 item 3, docs/decisions/081-one-version-helper.md): a record two clerks may edit at once
// is written through `updateVersioned` (db/version.ts), which adds 1 to its version in the conditional UPDATE and
// answers the one stale refusal. Outside that file no production code adds 1 to a version, compares a version with
// another value, or conditions a query on a version. Each file is parsed with the TypeScript compiler (comments and
// the words of messages are not code), not matched line by line.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { productionFiles, ROOT } from "~tests/support/source-files";

/** The helper: the only file that may write or compare a version. */
const HELPER = "db/version.ts";
const DIRS = ["app", "db", "reporting", "server", "scripts"];

/** `x.version` (or `x["version"]`). */
const isVersionAccess = (e: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(e) && e.name.text === "version") ||
  (ts.isElementAccessExpression(e) &&
    ts.isStringLiteral(e.argumentExpression) &&
    e.argumentExpression.text === "version");

/** null, undefined, or `void 0`: a check that a version was sent, not a comparison of versions. */
const isNothing = (e: ts.Expression): boolean =>
  e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined") || ts.isVoidExpression(e);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
/** SQL text that adds to a version or compares one: `version + 1`, `${t.version} + 1`, `version = $1`, `version <> …`. */
const SQL_VERSION = /\bversion\b\}?"?\s*(\+\s*\d|=(?!=)|<>|!=)/i;
/** drizzle's comparisons. */
const COMPARE_CALLS = new Set(["eq", "ne", "gt", "gte", "lt", "lte", "inArray"]);

/** Every hand-written version write or comparison in one file's source: `line: what`, [] when there is none. */
function handWrittenVersions(fileName: string, text: string): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${fileName}:${line}: ${what}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 90)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const { left, right, operatorToken: op } = node;
      const versioned = isVersionAccess(left) ? right : isVersionAccess(right) ? left : null;
      if (versioned && EQUALITY.has(op.kind) && !isNothing(versioned)) report(node, "a version compared by hand");
      if (versioned && op.kind === ts.SyntaxKind.PlusToken) report(node, "a version added to by hand");
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (COMPARE_CALLS.has(node.expression.text) && node.arguments.some(isVersionAccess)) {
        report(node, "a query conditioned on a version by hand");
      }
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "version") {
      // `.set({ …, version: … })`: the bump belongs to the helper.
      const call = node.parent.parent;
      if (
        ts.isCallExpression(call) &&
        ts.isPropertyAccessExpression(call.expression) &&
        call.expression.name.text === "set"
      ) {
        report(node, "a version set by hand");
      }
    } else if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      if (SQL_VERSION.test(node.getText(source))) report(node, "SQL that writes or compares a version by hand");
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("one version helper (ADR 081)", () => {
  test("no production file outside db/version.ts writes or compares a version by hand", () => {
    const found = DIRS.flatMap((d) => productionFiles(d))
      .filter((f) => f !== HELPER)
      .flatMap((f) => handWrittenVersions(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(found, "write it with updateVersioned (db/version.ts)").toEqual([]);
  });

  test("the helper is where the rule lives: it does what the others may not", () => {
    expect(handWrittenVersions(HELPER, readFileSync(path.join(ROOT, HELPER), "utf8")).length).toBeGreaterThan(0);
  });

  // The two styles the helper replaced (issue 40 item 3), as they were written, and what stays allowed.
  test.each([
    ["the conditional UPDATE's bump", "tx.update(t).set({ a: 1, version: sql`${t.version} + 1` })", 2],
    ["the conditional UPDATE's condition", "tx.update(t).set(s).where(and(eq(t.id, id), eq(t.version, version)))", 1],
    ["SELECT … FOR UPDATE, then compare", "if (version != null && actual.version !== version) throw new Abort(x);", 1],
    ["a bump in JavaScript", "const next = row.version + 1;", 1],
    ["plain SQL", 'await client.query("UPDATE turnos SET version = version + 1 WHERE id = $1", [id]);', 1],
    ["a version sent or not (allowed)", "const extra = version == null ? { sin_control_de_version: true } : {};", 0],
    ["a version echoed (allowed)", "return { version: row.version, id: row.id };", 0],
    ["a version read (allowed)", "tx.select({ version: t.version }).from(t).where(eq(t.id, id));", 0],
    ["a comment or a message (allowed)", "// version + 1\nconst m = 'la versión del registro';", 0],
  ])("%s", (_what, code, n) => {
    expect(handWrittenVersions("x.ts", code)).toHaveLength(n);
  });
});
