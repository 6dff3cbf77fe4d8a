// The live grid's event stream route (GET /turnos/eventos, ADR 052) with real browser sessions: signed out → 401,
// without the screen → 403, a bad grid key → 400 with the form's Spanish message, never a redirect (an EventSource
// cannot follow one); a desk's stream opens with `retry:` and hears a change of its grid committed by another desk;
// a revoked session ends the stream at the next heartbeat (`event: fin`), and the heartbeat does not touch the session.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { FORBIDDEN_SCREEN, requireEventStream, requireScreen } from "~/auth/guards.server";
import { backgroundReloadHref } from "~/lib/background-reload";
import { createSession, revokeToken } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { subscriberCount } from "~/modules/turnos/live/fanout.server";
import { eventosDeGrilla } from "~/modules/turnos/live/stream.server";
import { stopLiveListener } from "~/modules/turnos/live/listener.server";
import { TURNOS_SCREEN } from "~/modules/turnos/rules";
import { asignarTurno } from "~/modules/turnos/asignar.server";
import { loader } from "~/routes/turnos.eventos";
import { loader as healthz } from "~/routes/healthz";
import { TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlRows, type TestDb } from "~tests/support/db";
import {
  addProfileUser,
  deskUser,
  DIA,
  NOW,
  OPS_DESK,
  turnoBody,
  useTurnosDatabase,
  userId,
} from "~tests/support/turnos-fixture";

let t: TestDb;
let idafi: Record<string, number>;
let adminId: number;
const cookie: Record<string, string> = {};
const token: Record<string, string> = {};
const URL_GRILLA = `/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`;

beforeAll(async () => {
  ({ t, idafi, adminId } = await useTurnosDatabase());
  const users: Record<string, number> = {
    admin: await userId("admin"),
    otra: await addProfileUser("s_otra", ["/listado-turnos"], []),
  };
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    for (const [name, id] of Object.entries(users)) {
      token[name] = await createSession(id, "cookie");
      cookie[name] = (await setSessionCookie(token[name])).split(";")[0];
    }
  });
});
afterAll(async () => {
  await stopLiveListener();
  await t?.cleanup();
});

const requestFor = (who: string | null, path = URL_GRILLA) => {
  const controller = new AbortController();
  const headers: Record<string, string> = who ? { Cookie: cookie[who] } : {};
  return { request: new Request(`http://localhost${path}`, { headers, signal: controller.signal }), controller };
};

async function call(who: string | null, path = URL_GRILLA): Promise<Response> {
  const { request } = requestFor(who, path);
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      loader({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** Reads the stream until its text contains `until` (or it ends); returns what was read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(until)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe("GET /turnos/eventos", () => {
  test("signed out: 401; without the screen: 403; a bad grid key: 400 with the field's message", async () => {
    const out = await call(null);
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ msg: expect.stringMatching(/^Debe iniciar sesión/) });
    const other = await call("otra");
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ msg: FORBIDDEN_SCREEN });
    const none = await call("admin", "/turnos/eventos");
    expect(none.status).toBe(400);
  });

  test("&comprobar=1 (why a stream was refused or ended, ADR 079): 204 without a stream, 401, 403; no activity", async () => {
    const check = `${URL_GRILLA}&comprobar=1`;
    const before = subscriberCount();
    const ok = await call("admin", check);
    expect(ok.status).toBe(204);
    expect(ok.body).toBeNull();
    expect(subscriberCount()).toBe(before);
    expect((await call(null, check)).status).toBe(401);
    expect((await call("otra", check)).status).toBe(403);
    expect((await call("admin", "/turnos/eventos?comprobar=1")).status).toBe(400);
    // the check leaves the session's last use: the idle timeout keeps running
    const id = await userId("admin");
    const own = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "cookie"));
    const ownCookie = (await setSessionCookie(own)).split(";")[0];
    const past = new Date(Date.now() - 10 * 60_000);
    await sqlRows("UPDATE sesiones SET last_seen_at = $1 WHERE usuario_id = $2 AND revoked_at IS NULL", [past, id]);
    const request = new Request(`http://localhost${check}`, { headers: { Cookie: ownCookie } });
    const res = await requestContext.run(TEST_REQUEST_CONTEXT, () => loader({ request, params: {}, context: {} }));
    expect((res as Response).status).toBe(204);
    const [seen] = await sqlRows<{ last_seen_at: Date }>(
      "SELECT last_seen_at FROM sesiones WHERE usuario_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1",
      [id],
    );
    expect(new Date(seen.last_seen_at).getTime()).toBe(past.getTime());
  });

  test("a bad or missing day: 400 naming the format the stream's URL takes (aaaa-mm-dd, issue 35)", async () => {
    for (const fecha of ["2026-02-31", "04/03/2030", "20245-01-01", ""]) {
      const bad = await call("admin", `/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${fecha}`);
      expect(bad.status, fecha).toBe(400);
      expect(await bad.json(), fecha).toEqual({
        msg: "Fecha de turno inválida (use aaaa-mm-dd)",
        errors: [{ param: "fecha_turno", msg: "Fecha de turno inválida (use aaaa-mm-dd)" }],
      });
    }
    const none = await call("admin", "/turnos/eventos?tipo_tramite=REINTEGROS");
    expect(await none.json()).toMatchObject({ msg: "Fecha de turno inválida (use aaaa-mm-dd)" });
  });

  test("a desk's stream: retry first, then an event when another desk assigns a slot of the grid", async () => {
    const res = await call("admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    expect(await readUntil(reader, "\n\n")).toMatch(/^retry: \d+\n/);
    const r = await asignarTurno(turnoBody(idafi["30400001"], "08:00", 1), deskUser(adminId, OPS_DESK), NOW);
    expect(r.ok).toBe(true);
    expect(await readUntil(reader, "\n\n")).toBe(
      `event: cambio\ndata: {"tipo_tramite":"REINTEGROS","fecha_turno":"${DIA}"}\n\n`,
    );
    await reader.cancel();
  });

  test("a revoked session ends the stream at the next heartbeat; the heartbeats leave the session's last use", async () => {
    const id = await userId("admin");
    const own = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "cookie"));
    const ownCookie = (await setSessionCookie(own)).split(";")[0];
    const request = new Request(`http://localhost${URL_GRILLA}`, { headers: { Cookie: ownCookie } });
    const past = new Date(Date.now() - 10 * 60_000);
    await sqlRows("UPDATE sesiones SET last_seen_at = $1 WHERE usuario_id = $2 AND revoked_at IS NULL", [past, id]);
    const sigueValida = () =>
      requireEventStream(request, TURNOS_SCREEN, { touch: false }).then(
        () => true,
        () => false,
      );
    const res = await eventosDeGrilla(
      request,
      { tipo_tramite: "REINTEGROS", fecha_turno: DIA },
      { sesion: 0, sigueValida, heartbeatMs: 20 },
    );
    const reader = res.body!.getReader();
    expect(await readUntil(reader, ": latido")).toContain(": latido");
    const [seen] = await sqlRows<{ last_seen_at: Date }>(
      "SELECT last_seen_at FROM sesiones WHERE usuario_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1",
      [id],
    );
    expect(new Date(seen.last_seen_at).getTime()).toBe(past.getTime());
    await revokeToken(own);
    const rest = await readUntil(reader, "\u0000never");
    expect(rest).toContain("event: fin\ndata: sesion\n\n");
  });
});

describe("the grid's background reload (ADR 052)", () => {
  test("a reload marked _vivo=1 is no activity (last use kept); the same page asked by the clerk is", async () => {
    const id = await userId("admin");
    const own = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "cookie"));
    const ownCookie = (await setSessionCookie(own)).split(";")[0];
    const lastUse = async () => {
      const [row] = await sqlRows<{ last_seen_at: Date }>(
        "SELECT s.last_seen_at FROM sesiones s WHERE s.usuario_id = $1 AND s.revoked_at IS NULL ORDER BY s.id DESC LIMIT 1",
        [id],
      );
      return new Date(row.last_seen_at).getTime();
    };
    const past = new Date(Date.now() - 10 * 60_000);
    await sqlRows("UPDATE sesiones SET last_seen_at = $1 WHERE usuario_id = $2 AND revoked_at IS NULL", [past, id]);
    const page = `/turnos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`;
    const ask = (path: string) =>
      requestContext.run({ ...TEST_REQUEST_CONTEXT }, () =>
        requireScreen(new Request(`http://localhost${path}`, { headers: { Cookie: ownCookie } }), TURNOS_SCREEN),
      );

    const background = backgroundReloadHref("/turnos", `?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`);
    expect(background).toContain("_vivo=1");
    expect((await ask(background)).id).toBe(id);
    expect(await lastUse()).toBe(past.getTime());

    expect((await ask(page)).id).toBe(id);
    expect(await lastUse()).toBeGreaterThan(past.getTime());
  });
});

describe("bounds (issue 35): per session and per process", () => {
  /** A new browser session of admin: its cookie. */
  const newSession = async () => {
    const own = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
      createSession(await userId("admin"), "cookie"),
    );
    return (await setSessionCookie(own)).split(";")[0];
  };
  const open = async (sessionCookie: string): Promise<Response> => {
    const request = new Request(`http://localhost${URL_GRILLA}`, { headers: { Cookie: sessionCookie } });
    try {
      return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
        loader({ request, params: {}, context: {} }),
      )) as Response;
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  };
  /** An open stream: its reader, after the first block (`retry:`). */
  const opened = async (sessionCookie: string) => {
    const res = await open(sessionCookie);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(await readUntil(reader, "\n\n")).toMatch(/^retry: /);
    return reader;
  };
  /** /healthz's details from this machine: the live streams of this process. */
  const health = async () => {
    const request = new Request("http://localhost/healthz");
    const res = (await requestContext.run({ ...TEST_REQUEST_CONTEXT, address: "127.0.0.1" }, () =>
      healthz({ request, params: {}, context: {} }),
    )) as Response;
    return ((await res.json()) as { eventos_en_vivo: { abiertos: number; maximo: number; por_sesion: number } })
      .eventos_en_vivo;
  };

  test("a session's 9th stream closes its 1st (event: fin), the other seven and another session's stay open", async () => {
    const mine = await newSession();
    const other = await newSession();
    const theirs = await opened(other);
    const readers = [];
    for (let i = 0; i < 8; i++) readers.push(await opened(mine));
    expect(await health()).toEqual({ abiertos: 9, maximo: 1000, por_sesion: 8 });
    readers.push(await opened(mine));
    expect(await readUntil(readers[0], "\u0000never")).toBe("event: fin\ndata: reemplazado\n\n");
    expect((await health()).abiertos).toBe(9);
    // the others still hear their grid
    const r = await asignarTurno(turnoBody(idafi["30400001"], "08:20", 1), deskUser(adminId, OPS_DESK), NOW);
    expect(r.ok).toBe(true);
    for (const reader of [...readers.slice(1), theirs]) {
      expect(await readUntil(reader, "\n\n")).toMatch(/^event: cambio\n/);
    }
    for (const reader of [...readers.slice(1), theirs]) await reader.cancel();
    expect((await health()).abiertos).toBe(0);
  });

  test("LIVE_MAX_STREAMS: beyond it 503 with Retry-After and a Spanish msg; a closed stream frees its place", async () => {
    process.env.LIVE_MAX_STREAMS = "3";
    try {
      const readers = [await opened(await newSession()), await opened(await newSession())];
      const full = await newSession();
      readers.push(await opened(full));
      expect(await health()).toEqual({ abiertos: 3, maximo: 3, por_sesion: 8 });
      const refused = await open(await newSession());
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ msg: expect.stringMatching(/^Hay demasiadas grillas en vivo abiertas/) });
      expect((await health()).abiertos).toBe(3);
      await readers.pop()!.cancel();
      readers.push(await opened(await newSession()));
      expect((await health()).abiertos).toBe(3);
      for (const reader of readers) await reader.cancel();
    } finally {
      delete process.env.LIVE_MAX_STREAMS;
    }
    expect((await health()).abiertos).toBe(0);
  });
});
