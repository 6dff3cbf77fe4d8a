import { describe, test, expect } from "vitest";
import {
  API_TOKEN_MAX_AGE_MS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USER,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  THROTTLE_WINDOW_MS,
  baseScreen,
  canDo,
  canSeeScreen,
  routeClass,
  sessionAlive,
  throttleMessage,
  type Permissions,
} from "./rules";
import { OP, type OperationCode } from "~/auth/operations";

// The route lists of spec part 1 §2, written out here (not imported) so a drift in db/reference.ts shows up.
const PUBLIC = ["/", "/consulta-coberturas-esp", "/consulta-coberturas", "/carnet-cobertura"];
const LOGIN_ONLY = ["/home", "/change-password", "/acerca-de", "/turnos", "/listado-turnos"];
const GATED: [string, string][] = [
  ["/tramites", "/tramites"],
  ["/nueva-ficha", "/nueva-ficha"],
  ["/buscar-ficha", "/buscar-ficha"],
  ["/consultar-padron", "/consultar-padron"],
  ["/listado-afiliados", "/listado-afiliados"],
  ["/consultar-padron-onco", "/consultar-padron-onco"],
  ["/osep-tiempos-auditoria", "/osep-tiempos-auditoria"],
  ["/consumos-por-prestador", "/consumos-por-prestador"],
  ["/informes-practicas", "/informes-practicas"],
  ["/consulta-vademecum", "/consulta-vademecum"],
  ["/users", "/users"],
  ["/perfiles", "/perfiles"],
  ["/regcapa", "/regcapa"],
  ["/regcapa/12", "/regcapa"],
  ["/listado-capa", "/listado-capa"],
  ["/regmae", "/regmae"],
  ["/regmae/2025/123/x/y", "/regmae"],
  ["/regmae/77", "/regmae"],
  ["/listado-mae", "/listado-mae"],
  ["/padron_farmacia", "/padron_farmacia"],
  ["/padron_voluntarios", "/padron_voluntarios"],
  ["/liquidacion-prestadores", "/liquidacion-prestadores"],
  ["/padron-profesionales", "/padron-profesionales"],
];
const GATED_BASES = [...new Set(GATED.map(([, base]) => base))];

const NONE: Permissions = { allowed_screen: [], allowed_operation: [] };
const CONSULTA: Permissions = {
  allowed_screen: ["/consultar-padron", "/buscar-ficha", "/listado-afiliados"],
  allowed_operation: ["14", "15", "19"],
};
const ADMIN: Permissions = {
  allowed_screen: GATED_BASES,
  allowed_operation: Array.from({ length: 38 }, (_, i) => String(i + 1)),
};

describe("route classes of spec §2", () => {
  test("the spec names 20 distinct gated screens", () => {
    expect(GATED_BASES).toHaveLength(20);
  });

  test.each(PUBLIC)("%s is public", (path) => {
    expect(routeClass(path)).toBe("public");
  });

  test.each(LOGIN_ONLY)("%s is login-only", (path) => {
    expect(routeClass(path)).toBe("login");
  });

  test.each(GATED)("%s is gated by %s", (path, base) => {
    expect(baseScreen(path)).toBe(base);
    expect(routeClass(path)).toBe("gated");
  });

  test.each([
    ["/buscar-ficha/", "gated"],
    ["/home/", "login"],
    ["/regcapa/12/", "gated"],
  ] as const)("a trailing slash does not change the class of %s", (path, cls) => {
    expect(routeClass(path)).toBe(cls);
  });

  test.each(["/api/auth", "/no-existe", "/homepage", "/users-admin"])("%s is not a screen", (path) => {
    expect(routeClass(path)).toBeNull();
  });
});

describe("canSeeScreen / canDo", () => {
  test("public and login-only screens are visible to any signed-in user", () => {
    for (const p of [...PUBLIC, ...LOGIN_ONLY]) expect(canSeeScreen(NONE, p)).toBe(true);
  });

  test("gated screens need the path in allowed_screen", () => {
    expect(canSeeScreen(CONSULTA, "/buscar-ficha")).toBe(true);
    expect(canSeeScreen(CONSULTA, "/nueva-ficha")).toBe(false);
    expect(canSeeScreen(CONSULTA, "/users")).toBe(false);
  });

  test.each(GATED)("gated %s: seen with its screen %s, not without", (path, base) => {
    expect(canSeeScreen(NONE, path)).toBe(false);
    expect(canSeeScreen(ADMIN, path)).toBe(true);
    expect(canSeeScreen({ allowed_screen: [base], allowed_operation: [] }, path)).toBe(true);
  });

  test("a parametrised path is allowed through its base screen only", () => {
    const capaOnly: Permissions = { allowed_screen: ["/regcapa"], allowed_operation: [] };
    expect(canSeeScreen(capaOnly, "/regcapa/12")).toBe(true);
    expect(canSeeScreen(capaOnly, "/regmae/2025/123/x/y")).toBe(false);
  });

  test("operations are matched as string codes", () => {
    expect(canDo(CONSULTA, OP.VER_NOTAS)).toBe(true);
    expect(canDo(CONSULTA, OP.VER_AFILIACION)).toBe(true);
    expect(canDo(CONSULTA, OP.ELIMINAR_FICHA)).toBe(false);
    expect(canDo(CONSULTA, OP.GUARDAR_FICHA_ALTA)).toBe(false); // not a prefix match of '14'/'15'/'19'
    expect(canDo(ADMIN, OP.VER_INTERNACIONES)).toBe(true);
    expect(canDo(ADMIN, "39" as OperationCode)).toBe(false); // a code nobody defined
  });
});

describe("throttleMessage", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const base = { userFailures: 0, oldestUserFailure: null, addressFailures: 0, oldestAddressFailure: null, now };

  test("the limits are 5 per user and 100 per address in a 15-minute window", () => {
    expect(MAX_FAILURES_PER_USER).toBe(5);
    expect(MAX_FAILURES_PER_ADDRESS).toBe(100);
    expect(THROTTLE_WINDOW_MS).toBe(15 * 60_000);
  });

  test("4 user failures may still try; 5 must wait", () => {
    expect(throttleMessage({ ...base, userFailures: 4, oldestUserFailure: now })).toBeNull();
    const msg = throttleMessage({ ...base, userFailures: 5, oldestUserFailure: now });
    expect(msg).toBe("Demasiados intentos fallidos para este usuario. Intente nuevamente en 15 minutos.");
  });

  test("99 address failures may still try; 100 must wait", () => {
    expect(throttleMessage({ ...base, addressFailures: 99, oldestAddressFailure: now })).toBeNull();
    const msg = throttleMessage({ ...base, addressFailures: 100, oldestAddressFailure: ago(5 * 60_000) });
    expect(msg).toBe("Demasiados intentos fallidos desde esta dirección. Intente nuevamente en 10 minutos.");
  });

  test.each([
    [0, "15 minutos"],
    [60_000, "14 minutos"],
    [10 * 60_000 + 1, "5 minutos"], // partial minutes round up
    [14 * 60_000, "1 minuto"],
    [14 * 60_000 + 30_000, "1 minuto"],
    [THROTTLE_WINDOW_MS - 1, "1 minuto"],
  ])("oldest failure %i ms ago → wait %s", (msAgo, wait) => {
    const msg = throttleMessage({ ...base, userFailures: 5, oldestUserFailure: ago(msAgo) });
    expect(msg).toContain(`Intente nuevamente en ${wait}.`);
  });

  test("the per-user message wins when both limits are reached", () => {
    const msg = throttleMessage({
      ...base,
      userFailures: 7,
      oldestUserFailure: now,
      addressFailures: 150,
      oldestAddressFailure: now,
    });
    expect(msg).toMatch(/para este usuario/);
  });
});

describe("sessionAlive", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);

  test("the lifetimes: 12 h cookie and API token, 2 h cookie idle", () => {
    expect(SESSION_MAX_AGE_MS).toBe(12 * 3_600_000);
    expect(API_TOKEN_MAX_AGE_MS).toBe(12 * 3_600_000);
    expect(SESSION_IDLE_MS).toBe(2 * 3_600_000);
  });

  test.each(["cookie", "api"])("%s: expired at expiresAt, alive one ms before", (kind) => {
    expect(sessionAlive({ kind, expiresAt: now, lastSeenAt: now, revokedAt: null }, now)).toBe(false);
    expect(sessionAlive({ kind, expiresAt: at(-1), lastSeenAt: at(-1000), revokedAt: null }, now)).toBe(false);
    expect(sessionAlive({ kind, expiresAt: at(1), lastSeenAt: now, revokedAt: null }, now)).toBe(true);
  });

  test.each(["cookie", "api"])("%s: a revoked session is dead even before it expires", (kind) => {
    expect(sessionAlive({ kind, expiresAt: at(3_600_000), lastSeenAt: now, revokedAt: at(-1) }, now)).toBe(false);
  });

  test("a cookie session idle for 2 h is dead; idle 1 ms less is alive", () => {
    const expiresAt = at(5 * 3_600_000);
    expect(sessionAlive({ kind: "cookie", expiresAt, lastSeenAt: at(-SESSION_IDLE_MS), revokedAt: null }, now)).toBe(
      false,
    );
    expect(
      sessionAlive({ kind: "cookie", expiresAt, lastSeenAt: at(-SESSION_IDLE_MS + 1), revokedAt: null }, now),
    ).toBe(true);
  });

  test("an API token has no idle limit, only its expiry", () => {
    expect(
      sessionAlive({ kind: "api", expiresAt: at(60_000), lastSeenAt: at(-10 * 3_600_000), revokedAt: null }, now),
    ).toBe(true);
  });
});
