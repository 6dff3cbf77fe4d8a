// Issue 12: POST /reportes/actualizar. When another holder has the refresh lock it says so (409 JSON for the bar's
// fetcher and API clients; the report's message after the form without JavaScript) instead of 'Actualización
// iniciada' with nothing started; its way back is a same-origin path of the Referer only, else /home.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { usUsuarios } from "~db/schema/auth";
import { readRefreshStatus, refreshSnapshot } from "~reporting/index";
import { acquireLock } from "~reporting/lock";
import { currentSnapshot } from "~reporting/store";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_ACTUALIZACION } from "~/modules/reporting/snapshot.server";
import { action } from "~/routes/reportes.actualizar";
import { loader as tiemposScreen } from "~/routes/_app.osep-tiempos-auditoria";
import { TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

const ORIGIN = "http://localhost";
const REPORT = "/osep-tiempos-auditoria?fecha_desde=2025-03-01&fecha_hasta=2025-03-31";

let t: TestDb;
let cookie = "";

/** How the request is made: the form without JavaScript (a navigation) or the bar's fetcher / an API client. */
type Caller = "form" | "fetcher";

async function post(caller: Caller, referer?: string): Promise<Response> {
  const headers: Record<string, string> = { cookie, "content-type": "application/x-www-form-urlencoded" };
  if (caller === "form") Object.assign(headers, { "sec-fetch-mode": "navigate", accept: "text/html" });
  else Object.assign(headers, { "sec-fetch-mode": "cors", accept: "*/*" });
  if (referer) headers.referer = referer;
  const request = new Request(`${ORIGIN}/reportes/actualizar`, { method: "POST", headers, body: "" });
  try {
    return (await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () =>
      action({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const outcomes = async () =>
  (
    await sqlRows<{ detalle: { resultado: string } }>(
      "select detalle from audit_log where accion = 'reportes.actualizar' order by id",
    )
  ).map((r) => r.detalle.resultado);

/** Waits until the refresh a request started has finished, so the next request finds the lock free (joins the
 * refresh in flight in this process; with none, runs one more). */
async function refreshFinished(): Promise<void> {
  await refreshSnapshot();
}

beforeAll(async () => {
  t = await useTestDatabase();
  const [admin] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
  const token = await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () => createSession(admin.id, "cookie"));
  cookie = (await setSessionCookie(token)).split(";")[0];
});

afterAll(async () => {
  await t?.cleanup();
});

describe("another holder has the lock", () => {
  test("the fetcher / an API client: 409 with the message, nothing started; the form: back to the report, which says so", async () => {
    const other = await acquireLock(t.reportingDir); // another app instance or the worker, refreshing
    try {
      const res = await post("fetcher", `${ORIGIN}${REPORT}`);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ msg: MSG_ACTUALIZACION.busy, running: false });
      expect(MSG_ACTUALIZACION.busy).toMatch(/^Ya hay una actualización .* en curso/);

      const form = await post("form", `${ORIGIN}${REPORT}`);
      expect(form.status).toBe(302);
      const back = form.headers.get("location")!;
      expect(back).toBe(`${REPORT}&actualizacion=busy`);
      const request = new Request(`${ORIGIN}${back}`, { headers: { cookie } });
      const page = (await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () =>
        tiemposScreen({ request, params: {}, context: {} }),
      )) as Response;
      expect((await page.json()).snapshot).toMatchObject({ aviso: MSG_ACTUALIZACION.busy });

      // nothing was started: no refresh ran, no snapshot was built
      expect(readRefreshStatus().state).toBe("idle");
      expect(currentSnapshot()).toBeNull();
    } finally {
      await other.release();
    }
    expect(await outcomes()).toEqual(["busy", "busy"]);
  });

  test("worker mode: a refresh under way in the worker is not queued again", async () => {
    process.env.REPORTING_SCHEDULER = "worker";
    const other = await acquireLock(t.reportingDir);
    try {
      const res = await post("fetcher");
      expect(res.status).toBe(409);
      expect(fs.existsSync(path.join(t.reportingDir, "refresh.request"))).toBe(false);
      await other.release();
      const queued = await post("fetcher");
      expect(queued.status).toBe(200);
      expect(await queued.json()).toMatchObject({ msg: MSG_ACTUALIZACION.queued });
      expect(fs.existsSync(path.join(t.reportingDir, "refresh.request"))).toBe(true);
    } finally {
      await other.release();
      fs.rmSync(path.join(t.reportingDir, "refresh.request"), { force: true });
      delete process.env.REPORTING_SCHEDULER;
    }
  });

  test("with the lock free the refresh starts; asked again while it runs: busy", async () => {
    const res = await post("fetcher");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ msg: MSG_ACTUALIZACION.started });
    const again = await post("fetcher");
    expect(again.status).toBe(409);
    await refreshFinished();
    expect(currentSnapshot()).not.toBeNull();
  });
});

describe("the way back follows same-origin paths of the Referer only", () => {
  test.each([
    ["the report", `${ORIGIN}${REPORT}`, REPORT],
    ["a protocol-relative path of this origin", `${ORIGIN}//evil.example/x`, "/home"],
    ["a backslash path of this origin", `${ORIGIN}/\\evil.example/x`, "/home"],
    ["an encoded-slash path stays a path of this origin", `${ORIGIN}/%2F%2Fevil.example`, "/%2F%2Fevil.example"],
    ["another origin", "https://evil.example/osep-tiempos-auditoria", "/home"],
    ["another port", "http://localhost:8080/osep-tiempos-auditoria", "/home"],
    ["not a URL", "javascript:alert(1)", "/home"],
    ["none", undefined, "/home"],
  ])("%s", async (_name, referer, expected) => {
    const res = await post("form", referer);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(expected);
    await refreshFinished();
  });

  test("the fetcher with a foreign or protocol-relative Referer gets JSON, never a redirect there", async () => {
    for (const referer of [`${ORIGIN}//evil.example/x`, "https://evil.example/"]) {
      const res = await post("fetcher", referer);
      expect(res.status).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      await refreshFinished();
    }
  });
});
