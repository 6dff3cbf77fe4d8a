// The guard rule (issue 11): the first statement of every exported loader and action under app/routes is a call to a
// guard of app/auth/guards.server.ts (`const user = await requireX(request, …)`, `await requireX(…)` or
// `return requireX(…)`); method checks, parsing and everything else come after it. The few public routes are listed
// below, each with its reason. Each file is parsed with the TypeScript compiler, not matched with regexes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const ROUTES_DIR = path.join(ROOT, "app", "routes");
const GUARDS_FILE = path.join(ROOT, "app", "auth", "guards.server.ts");
const GUARDS_MODULE = "~/auth/guards.server";

type Handler = "loader" | "action";
const HANDLERS: readonly Handler[] = ["loader", "action"];

/**
 * Routes (file under app/routes → handler) that may run without a guard, and why. An entry for a handler that does
 * not exist, or that now begins with a guard, fails the test: the list only holds what is really public.
 */
const PUBLIC: Record<string, Partial<Record<Handler, string>>> = {
  "_index.tsx": {
    loader: "the login page: anyone may see it (a signed-in user is sent to /home)",
    action: "the sign-in: the credentials are the check",
  },
  "_app.tsx": {
    loader: "the layout reads the optional user to draw the menu; each child route runs its own guard",
  },
  "_app.consulta-coberturas.tsx": { action: "the public coverage lookup (spec §2), rate limited per address" },
  "consulta-coberturas-esp.tsx": { action: "the public coverage lookup (spec §2), rate limited per address" },
  "carnet-cobertura.tsx": { loader: "the public coverage card's form: ?dni= goes to the PDF" },
  "carnet-cobertura[.pdf].ts": {
    loader: "the public coverage card PDF (spec §2), rate limited per address",
    action: "the public coverage card PDF posted from its form, rate limited per address",
  },
  "api.afiliado.buscarafiliadoycoberturas.$dni.ts": {
    loader: "the public coverage lookup's JSON API (spec §6/§7), rate limited per address",
    action: "answers 405 to every method of the public lookup",
  },
  "api.auth.ts": { action: "POST is the API sign-in (the credentials are the check); DELETE guards in its branch" },
  "logout.tsx": {
    loader: "a GET only redirects to '/': signing out is a POST",
    action: "signing out must clear the cookie even when the session has already ended",
  },
  "healthz.ts": { loader: "the monitoring probe: database and snapshot status, no data" },
};

/** The guards: every exported `require…` function of app/auth/guards.server.ts. */
function guardNames(): Set<string> {
  const source = ts.createSourceFile(GUARDS_FILE, readFileSync(GUARDS_FILE, "utf8"), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  for (const st of source.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && /^require/.test(st.name.text) && isExported(st)) {
      names.add(st.name.text);
    }
  }
  return names;
}

const GUARDS = guardNames();

type HandlerCheck = { handler: Handler | "*"; guard: string | null; problem: string | null };

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;

/**
 * Checks the exported loader and action of one route file's source: for each, the guard its body begins with, or
 * the problem. A file without loader or action answers [].
 */
function checkRouteSource(fileName: string, text: string, guards: Set<string> = GUARDS): HandlerCheck[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);

  // Local names bound to a guard: `import { requireUser as ru } from "~/auth/guards.server"` or a namespace import.
  const guardLocals = new Map<string, string>();
  let guardNamespace: string | null = null;
  // Local functions and consts, to resolve `export { loader }` and `export const loader = localFn`.
  const locals = new Map<string, FunctionLike | "imported" | "other">();
  // Each exported handler: its function, a local name to resolve once every local is known, or the problem.
  const exported = new Map<Handler, FunctionLike | { local: string } | { problem: string }>();
  const wholeFile: string[] = [];

  const bindLocal = (name: string, init: ts.Expression | undefined) => {
    const e = init && unwrap(init);
    locals.set(name, e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) ? e : "other");
  };

  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && st.importClause) {
      const fromGuards = ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text === GUARDS_MODULE;
      const { name, namedBindings } = st.importClause;
      if (name) locals.set(name.text, "imported");
      if (namedBindings && ts.isNamespaceImport(namedBindings)) {
        locals.set(namedBindings.name.text, "imported");
        if (fromGuards) guardNamespace = namedBindings.name.text;
      } else if (namedBindings) {
        for (const el of namedBindings.elements) {
          locals.set(el.name.text, "imported");
          const imported = (el.propertyName ?? el.name).text;
          if (fromGuards && guards.has(imported)) guardLocals.set(el.name.text, imported);
        }
      }
    } else if (ts.isFunctionDeclaration(st) && st.name) {
      locals.set(st.name.text, st.body ? st : "other");
      if (isExported(st) && isHandler(st.name.text))
        exported.set(st.name.text, st.body ? st : { problem: "has no body" });
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        bindLocal(d.name.text, d.initializer);
        if (isExported(st) && isHandler(d.name.text)) exported.set(d.name.text, handlerValue(d.initializer));
      }
    } else if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null;
      if (!st.exportClause) {
        if (from && !st.isTypeOnly)
          wholeFile.push(`re-exports everything from ${from}: a loader or action may hide there`);
        continue;
      }
      if (!ts.isNamedExports(st.exportClause)) continue;
      for (const el of st.exportClause.elements) {
        if (!isHandler(el.name.text) || el.isTypeOnly) continue;
        const local = (el.propertyName ?? el.name).text;
        exported.set(
          el.name.text,
          from ? { problem: `is re-exported from ${from}: write it in the route, guard first` } : { local },
        );
      }
    }
  }

  const out: HandlerCheck[] = wholeFile.map((problem) => ({ handler: "*", guard: null, problem }));
  for (const handler of HANDLERS) {
    let fn = exported.get(handler);
    if (fn === undefined) continue;
    if ("local" in fn) {
      const local = locals.get(fn.local);
      fn =
        typeof local === "object"
          ? local
          : {
              problem: `is ${local === "imported" ? "imported" : "not a function written in this file"} (${fn.local})`,
            };
    }
    if ("problem" in fn) {
      out.push({ handler, guard: null, problem: `${handler} ${fn.problem}` });
      continue;
    }
    const guard = firstGuard(fn, guardLocals, guardNamespace);
    out.push(
      guard
        ? { handler, guard, problem: null }
        : { handler, guard: null, problem: `${handler} does not begin with a guard of ${GUARDS_MODULE}${start(fn)}` },
    );
  }
  return out;
}

/** Where the function begins instead (' at line 12: if (request.method …'), to point the reader at it. */
function start(fn: FunctionLike): string {
  const first = fn.body && ts.isBlock(fn.body) ? fn.body.statements[0] : fn.body;
  if (!first) return ": its body is empty";
  const sf = fn.getSourceFile();
  const line = sf.getLineAndCharacterOfPosition(first.getStart(sf)).line + 1;
  const text = first.getText(sf).replace(/\s+/g, " ");
  return ` (line ${line}: ${text.length > 60 ? text.slice(0, 60) + "…" : text})`;
}

function isHandler(name: string): name is Handler {
  return (HANDLERS as readonly string[]).includes(name);
}

/** `export const loader = <init>`: a function written here, a local name (resolved later), or the problem. */
function handlerValue(init: ts.Expression | undefined): FunctionLike | { local: string } | { problem: string } {
  const e = init && unwrap(init);
  if (e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e))) return e;
  if (e && ts.isIdentifier(e)) return { local: e.text };
  return { problem: "is not a function written in this file" };
}

/** The guard the function's body begins with, or null. */
function firstGuard(fn: FunctionLike, guardLocals: Map<string, string>, guardNamespace: string | null): string | null {
  const body = fn.body;
  if (!body) return null;
  if (!ts.isBlock(body)) return guardCall(body, guardLocals, guardNamespace, true); // `(args) => requireX(…)`
  const first = body.statements[0];
  if (!first) return null;
  if (ts.isExpressionStatement(first)) {
    const e = unwrap(first.expression);
    // `requireX(…);` without await would not stop anything: the guard must be awaited.
    return ts.isAwaitExpression(e) ? guardCall(e.expression, guardLocals, guardNamespace, false) : null;
  }
  if (ts.isReturnStatement(first)) {
    return first.expression ? guardCall(first.expression, guardLocals, guardNamespace, true) : null;
  }
  if (ts.isVariableStatement(first)) {
    const [decl, ...more] = first.declarationList.declarations;
    if (more.length || !decl?.initializer) return null;
    const init = unwrap(decl.initializer);
    return ts.isAwaitExpression(init) ? guardCall(init.expression, guardLocals, guardNamespace, false) : null;
  }
  return null;
}

/** The guard's name when `e` is a call to a guard (`await` around it allowed when `awaitOptional`). */
function guardCall(
  expr: ts.Expression,
  guardLocals: Map<string, string>,
  guardNamespace: string | null,
  awaitOptional: boolean,
): string | null {
  let e = unwrap(expr);
  if (awaitOptional && ts.isAwaitExpression(e)) e = unwrap(e.expression);
  if (!ts.isCallExpression(e)) return null;
  const callee = unwrap(e.expression);
  if (ts.isIdentifier(callee)) return guardLocals.get(callee.text) ?? null;
  if (
    guardNamespace &&
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === guardNamespace &&
    GUARDS.has(callee.name.text)
  ) {
    return callee.name.text;
  }
  return null;
}

/** Every source file under app/routes (nested folders too), relative to it. */
function routeFiles(dir = ROUTES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(ROUTES_DIR, full)] : [];
  });
}

const ROUTES = routeFiles();
const checked = new Map(
  ROUTES.map((file) => [file, checkRouteSource(file, readFileSync(path.join(ROUTES_DIR, file), "utf8"))]),
);

describe("the guards", () => {
  test("are the require… functions of app/auth/guards.server.ts", () => {
    expect([...GUARDS].sort()).toEqual([
      "requireApiOperation",
      "requireApiScreen",
      "requireApiUser",
      "requireDownload",
      "requireEventStream",
      "requireOperation",
      "requireScreen",
      "requireUser",
    ]);
  });
});

describe("every loader and action under app/routes begins with its guard", () => {
  test("the routes are read (the check is not vacuous)", () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    const guarded = [...checked.values()].flat().filter((c) => c.guard);
    expect(guarded.length).toBeGreaterThan(40);
    expect(checked.get("_app.home.tsx")).toEqual([{ handler: "loader", guard: "requireUser", problem: null }]);
  });

  test.each(ROUTES)("%s", (file) => {
    const publicHandlers = PUBLIC[file] ?? {};
    const problems = checked
      .get(file)!
      .filter((c) => c.problem && (c.handler === "*" || !publicHandlers[c.handler]))
      .map((c) => c.problem);
    expect(problems, `${file}: put the guard call first (or list it in PUBLIC with its reason)`).toEqual([]);
  });
});

describe("the list of public routes", () => {
  test.each(Object.entries(PUBLIC))("%s exists, has those handlers and each of them has no guard", (file, handlers) => {
    expect(ROUTES, `${file} is listed as public but is not a route file`).toContain(file);
    for (const [handler, reason] of Object.entries(handlers)) {
      expect(reason.length, `${file} ${handler}: give the reason`).toBeGreaterThan(10);
      const found = checked.get(file)?.find((c) => c.handler === handler);
      expect(found, `${file} has no ${handler}: remove it from PUBLIC`).toBeDefined();
      expect(found?.guard, `${file} ${handler} begins with a guard now: remove it from PUBLIC`).toBeNull();
    }
  });
});

describe("the checker", () => {
  const IMPORTS = `import { json, redirect } from "@remix-run/node";\nimport { requireUser, requireApiOperation as needsOp } from "~/auth/guards.server";\nimport { methodNotAllowed } from "~/lib/http.server";\n`;
  const check = (body: string, file = "sample.ts") => checkRouteSource(file, IMPORTS + body);
  const ok = (handler: Handler, guard: string) => ({ handler, guard, problem: null });

  test("accepts the guard first: const, await, return, arrows, aliases, namespaces, local exports", () => {
    expect(
      check(
        `export async function loader({ request }) { const user = await requireUser(request); return json(user); }`,
      ),
    ).toEqual([ok("loader", "requireUser")]);
    expect(check(`export async function action({ request }) { await needsOp(request, OP.X); return null; }`)).toEqual([
      ok("action", "requireApiOperation"),
    ]);
    expect(
      check(`export const loader = async ({ request }) => { const { id } = await requireUser(request); return id; };`),
    ).toEqual([ok("loader", "requireUser")]);
    expect(check(`export const loader = (({ request }) => requireUser(request)) satisfies LoaderFunction;`)).toEqual([
      ok("loader", "requireUser"),
    ]);
    expect(
      check(
        `async function load({ request }) { await requireUser(request); return null; }\nexport { load as loader };`,
      ),
    ).toEqual([ok("loader", "requireUser")]);
    expect(
      check(`export const action = act;\nasync function act({ request }) { await requireUser(request); return null; }`),
    ).toEqual([ok("action", "requireUser")]);
    expect(
      checkRouteSource(
        "ns.tsx",
        `import * as g from "~/auth/guards.server";\nexport async function loader({ request }) { await g.requireDownload(request, "/x"); return null; }`,
      ),
    ).toEqual([ok("loader", "requireDownload")]);
  });

  test("a route without loader or action is fine", () => {
    expect(
      check(`export default function Screen() { return null; }\nexport const handle = { title: "x" };`, "s.tsx"),
    ).toEqual([]);
  });

  test.each([
    [
      "a method check before the guard",
      `export async function action({ request }) { if (request.method !== "POST") return methodNotAllowed(); await requireUser(request); }`,
    ],
    ["no guard at all", `export function loader() { return methodNotAllowed(); }`],
    ["a guard that is not awaited", `export async function loader({ request }) { requireUser(request); return null; }`],
    [
      "parsing before the guard",
      `export async function loader({ request }) { const q = new URL(request.url); const u = await requireUser(request); }`,
    ],
    [
      "the guard inside a try",
      `export async function loader({ request }) { try { await requireUser(request); } catch { return null; } }`,
    ],
    [
      "the guard among others",
      `export async function loader({ request }) { const [u] = await Promise.all([requireUser(request)]); }`,
    ],
    [
      "a look-alike not imported from the guards",
      `async function requireAdmin(r) {}\nexport async function loader({ request }) { await requireAdmin(request); }`,
    ],
    ["a re-export", `export { loader } from "./other-route";`],
    ["an export of a name declared nowhere", `export { missing as loader };`],
    ["an imported handler", `import { sharedLoader } from "~/modules/x";\nexport const loader = sharedLoader;`],
    ["a handler built by a call", `export const action = makeAction("/x");`],
    ["an export * that may carry a handler", `export * from "./other-route";`],
    ["a guard chained on", `export function action({ request }) { return requireUser(request).then(() => null); }`],
    ["an empty body", `export async function loader() {}`],
  ])("fails on %s", (_name, body) => {
    const found = check(body);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.problem && c.guard === null)).toBe(true);
    expect(found[0].problem).toMatch(/^(loader|action) |re-exports/);
  });

  test("a guard with the right name imported from elsewhere is no guard", () => {
    const src = `import { requireUser } from "~/modules/fake";\nexport async function loader({ request }) { await requireUser(request); }`;
    expect(checkRouteSource("fake.ts", src)[0]).toMatchObject({ guard: null });
  });
});
