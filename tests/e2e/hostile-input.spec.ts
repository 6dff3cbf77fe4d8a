// Hostile input over every route (issue 12): for each file in app/routes, the table of tests/e2e/hostile/routes.ts
// gives valid requests; each is sent as it is and with one field at a time replaced by a hostile value (NUL, an
// impossible date, huge and negative numbers, 5 000 characters, SQL, a script tag, a lone surrogate, '', and in
// JSON non-strings), every field of a form in the shapes no browser sends (repeated, missing, nested `f[0].x` and
// `f.x`, one value where a list or an object goes, a row index of 99 999 999; issue 26), plus a JSON body to a form
// action, a 1.5 MB body (413), a cross-site Origin (403) and a NUL in the URL. No answer may be a 5xx (NUL and a
// lone surrogate: 400 from the request gate); API answers (and a program's refusals) are JSON { msg }; a form's odd
// shape still renders a whole page. One test per route lists every failure of that route. Then the sign-in with a
// lone surrogate, the CSRF cases of logout and the report refresh, and the CSP of the pages in a real browser. Runs in its own project after the others (playwright.config.ts): it writes (fichas,
// users, a report refresh) and uses up the address's public lookups.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { discoverDemo, type Demo } from "~tests/e2e/hostile/demo";
import { EVIL_ORIGIN, probesOf, refusalProbes, sendAll, type Pending, type Sender } from "~tests/e2e/hostile/probe";
import { ROUTES, type Auth, type RouteEntry } from "~tests/e2e/hostile/routes";
import { ADMIN, login, waitForHydration } from "~tests/e2e/support";

const ROUTES_DIR = path.resolve(import.meta.dirname, "..", "..", "app", "routes");

let demo: Demo;
let baseURL: string;

test("every file in app/routes has one entry in the hostile-input table", () => {
  const files = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const listed = ROUTES.map((e) => e.file);
  expect(
    files.filter((f) => !listed.includes(f)),
    "route files without an entry in tests/e2e/hostile/routes.ts",
  ).toEqual([]);
  expect(
    listed.filter((f) => !files.includes(f)),
    "entries of tests/e2e/hostile/routes.ts for files that do not exist",
  ).toEqual([]);
  expect(
    listed.filter((f, i) => listed.indexOf(f) !== i),
    "route files with more than one entry",
  ).toEqual([]);
});

/** The headers that authenticate a probe of `entry`. */
async function credentials(entry: RouteEntry, auth: Auth): Promise<Record<string, string>> {
  if (auth === "none") return {};
  if (typeof auth === "object") return "token" in auth ? { "x-auth-token": auth.token } : { Cookie: auth.cookie };
  if (entry.caller === "public") return {};
  const fresh = auth === "fresh";
  if (entry.caller === "api") return { "x-auth-token": fresh ? await demo.freshToken() : demo.admin.token };
  return { Cookie: fresh ? await demo.freshCookie() : demo.admin.cookie };
}

const exported = (source: string, name: "loader" | "action") =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(source);

/** The table against the file: every handler the file exports is exercised, and `refuses` is true to it. */
function tableProblems(entry: RouteEntry, methods: string[]): string[] {
  const source = readFileSync(path.join(ROUTES_DIR, entry.file), "utf8");
  const out: string[] = [];
  const [loader, action] = [exported(source, "loader"), exported(source, "action")];
  if (loader && !entry.refuses?.loader && !methods.includes("GET")) out.push("tabla: el loader no tiene un GET");
  if (action && !entry.refuses?.action && !methods.some((m) => m !== "GET"))
    out.push("tabla: la acción no tiene una llamada POST/PUT/DELETE");
  if (entry.refuses?.loader && !loader) out.push("tabla: refuses.loader sin loader");
  if (entry.refuses?.action && !action) out.push("tabla: refuses.action sin acción");
  return out;
}

test.describe("against the running app", () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(240_000);
    baseURL = testInfo.project.use.baseURL ?? "http://127.0.0.1:3210";
    const newContext = () => playwright.request.newContext({ baseURL });
    const ctx = await newContext();
    demo = await discoverDemo(ctx, newContext, new URL(baseURL).origin);
  });

  for (const entry of ROUTES) {
    test(`${entry.file}: hostile input never gets a 5xx; errors answer JSON { msg }`, async ({ playwright }) => {
      test.setTimeout(300_000);
      const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
      try {
        const calls = await entry.calls(demo);
        const sender: Sender = {
          ctx,
          credentials: (auth) => credentials(entry, auth),
          streamOrigin: entry.stream ? new URL(baseURL).origin : undefined,
        };
        const probes: Pending[] = [];
        const baselines: Pending[] = [];
        for (const call of calls) {
          const { probes: p, last } = await probesOf(entry, call, demo);
          probes.push(...p);
          baselines.push(...last);
        }
        probes.push(...refusalProbes(entry, calls[0], demo));
        const failures = [
          ...tableProblems(
            entry,
            calls.map((c) => c.method),
          ),
          ...(await sendAll(sender, probes)),
          // the valid requests last, one at a time: a write they make cannot change the others' answers
          ...(await sendAll(sender, baselines, 1)),
        ];
        await test.info().attach("fallas.json", {
          body: JSON.stringify({ file: entry.file, requests: probes.length + baselines.length, failures }, null, 2),
          contentType: "application/json",
        });
        expect(failures, `${entry.file}: ${failures.length} of ${probes.length + baselines.length} requests`).toEqual(
          [],
        );
      } finally {
        await ctx.dispose();
      }
    });
  }

  test("POST /api/auth with a lone surrogate in JSON (issue 26): 400 from the request gate, not 500", async ({
    playwright,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    for (const usuario of ["x\\ud800y", "x\\udc00", "\\ud83d"]) {
      const res = await ctx.post("/api/auth", {
        headers: { "Content-Type": "application/json" },
        data: Buffer.from(`{"usuario":"${usuario}","password":"a"}`),
      });
      expect(res.status(), usuario).toBe(400);
      expect(await res.json()).toEqual({ msg: "La solicitud contiene caracteres no válidos" });
    }
    // a pair (an emoji) is text like any other: a failed sign-in, not a refusal of the characters
    const pair = await ctx.post("/api/auth", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from('{"usuario":"\\ud83d\\ude00","password":""}'),
    });
    expect(pair.status()).toBe(400);
    expect(((await pair.json()) as { msg: string }).msg).not.toBe("La solicitud contiene caracteres no válidos");
    await ctx.dispose();
  });

  test.describe("CSRF (issue 12): a cross-site POST is refused and the session survives it", () => {
    async function signedIn(playwright: PlaywrightWorkerArgs["playwright"]) {
      const ctx = await playwright.request.newContext({ baseURL });
      const cookie = await demo.freshCookie();
      const home = async () => (await ctx.get("/home", { headers: { Cookie: cookie }, maxRedirects: 0 })).status();
      return { ctx, cookie, home };
    }

    test("POST /logout from another site → 403; from the app itself it signs out", async ({ playwright }) => {
      const { ctx, cookie, home } = await signedIn(playwright);
      const post = (headers: Record<string, string>) =>
        ctx.post("/logout", { headers: { Cookie: cookie, ...headers }, maxRedirects: 0 });

      const evil = await post({ Origin: EVIL_ORIGIN });
      expect(evil.status()).toBe(403);
      expect(typeof ((await evil.json()) as { msg?: unknown }).msg).toBe("string");
      const fetchMeta = await post({ "Sec-Fetch-Site": "cross-site" });
      expect(fetchMeta.status()).toBe(403);
      expect(await home(), "the session is still valid").toBe(200);

      const own = await post({ Origin: demo.origin });
      expect(own.status()).toBe(302);
      expect(own.headers()["location"]).toBe("/");
      expect(await home(), "signed out").toBe(302);
      await ctx.dispose();
    });

    test("POST /reportes/actualizar from another site → 403; from the app itself it asks for a refresh", async ({
      playwright,
    }) => {
      const { ctx, cookie, home } = await signedIn(playwright);
      const post = (origin: string) =>
        ctx.post("/reportes/actualizar", { headers: { Cookie: cookie, Origin: origin }, maxRedirects: 0 });

      const evil = await post(EVIL_ORIGIN);
      expect(evil.status()).toBe(403);
      expect(typeof ((await evil.json()) as { msg?: unknown }).msg).toBe("string");
      expect(await home(), "the session is still valid").toBe(200);

      const own = await post(demo.origin);
      expect(own.status(), await own.text()).toBe(200);
      expect(typeof ((await own.json()) as { msg?: unknown }).msg).toBe("string");
      expect(await home()).toBe(200);
      await ctx.dispose();
    });
  });

  test("CSP: every page carries a policy with a nonce and the browser reports no violation", async ({ page }) => {
    test.setTimeout(240_000);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${m.text()}`);
    });
    const policies: Record<string, string> = {};
    page.on("response", (res) => {
      if (res.request().resourceType() === "document")
        policies[res.url()] = res.headers()["content-security-policy"] ?? "";
    });
    await login(page, ADMIN.usuario, ADMIN.password);
    const visit = async (url: string) => {
      await page.goto(url);
      await waitForHydration(page);
    };

    await visit("/home");
    await visit(`/consultar-padron?metodo=dni&dni=${demo.member.dni}`);
    await expect(page.getByRole("table", { name: "Resultados de la búsqueda" }).getByRole("row")).toHaveCount(2);
    await visit(`/consultar-padron/${demo.member.idafi}?metodo=dni&dni=${demo.member.dni}`);
    await visit("/listado-afiliados");
    await visit(`/osep-tiempos-auditoria?fecha_desde=${demo.desde}&fecha_hasta=${demo.today}`);
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expect(page.locator("svg").first()).toBeVisible(); // the charts
    await visit("/nueva-ficha");
    await visit("/consumos-por-prestador");

    const documents = Object.entries(policies);
    expect(documents.length).toBeGreaterThanOrEqual(7);
    expect(
      documents.filter(([, csp]) => !/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/.test(csp)).map(([url]) => url),
      "pages without a Content-Security-Policy with a script nonce",
    ).toEqual([]);
    expect(violations).toEqual([]);
  });
});
