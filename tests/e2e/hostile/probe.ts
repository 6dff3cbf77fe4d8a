// The requests of the hostile-input test: the hostile values, the probes made from a table entry (its baselines,
// each field replaced by each value, each field of a form in the shapes no browser sends, the structural cases),
// their raw encoding (a lone surrogate travels as the bytes it would be, %ED%A0%80), sending them a few at a time,
// and what every answer must satisfy.
import type { APIRequestContext } from "@playwright/test";
import type { Demo } from "./demo";
import type { Auth, Call, Json, RouteEntry } from "./routes";

/** `expected`: the statuses the value must get wherever it is put (the request gate refuses it: 400). */
export type Hostile = { label: string; value: unknown; structural: boolean; expected?: number[] };

const str = (label: string, value: string, structural = false, expected?: number[]): Hostile => ({
  label,
  value,
  structural,
  expected,
});

/** Every field gets these; `structural` ones fail any string schema by their form alone (sign-in fields). */
export const HOSTILE_STRINGS: Hostile[] = [
  str("NUL", "a\u0000b", true, [400]),
  str("2026-02-30", "2026-02-30"),
  str("0001-01-01", "0001-01-01"),
  str("99999999999", "99999999999"),
  str("-1", "-1"),
  str("1.5", "1.5"),
  str("1e400", "1e400"),
  str("x×5000", "x".repeat(5000), true),
  str("' OR 1=1 --", "' OR 1=1 --"),
  str("<script>", "<script>alert(1)</script>"),
  str("\\uD800", "x\uD800y", true, [400]),
  str("''", "", true),
];

/** JSON bodies also get these in place of each field. */
export const HOSTILE_JSON: Hostile[] = [
  { label: "(número) 99999999999", value: 99999999999, structural: true },
  { label: "(número) -1", value: -1, structural: true },
  { label: "(número) 1.5", value: 1.5, structural: true },
  { label: "null", value: null, structural: true },
  { label: "[]", value: [], structural: true },
  { label: "{}", value: {}, structural: true },
  { label: "true", value: true, structural: true },
];

export const EVIL_ORIGIN = "http://evil.example";
const OVERSIZE = 1_500_000;
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

// ---- encoding ------------------------------------------------------------------------------------------------

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes. */
export function encode(value: string): string {
  let out = "";
  let last = 0;
  for (const m of value.matchAll(LONE_SURROGATE)) {
    const c = m[0].charCodeAt(0);
    const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
    out +=
      encodeURIComponent(value.slice(last, m.index)) + bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    last = m.index + 1;
  }
  return out + encodeURIComponent(value.slice(last));
}

const encodePairs = (pairs: Record<string, unknown>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
    .join("&");

function urlOf(call: Call, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => encode(String(params[name] ?? "")));
  const q = encodePairs(query);
  if (!q) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${q}`;
}

// ---- form shapes (issue 26) -----------------------------------------------------------------------------------

type Pair = [string, string];
const encodeList = (pairs: Pair[]) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");

/** Where a name may continue as a list or an object: 'integrantes[0].dni' → ['integrantes', 'integrantes[0]']. */
function containersOf(name: string): string[] {
  return [...name.matchAll(/\[\d*\]|\./g)].map((m) => name.slice(0, m.index)).filter(Boolean);
}

/**
 * Every field of a form in the shapes no browser sends (conform reads `a[0].b` as a list of rows, `a.b` as an object,
 * a repeated name as a list): repeated (a list where one value goes), missing, nested (`f[0].x`, `f.x`); each list
 * or object the names make given one value (`integrantes=x`) and, for a list, a row index of 99 999 999; and a name
 * the form does not know with a huge index. `only`: the fields to vary (Call.fields).
 */
export function formShapes(form: Record<string, string>, only?: string[]): { what: string; pairs: Pair[] }[] {
  const pairs: Pair[] = Object.entries(form).map(([k, v]) => [k, String(v)]);
  const without = (drop: (k: string) => boolean) => pairs.filter(([k]) => !drop(k));
  const out: { what: string; pairs: Pair[] }[] = [];
  for (const [name, value] of pairs) {
    if (only && !only.includes(name)) continue;
    const others = without((k) => k === name);
    out.push({ what: `${name} repetido (una lista donde va un valor)`, pairs: [...pairs, [name, value]] });
    out.push({ what: `${name} ausente`, pairs: others });
    out.push({ what: `${name}[0].x (anidado)`, pairs: [...others, [`${name}[0].x`, value]] });
    out.push({ what: `${name}.x (anidado)`, pairs: [...others, [`${name}.x`, value]] });
  }
  const containers = new Set(pairs.filter(([k]) => !only || only.includes(k)).flatMap(([k]) => containersOf(k)));
  for (const c of containers) {
    const inside = (k: string) => k.startsWith(c) && /^[[.]/.test(k.slice(c.length));
    out.push({ what: `${c}=x (un valor donde va una lista o un objeto)`, pairs: [...without(inside), [c, "x"]] });
    const row = pairs.find(([k]) => k.startsWith(`${c}[`));
    if (row) {
      const far = c + row[0].slice(c.length).replace(/^\[\d*\]/, "[99999999]");
      out.push({ what: `${far} (fila 99 999 999)`, pairs: [...pairs, [far, row[1]]] });
    }
  }
  if (!only)
    out.push({
      what: "zzz[5000000] (un nombre desconocido, fila 5 000 000)",
      pairs: [...pairs, ["zzz[5000000]", "x"]],
    });
  return out;
}

// ---- probes ----------------------------------------------------------------------------------------------------

export type Probe = {
  /** What this request tries: 'línea de base', a field and its value, or a structural case. */
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  auth: Auth;
  /** A person's browser (Accept: text/html): error answers are pages, not JSON. */
  browser: boolean;
  /** Statuses this probe must get, besides never a 5xx. */
  expected?: number[];
  /** A form in a shape no browser sends: an HTML answer must be a whole page (the render did not stop halfway). */
  wholePage?: boolean;
};

type Part = "params" | "query" | "json" | "form";
type Field = { part: Part; path: string[] };

const isContainer = (v: unknown): v is Json | unknown[] =>
  typeof v === "object" && v !== null && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);

/** The fields of a JSON body: every key, and inside objects and arrays every nested key or index too. */
function jsonFields(value: unknown, prefix: string[] = []): string[][] {
  if (!isContainer(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...jsonFields(v, [...prefix, k])]);
}

function setAt(obj: Json, path: string[], value: unknown): Json {
  const copy = structuredClone(obj);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

const fieldName = (f: Field) => (f.part === "params" ? `:${f.path[0]}` : f.path.join("."));

async function resolve<T>(v: T | (() => T | Promise<T>) | undefined): Promise<T | undefined> {
  return typeof v === "function" ? (v as () => T | Promise<T>)() : v;
}

type Baseline = { params: Record<string, unknown>; query: Record<string, unknown>; json?: Json; form?: Json };

/** Builds one request of `call` from a baseline, with one field replaced (or none). */
function request(
  entry: RouteEntry,
  call: Call,
  d: Demo,
  base: Baseline,
  what: string,
  opts: { field?: Field; value?: unknown; expected?: number[]; formPairs?: Pair[] } = {},
): Probe {
  const parts = { params: base.params, query: base.query, json: base.json, form: base.form } as Record<Part, Json>;
  if (opts.field) parts[opts.field.part] = setAt(parts[opts.field.part], opts.field.path, opts.value);
  const headers: Record<string, string> = entry.browser ? { Accept: BROWSER_ACCEPT } : {};
  if (entry.browser && call.method !== "GET") headers.Origin = d.origin;
  let body: Buffer | undefined;
  if (parts.json) {
    headers["Content-Type"] = "application/json";
    body = Buffer.from(JSON.stringify(parts.json));
  } else if (parts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = Buffer.from(opts.formPairs ? encodeList(opts.formPairs) : encodePairs(parts.form));
  }
  return {
    what,
    method: call.method,
    url: urlOf(call, parts.params, parts.query),
    headers,
    body,
    auth: call.auth ?? "caller",
    browser: entry.browser,
    expected: opts.expected,
    wholePage: opts.formPairs ? true : undefined,
  };
}

/**
 * A variant of a probe sent as a program: no Accept: text/html (so refusals must be JSON { msg }), its own body and
 * Content-Type (none unless given); the Origin of a page's form stays unless replaced.
 */
const asProgram = (p: Probe, what: string, change: Partial<Probe>): Probe => {
  const { Accept: _a, "Content-Type": _t, ...headers } = p.headers;
  return {
    ...p,
    what,
    browser: false,
    body: undefined,
    expected: undefined,
    ...change,
    headers: { ...headers, ...change.headers },
  };
};

/** A probe, or one made when it is sent (its baseline is made per request: a unique name, a current version). */
export type Pending = Probe | (() => Promise<Probe>);

/**
 * Every probe of one call: the baseline (`last`: sent after the others, so a write it makes — a password change, a
 * deletion — cannot change the others' answers) and the rest (`probes`).
 */
export async function probesOf(
  entry: RouteEntry,
  call: Call,
  d: Demo,
): Promise<{ probes: Pending[]; last: Pending[] }> {
  const baseline = async (): Promise<Baseline> => ({
    params: call.params ?? {},
    query: call.query ?? {},
    json: await resolve(call.json),
    form: await resolve(call.form),
  });
  const perRequest = typeof call.json === "function" || typeof call.form === "function";
  const ok = call.ok ?? (call.method === "GET" ? [200] : [200, 201, 204, 302, 303]);
  const first = await baseline();
  const plain = request(entry, call, d, first, "línea de base", { expected: ok });
  const last: Pending[] = [
    perRequest ? async () => request(entry, call, d, await baseline(), plain.what, { expected: ok }) : plain,
  ];

  const fields: Field[] = [
    ...Object.keys(first.params).map((k) => ({ part: "params" as const, path: [k] })),
    ...Object.keys(first.query).map((k) => ({ part: "query" as const, path: [k] })),
    ...jsonFields(first.json).map((path) => ({ part: "json" as const, path })),
    ...Object.keys(first.form ?? {}).map((k) => ({ part: "form" as const, path: [k] })),
  ].filter((f) => !call.fields || call.fields.includes(fieldName(f)));

  const probes: Pending[] = [];
  for (const field of fields) {
    const structuralOnly = call.structuralOnly === "all" || (call.structuralOnly ?? []).includes(fieldName(field));
    const values = [...HOSTILE_STRINGS, ...(field.part === "json" ? HOSTILE_JSON : [])].filter(
      (h) => h.structural || !structuralOnly,
    );
    for (const h of values) {
      const what = `${fieldName(field)} = ${h.label}`;
      const opts = { field, value: h.value, expected: h.expected };
      probes.push(
        perRequest
          ? async () => request(entry, call, d, await baseline(), what, opts)
          : request(entry, call, d, first, what, opts),
      );
    }
  }

  if (first.form) {
    const only = call.fields?.filter((f) => f in (first.form ?? {}));
    const shapes = formShapes(first.form as Record<string, string>, call.fields ? only : undefined);
    shapes.forEach((shape, i) => {
      const what = `forma: ${shape.what}`;
      probes.push(
        perRequest
          ? async () => {
              const fresh = await baseline();
              const pairs = formShapes(fresh.form as Record<string, string>, call.fields ? only : undefined)[i].pairs;
              return request(entry, call, d, fresh, what, { formPairs: pairs });
            }
          : request(entry, call, d, first, what, { formPairs: shape.pairs }),
      );
    });
  }

  if (call.method === "GET") {
    probes.push({
      ...plain,
      what: "NUL en la URL",
      expected: undefined,
      url: urlOf(call, first.params, { ...first.query, hostil: "a\u0000b" }),
    });
    return { probes, last };
  }
  const type = plain.headers["Content-Type"];
  const payload = first.json ?? first.form ?? {};
  if (!plain.url.startsWith("/api/")) {
    // a form action (or a bare POST) given JSON: 400 or 415, never a 500
    probes.push(
      asProgram(plain, "cuerpo JSON a un formulario", {
        headers: { "Content-Type": "application/json" },
        body: Buffer.from(JSON.stringify(payload)),
        expected: [400, 415],
      }),
    );
  } else if (first.json) {
    probes.push(
      asProgram(plain, "cuerpo de formulario a la API JSON", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: Buffer.from(encodePairs(first.json)),
        expected: [400, 415],
      }),
    );
  }
  probes.push(asProgram(plain, "sin cuerpo ni Content-Type", {}));
  const big = first.json
    ? { type: "application/json", body: JSON.stringify({ ...first.json, relleno: "x".repeat(OVERSIZE) }) }
    : {
        type: "application/x-www-form-urlencoded",
        body: `${encodePairs(first.form ?? {})}&relleno=${"x".repeat(OVERSIZE)}`,
      };
  probes.push(
    asProgram(plain, "cuerpo de 1,5 MB", {
      headers: { "Content-Type": big.type },
      body: Buffer.from(big.body),
      expected: [413],
    }),
  );
  const typed: Record<string, string> = type ? { "Content-Type": type } : {};
  probes.push(
    asProgram(plain, "Origin de otro sitio", {
      headers: { ...typed, Origin: EVIL_ORIGIN },
      body: plain.body,
      expected: [403],
    }),
  );
  probes.push({
    ...plain,
    what: "Origin de otro sitio (navegador)",
    browser: true,
    headers: { ...plain.headers, Accept: BROWSER_ACCEPT, Origin: EVIL_ORIGIN, "Sec-Fetch-Site": "cross-site" },
    expected: [403],
  });
  return { probes, last };
}

/** The entry's handlers that answer only 405, asked as a program with the caller's credentials. */
export function refusalProbes(entry: RouteEntry, call: Call, d: Demo): Probe[] {
  const base = request(entry, call, d, { params: call.params ?? {}, query: {} }, "");
  const program = (method: string, what: string): Probe => asProgram({ ...base, method }, what, { expected: [405] });
  return [
    ...(entry.refuses?.loader ? [program("GET", "GET (el loader responde 405)")] : []),
    ...(entry.refuses?.action ? [program("POST", "POST (la acción responde 405)")] : []),
    // a method no route takes: never a 5xx, never Remix's 'Unexpected Server Error'
    asProgram({ ...base, method: "PATCH" }, "método PATCH", {}),
  ];
}

// ---- sending and checking ---------------------------------------------------------------------------------------

const short = (s: string, n = 160) => {
  const t = s.replace(/x{20,}/g, (m) => `x…(${m.length})`).replace(/\s+/g, " ");
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

/** What is wrong with an answer ([] when nothing is). */
export function problemsOf(p: Probe, status: number, type: string, text: string): string[] {
  const out: string[] = [];
  if (status >= 500) out.push("error del servidor (5xx)");
  if (p.expected && !p.expected.includes(status)) out.push(`se esperaba ${p.expected.join(" o ")}`);
  if (text.includes("Unexpected Server Error")) out.push("'Unexpected Server Error' en la respuesta");
  const api = p.url.startsWith("/api/");
  // a screen's action may answer a program with its own page showing the field errors (HTML, not empty)
  const screenPage = !api && type.includes("text/html") && text.trim() !== "";
  if ((api && status >= 400) || (!p.browser && !screenPage && [400, 403, 413, 415].includes(status))) {
    let msg: unknown;
    try {
      msg = (JSON.parse(text) as { msg?: unknown }).msg;
    } catch {
      msg = undefined;
    }
    if (!type.includes("application/json") || typeof msg !== "string") out.push("no es JSON { msg }");
  }
  if (p.browser && status >= 400 && text.trim() === "") out.push("página de error vacía");
  if (p.wholePage && type.includes("text/html") && !text.includes("</html>")) out.push("la página quedó a medias");
  return out;
}

export type Sender = {
  ctx: APIRequestContext;
  /**
   * An event stream's route (RouteEntry.stream): the origin its probes go to with Node's fetch, which gives the
   * status and type as soon as the headers come; a stream's body is not waited for (it never ends), only closed.
   */
  streamOrigin?: string;
  /** The credentials of a probe as headers (x-auth-token or Cookie). */
  credentials: (auth: Auth) => Promise<Record<string, string>>;
};

type Answer = { status: number; type: string; text: string };

const isTextual = (type: string) => /json|text|html|xml|csv/.test(type) || type === "";

async function sendWith(ctx: APIRequestContext, p: Probe, headers: Record<string, string>): Promise<Answer> {
  const res = await ctx.fetch(p.url, { method: p.method, headers, data: p.body, maxRedirects: 0, timeout: 60_000 });
  const type = res.headers()["content-type"] ?? "";
  const text = isTextual(type) ? await res.text() : "";
  await res.dispose();
  return { status: res.status(), type, text };
}

/** A probe of an event stream's route: an open stream (200 text/event-stream) is closed once its headers came. */
async function sendToStream(origin: string, p: Probe, headers: Record<string, string>): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    const res = await fetch(new URL(p.url, origin), {
      method: p.method,
      headers,
      body: p.body ? new Uint8Array(p.body) : undefined,
      redirect: "manual",
      signal: controller.signal,
    });
    const type = res.headers.get("content-type") ?? "";
    const text = type.startsWith("text/event-stream") || !isTextual(type) ? "" : await res.text();
    return { status: res.status, type, text };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Sends one probe; the failure line, or null. */
export async function send(sender: Sender, pending: Pending): Promise<string | null> {
  let p: Probe;
  try {
    p = typeof pending === "function" ? await pending() : pending;
  } catch (e) {
    return `no se pudo preparar una solicitud: ${(e as Error).message.split("\n")[0]}`;
  }
  const line = (status: number | string, problem: string, body = "") =>
    `${p.method} ${short(p.url, 140)} | ${p.what} | ${status} | ${problem}${body ? ` | ${short(body, 200)}` : ""}`;
  try {
    const headers = { ...(await sender.credentials(p.auth)), ...p.headers };
    const { status, type, text } = sender.streamOrigin
      ? await sendToStream(sender.streamOrigin, p, headers)
      : await sendWith(sender.ctx, p, headers);
    const problems = problemsOf(p, status, type, text);
    return problems.length ? line(status, problems.join("; "), text) : null;
  } catch (e) {
    return line("—", `la solicitud falló: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** Sends every probe, `limit` at a time; the failure lines in the probes' order. */
export async function sendAll(sender: Sender, probes: Pending[], limit = 8): Promise<string[]> {
  const results: (string | null)[] = new Array(probes.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const i = next++;
      results[i] = await send(sender, probes[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, probes.length) }, worker));
  return results.filter((r): r is string => r !== null);
}
