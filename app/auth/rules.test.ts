import { describe, test, expect } from "vitest";
import {
  API_TOKEN_MAX_AGE_MS,
  ADDRESS_WINDOW_MS,
  FAILURE_MEMORY_MS,
  FIRST_WAIT_MS,
  FREE_FAILURES,
  FREE_FAILURES_PER_USER,
  KNOWN_ADDRESS_MS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_WAIT_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  backoffMs,
  baseScreen,
  can,
  canSeeScreen,
  exemptFromPublicLookupLimit,
  routeClass,
  sessionAlive,
  throttleMessage,
  throttleWait,
  type Permissions,
  type ThrottleInput,
} from "./rules";
import { OP, type OperationCode } from "~/auth/operations";

// The route lists of spec part 1 §2, written out here (not imported) so a drift in db/reference.ts shows up.
const PUBLIC = ["/", "/consulta-coberturas-esp", "/consulta-coberturas", "/carnet-cobertura"];
const LOGIN_ONLY = ["/home", "/change-password", "/acerca-de", "/turnos", "/listado-turnos"];
/** Login-only, but a signed-in user needs the profile's grant (ADR 030). */
const TURNOS = ["/turnos", "/listado-turnos"];
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
  allowed_screen: [...GATED_BASES, "/turnos", "/listado-turnos", "/consulta-coberturas-esp"],
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

describe("canSeeScreen / can", () => {
  test("public and login-only screens are visible to any signed-in user, except the turnos screens", () => {
    for (const p of [...PUBLIC, ...LOGIN_ONLY].filter((p) => !TURNOS.includes(p))) {
      expect(canSeeScreen(NONE, p)).toBe(true);
    }
  });

  test.each(TURNOS)("login-only %s needs the profile's grant (ADR 030), like a gated screen", (path) => {
    expect(routeClass(path)).toBe("login");
    expect(canSeeScreen(NONE, path)).toBe(false);
    expect(canSeeScreen(CONSULTA, path)).toBe(false);
    expect(canSeeScreen(ADMIN, path)).toBe(true);
    expect(canSeeScreen({ allowed_screen: [path], allowed_operation: [] }, path)).toBe(true);
    expect(canSeeScreen({ allowed_screen: [path], allowed_operation: [] }, `${path}/`)).toBe(true);
    // Each screen is granted on its own.
    const other = TURNOS.find((p) => p !== path)!;
    expect(canSeeScreen({ allowed_screen: [other], allowed_operation: [] }, path)).toBe(false);
  });

  test("the public lookup that is a drawer entry stays public", () => {
    expect(canSeeScreen(NONE, "/consulta-coberturas-esp")).toBe(true);
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
    expect(can(CONSULTA, OP.VER_NOTAS)).toBe(true);
    expect(can(CONSULTA, OP.VER_AFILIACION)).toBe(true);
    expect(can(CONSULTA, OP.ELIMINAR_FICHA)).toBe(false);
    expect(can(CONSULTA, OP.GUARDAR_FICHA_ALTA)).toBe(false); // not a prefix match of '14'/'15'/'19'
    expect(can(ADMIN, OP.VER_INTERNACIONES)).toBe(true);
    expect(can(ADMIN, "39" as OperationCode)).toBe(false); // a code nobody defined
  });
});

describe("sign-in throttling (ADR 025)", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const base: ThrottleInput = {
    pairFailures: 0,
    lastPairFailure: null,
    userFailures: 0,
    lastUserFailure: null,
    addressFailures: 0,
    oldestAddressFailure: null,
    knownAddress: false,
    now,
  };
  const userWait = (m: string) => `Demasiados intentos fallidos para este usuario. Intente nuevamente en ${m}.`;
  const addressWait = (m: string) => `Demasiados intentos fallidos desde esta dirección. Intente nuevamente en ${m}.`;

  test("the numbers: 5 free failures per user and address, 1 minute doubling up to 60, forgotten after a day", () => {
    expect(FREE_FAILURES).toBe(5);
    expect(FIRST_WAIT_MS).toBe(MIN);
    expect(MAX_WAIT_MS).toBe(60 * MIN);
    expect(FAILURE_MEMORY_MS).toBe(24 * 60 * MIN);
    expect(FREE_FAILURES_PER_USER).toBe(20);
    expect(MAX_FAILURES_PER_ADDRESS).toBe(100);
    expect(ADDRESS_WINDOW_MS).toBe(15 * MIN);
    expect(KNOWN_ADDRESS_MS).toBe(60 * 24 * 60 * MIN);
  });

  test.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 2],
    [7, 4],
    [8, 8],
    [10, 32],
    [11, 60], // 64 capped
    [12, 60],
    [5000, 60],
  ])("backoff after %i consecutive failures: %i minutes", (n, minutes) => {
    expect(backoffMs(n)).toBe(minutes * MIN);
  });

  test.each([
    [19, 0],
    [20, 1],
    [21, 2],
  ])("backoff with 20 free failures (the per-user count): %i → %i minutes", (n, minutes) => {
    expect(backoffMs(n, FREE_FAILURES_PER_USER)).toBe(minutes * MIN);
  });

  test.each([
    // pair failures, last one ms ago, expected
    [4, 0, null],
    [5, 0, userWait("1 minuto")],
    [5, 30_000, userWait("1 minuto")], // partial minutes round up
    [5, MIN - 1, userWait("1 minuto")],
    [5, MIN, null], // the wait is over
    [6, 0, userWait("2 minutos")],
    [7, 61_000, userWait("3 minutos")],
    [12, 0, userWait("60 minutos")],
    [12, 59 * MIN, userWait("1 minuto")],
  ])("%i failures of this user at this address, the last %i ms ago → %s", (n, msAgo, expected) => {
    expect(throttleMessage({ ...base, pairFailures: n, lastPairFailure: ago(msAgo) })).toBe(expected);
  });

  test("a known address still waits for its own failures", () => {
    expect(throttleMessage({ ...base, knownAddress: true, pairFailures: 5, lastPairFailure: now })).toBe(
      userWait("1 minuto"),
    );
  });

  test.each([
    [19, false, null],
    [20, false, userWait("1 minuto")],
    [22, false, userWait("4 minutos")],
    [20, true, null],
    [500, true, null],
  ])("%i failures against the user from every address, known address %s → %s", (n, known, expected) => {
    expect(throttleMessage({ ...base, userFailures: n, lastUserFailure: now, knownAddress: known })).toBe(expected);
  });

  test.each([
    [99, 0, false, null],
    [100, 5 * MIN, false, addressWait("10 minutos")],
    [100, 15 * MIN - 1, false, addressWait("1 minuto")],
    [100, 15 * MIN, false, null],
    [100, 0, true, null],
    [5000, 0, true, null],
  ])("%i failures from this address, the oldest %i ms ago, known address %s → %s", (n, msAgo, known, expected) => {
    const t = { ...base, addressFailures: n, oldestAddressFailure: ago(msAgo), knownAddress: known };
    expect(throttleMessage(t)).toBe(expected);
  });

  test("when several limits apply: the user's message, with the longest wait", () => {
    const t = {
      ...base,
      pairFailures: 5,
      lastPairFailure: now,
      addressFailures: 150,
      oldestAddressFailure: ago(5 * MIN),
    };
    expect(throttleMessage(t)).toBe(userWait("10 minutos"));
    expect(throttleWait(t)).toEqual({ ms: 10 * MIN, reason: "usuario" });
  });

  test("nothing applies → null", () => {
    expect(throttleWait(base)).toBeNull();
    expect(throttleMessage(base)).toBeNull();
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

describe("exemptFromPublicLookupLimit (ADR 026, issue 26): only profiles holding a member screen", () => {
  const only = (...allowed_screen: string[]): Permissions => ({ allowed_screen, allowed_operation: [] });
  test.each<[string, Permissions | null, boolean]>([
    ["signed out", null, false],
    ["a profile with nothing", NONE, false],
    ["ADMINISTRADOR (every screen)", ADMIN, true],
    ["CONSULTA (/consultar-padron)", CONSULTA, true],
    [
      "PRESTADOR (/liquidacion-prestadores only)",
      { allowed_screen: ["/liquidacion-prestadores"], allowed_operation: ["34"] },
      false,
    ],
    [
      "AUDITORIA MEDICA (reports only)",
      only("/liquidacion-prestadores", "/osep-tiempos-auditoria", "/consumos-por-prestador"),
      false,
    ],
    ["only /consulta-coberturas-esp (the drawer entry)", only("/consulta-coberturas-esp"), true],
    ["only /consultar-padron", only("/consultar-padron"), true],
    ["oncology screens only", only("/nueva-ficha", "/buscar-ficha"), false],
    ["the public lookup inside the shell is no grant", only("/consulta-coberturas"), false],
    ["a look-alike path", only("/consultar-padron-onco", "/consulta-coberturas-esp/x"), false],
    ["operations without the screen", { allowed_screen: [], allowed_operation: ["14", "15", "19"] }, false],
  ])("%s → %s", (_label, perms, exempt) => {
    expect(exemptFromPublicLookupLimit(perms)).toBe(exempt);
  });
});
