// The app's floors (docs/architecture.md): routes → modules → components and auth → lib → reporting → db. A file
// imports its own floor or a lower one, never a higher one, and no import cycle runs at run time (a cycle through
// `import type` only is erased by the compiler). Production files only: tests and scripts may import anything.
// The process around the Remix build (server/) imports no business area, server modules import no React file, and
// the insurer's time zone is written once (docs/decisions/083-background-work.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { productionFiles, ROOT } from "~tests/support/source-files";
import { pathAliases } from "~scripts/aliases.mjs";

/** Lower number = lower floor. components and auth share one. */
function floorOf(file: string): [string, number] | null {
  // the background work's list (app/background.server.ts) composes the areas' jobs, from the top as the routes do
  if (file.startsWith("app/routes/") || /^app\/(root|entry\.[a-z]+|background\.server)\.tsx?$/.test(file)) {
    return ["routes", 6];
  }
  if (file.startsWith("app/modules/")) return ["modules", 5];
  if (file.startsWith("app/components/")) return ["components", 4];
  if (file.startsWith("app/auth/")) return ["auth", 4];
  if (file.startsWith("app/lib/")) return ["lib", 3];
  if (file.startsWith("reporting/")) return ["reporting", 2];
  if (file.startsWith("db/")) return ["db", 1];
  return null;
}

/** Known exceptions, each with its reason; remove a line when its import goes. */
const ALLOWED: Record<string, string> = {
  "app/components/shell/menu.ts -> app/auth/operations.ts": "the drawer reads the operation registry (same floor)",
  "app/components/shell/menu.ts -> app/auth/rules.ts": "a type only (same floor)",
};

const ALIASES = pathAliases();

const FILES = ["app", "db", "reporting"].flatMap((d) => productionFiles(d));
const SERVER_FILES = productionFiles("server");
const KNOWN = new Set([...FILES, ...SERVER_FILES]);

function resolveImport(from: string, spec: string): string | null {
  let base: string | null = null;
  for (const [alias, target] of ALIASES) if (spec.startsWith(alias)) base = target + spec.slice(alias.length);
  if (!base && spec.startsWith("./")) base = path.posix.join(path.posix.dirname(from), spec);
  if (!base) return null;
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => KNOWN.has(c));
  return found ?? null;
}

type Edge = { from: string; to: string; typeOnly: boolean };
const IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const edgesOf = (files: string[]): Edge[] =>
  files.flatMap((from) => {
    const text = readFileSync(path.join(ROOT, from), "utf8");
    return [...text.matchAll(IMPORT)].flatMap((m) => {
      const to = resolveImport(from, m[2] ?? m[3]);
      return to ? [{ from, to, typeOnly: Boolean(m[1]) }] : [];
    });
  });
const EDGES = edgesOf(FILES);
const ALL_EDGES = [...EDGES, ...edgesOf(SERVER_FILES)];

describe("layers", () => {
  test("no file imports a higher floor (or another part of its own, but for the listed exceptions)", () => {
    const upward = EDGES.filter(({ from, to }) => {
      const [a, b] = [floorOf(from), floorOf(to)];
      if (!a || !b) return false;
      return b[1] > a[1] || (b[1] === a[1] && a[0] !== b[0]);
    })
      .map(({ from, to }) => `${from} -> ${to}`)
      .filter((e) => !ALLOWED[e]);
    expect(upward).toEqual([]);
  });

  test("every listed exception still exists", () => {
    const all = new Set(EDGES.map(({ from, to }) => `${from} -> ${to}`));
    expect(Object.keys(ALLOWED).filter((e) => !all.has(e))).toEqual([]);
  });

  test("no import cycle at run time", () => {
    const graph = new Map<string, string[]>(FILES.map((f) => [f, []]));
    for (const e of EDGES) if (!e.typeOnly) graph.get(e.from)!.push(e.to);
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      state.set(f, "open");
      for (const to of graph.get(f) ?? []) {
        if (state.get(to) === "open") cycles.push([...trail.slice(trail.indexOf(to)), to].join(" -> "));
        else if (!state.has(to)) visit(to, [...trail, to]);
      }
      state.set(f, "done");
    };
    for (const f of FILES) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });
});

describe("the server side", () => {
  test("server/ imports no business area: its background work comes from the one list, app/background.server.ts", () => {
    const intoAreas = ALL_EDGES.filter(({ from, to }) => from.startsWith("server/") && to.startsWith("app/modules/"));
    expect(intoAreas.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  test("a server module (*.server.ts, server/, reporting/) imports no .tsx file but a server renderer", () => {
    const serverModule = (f: string) => /\.server\.ts$/.test(f) || /^(server|reporting)\/.*\.ts$/.test(f);
    // a renderer that only runs on the server (a PDF's page): *.server.tsx, or reporting/'s
    const serverRenderer = (f: string) => /\.server\.tsx$/.test(f) || f.startsWith("reporting/");
    const intoReact = ALL_EDGES.filter(
      ({ from, to }) => serverModule(from) && to.endsWith(".tsx") && !serverRenderer(to),
    );
    expect(intoReact.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  test("the insurer's time zone is a literal of one source file (db/time-zone.ts)", () => {
    const sources = [...FILES, ...SERVER_FILES, ...productionFiles("scripts")];
    const naming = sources.filter((f) =>
      /["'`]America\/Argentina\/Catamarca["'`]/.test(readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(naming).toEqual(["db/time-zone.ts"]);
  });
});
