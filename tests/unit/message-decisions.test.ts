// Decide on a failure's code, never on its message (issue 40, ADR 080). A refusal's Spanish text is for people: a
// rewording must never change what the code does (whether a refusal is audited, which dialog stays open). This test
// reads every production file with the TypeScript compiler and fails where a message is compared — a message constant
// (`TURNO_MSG.YA_ASIGNADO`, `MSG_VERSION_VIEJA`, `MSG.ACCION`) or a `.msg` property on either side of ===, !==, ==,
// !=, a `switch` over a `.msg` or a `case` of a message constant, or a message looked up with `.includes(…)` /
// `.indexOf(…)` — and where a `.code` is compared with a code `fail` derives from the status (those name no kind a
// caller may act on: a decision needs a refusal that names its kind explicitly). Tests may compare messages.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { productionFiles, ROOT } from "~tests/support/source-files";

const DIRS = ["app", "db", "server", "reporting", "scripts"];
const TRANSACTION_FILE = path.join(ROOT, "db", "transaction.ts");

/** A message constant's name: `TURNO_MSG`, `MSG_VERSION_VIEJA`, `MSG`. */
const MESSAGE_NAME = /^(?:[A-Z0-9_]+_)?MSG(?:_[A-Z0-9_]+)?$/;

/** The codes `fail` gives a refusal from its status alone (`DEFAULT_CODE` in db/transaction.ts). */
function defaultCodes(): Set<string> {
  const source = ts.createSourceFile(
    TRANSACTION_FILE,
    readFileSync(TRANSACTION_FILE, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const codes = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "DEFAULT_CODE") {
      node.initializer?.forEachChild(function collect(n): void {
        if (ts.isStringLiteral(n) && ts.isPropertyAssignment(n.parent) && n.parent.initializer === n) codes.add(n.text);
        n.forEachChild(collect);
      });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return codes;
}

function unwrap(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

/** The name a property access or element access reads (`x.msg`, `x?.msg`, `x["msg"]`), or null. */
function propertyName(e: ts.Expression): string | null {
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)) return e.argumentExpression.text;
  return null;
}

/** Whether `e` is a message: a `.msg` property, a message constant or one of its members. */
function isMessage(expr: ts.Expression): boolean {
  const e = unwrap(expr);
  if (ts.isIdentifier(e)) return MESSAGE_NAME.test(e.text);
  if (propertyName(e) === "msg") return true;
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const object = unwrap(e.expression);
    return ts.isIdentifier(object) && MESSAGE_NAME.test(object.text);
  }
  return false;
}

/** Whether `e` reads a `.code` property. */
const isCode = (e: ts.Expression) => propertyName(unwrap(e)) === "code";

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The decisions on a message (and on a default code) in one file's source, as 'line: text'. */
function messageDecisions(fileName: string, text: string, defaults: Set<string> = defaultCodes()): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${why}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 100)}`);
  };
  const defaultCode = (e: ts.Expression) => {
    const u = unwrap(e);
    return ts.isStringLiteralLike(u) && defaults.has(u.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if (isMessage(node.left) || isMessage(node.right)) report(node, "a message compared");
      else if ((isCode(node.left) && defaultCode(node.right)) || (isCode(node.right) && defaultCode(node.left)))
        report(node, "a default code compared");
    } else if (ts.isSwitchStatement(node)) {
      if (isMessage(node.expression)) report(node.expression, "a switch over a message");
      const overCode = isCode(node.expression);
      for (const clause of node.caseBlock.clauses) {
        if (!ts.isCaseClause(clause)) continue;
        if (isMessage(clause.expression)) report(clause.expression, "a case of a message");
        else if (overCode && defaultCode(clause.expression)) report(clause.expression, "a case of a default code");
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if ((method === "includes" || method === "indexOf") && node.arguments.some(isMessage))
        report(node, "a message looked up");
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const FILES = DIRS.flatMap((d) => productionFiles(d));

describe("no production code decides on a message's text", () => {
  test("the files are read (the check is not vacuous)", () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(FILES).toContain(path.join("app", "modules", "turnos", "asignar.server.ts"));
    expect(defaultCodes()).toEqual(new Set(["invalid", "forbidden", "not-found", "conflict", "busy"]));
  });

  test.each(FILES)("%s", (file) => {
    expect(messageDecisions(file, readFileSync(path.join(ROOT, file), "utf8"))).toEqual([]);
  });
});

describe("the checker", () => {
  const check = (code: string) => messageDecisions("x.ts", code);

  test("finds a message constant or a .msg compared, switched on or looked up", () => {
    expect(check("if (problema === TURNO_MSG.YA_ASIGNADO) f();")).toHaveLength(1);
    expect(check("if (MAE_MSG['ALUMNO_INACTIVO'] !== r.titulo) f();")).toHaveLength(1);
    expect(check("const x = r.msg == MSG_VERSION_VIEJA;")).toHaveLength(1);
    expect(check("const x = saved?.msg === 'El turno ya fue asignado';")).toHaveLength(1);
    expect(check("const x = ('a' as string) !== (r!.msg as string);")).toHaveLength(1);
    expect(check("switch (r.msg) { case 'x': break; }")).toHaveLength(1);
    expect(check("switch (m) { case CAPA_MSG.DUPLICADO: break; case MSG.ACCION: break; }")).toHaveLength(2);
    expect(check("if (MOTIVOS.includes(saved.msg)) f();")).toHaveLength(1);
    expect(check("if (lista.indexOf(ESCALADA_MSG.PROPIO_PERFIL) >= 0) f();")).toHaveLength(1);
  });

  test("finds a decision on a code fail derives from the status", () => {
    expect(check("if (r.code === 'conflict') f();")).toHaveLength(1);
    expect(check("switch (r.code) { case 'not-found': break; case 'stale': break; }")).toHaveLength(1);
  });

  test("lets the rest be: codes that name their kind, messages shown, typeof checks, other properties", () => {
    expect(check("if (r.code === 'stale' || r.code === 'escalation') f();")).toEqual([]);
    expect(check("switch (r.code) { case 'slot-taken': break; }")).toEqual([]);
    expect(check("const m = r.msg || TURNO_MSG.ERROR; show(r.msg);")).toEqual([]);
    expect(check("if (typeof body?.msg === 'string') f();")).toEqual([]);
    expect(check("const e = errors.find((e) => e.param === param)?.msg;")).toEqual([]);
    expect(check("if (r.status === 409 && MSGS.length === 1) f();")).toEqual([]);
    expect(check("const ok = CODES.includes(r.code);")).toEqual([]);
  });
});
