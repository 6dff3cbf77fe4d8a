// One way to answer a refused write on a form (issue 40, ADR 080): `replyWithFailure(submission, failure)` of
// app/lib/form.server.ts turns a module's Failure into conform's reply. This test reads every production file with the
// TypeScript compiler and fails where a reply is built by hand from a refusal — a `.reply({ … })` whose options carry
// `fieldErrors`, or `formErrors` holding a `.msg` — or where a second `conformName` is defined. The few replies that
// answer something that is no module's Failure are listed below, each with its reason.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { productionFiles, ROOT } from "~tests/support/source-files";

const HELPER_FILE = path.join("app", "lib", "form.server.ts");

/** Files (relative to the repository) that build a reply's errors themselves, and why. */
const ALLOWED: Record<string, string> = {
  [path.join("app", "routes", "_app.change-password.tsx")]:
    "the password policy's refusal (ChangeResult: one param), not a module's Failure",
};

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}

const isMsg = (e: ts.Expression) => {
  const u = unwrap(e);
  return ts.isPropertyAccessExpression(u) && u.name.text === "msg";
};

/** The hand-built replies and conformName definitions of one file's source, as 'line: text'. */
function handBuiltReplies(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${why}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 100)}`);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "reply" &&
      node.arguments.length > 0
    ) {
      const arg = unwrap(node.arguments[0]);
      const options = ts.isConditionalExpression(arg) ? [arg.whenTrue, arg.whenFalse].map(unwrap) : [arg];
      for (const o of options.filter(ts.isObjectLiteralExpression)) {
        for (const p of o.properties) {
          const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
          if (name === "fieldErrors") report(node, "field errors built by hand");
          if (name === "formErrors" && ts.isPropertyAssignment(p)) {
            const v = unwrap(p.initializer);
            const elements = ts.isArrayLiteralExpression(v) ? v.elements : [];
            if (elements.some(isMsg)) report(node, "a refusal's message as the form's error by hand");
          }
        }
      }
    }
    const declared =
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      node.name.text === "conformName";
    if (declared) report(node, "a second conformName");
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const FILES = productionFiles("app").filter((f) => f !== HELPER_FILE);

describe("a refused write's reply is replyWithFailure's", () => {
  test("the files are read (the check is not vacuous)", () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(handBuiltReplies(HELPER_FILE, readFileSync(path.join(ROOT, HELPER_FILE), "utf8"))).not.toEqual([]);
  });

  test("every allowed file still builds its reply (the list holds only what is needed)", () => {
    for (const file of Object.keys(ALLOWED)) {
      expect(handBuiltReplies(file, readFileSync(path.join(ROOT, file), "utf8")), file).not.toEqual([]);
    }
  });

  test.each(FILES.filter((f) => !(f in ALLOWED)))("%s", (file) => {
    expect(handBuiltReplies(file, readFileSync(path.join(ROOT, file), "utf8"))).toEqual([]);
  });
});

describe("the checker", () => {
  const check = (code: string) => handBuiltReplies("x.ts", code);

  test("finds field errors, a refusal's message as the form's error and a conformName", () => {
    expect(check("const r = submission.reply({ fieldErrors, formErrors: [] });")).toHaveLength(1);
    expect(check("const r = s.reply({ 'fieldErrors': { a: [m] } });")).toHaveLength(1);
    expect(check("const r = s.reply({ formErrors: [saved.msg] });")).toHaveLength(1);
    expect(check("s.reply(f ? { fieldErrors: { [f]: [r.msg] } } : { formErrors: [r.msg] });")).toHaveLength(2);
    expect(check("const conformName = (p: string) => p;")).toHaveLength(1);
    expect(check("function conformName(p: string) { return p; }")).toHaveLength(1);
  });

  test("lets the rest be: a plain reply, hidden fields, a reset, a message of the screen's own", () => {
    expect(check("s.reply(); s.reply({ hideFields: HIDDEN }); s.reply({ resetForm: true });")).toEqual([]);
    expect(check("s.reply({ formErrors: [MSG.ACCION] }); s.reply({ formErrors: [e.message] });")).toEqual([]);
  });
});
