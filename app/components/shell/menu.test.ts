import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { DRAWER_GRANT_SCREENS } from "~db/reference";
import { usPantallas, usPerfilPantallas } from "~db/schema/auth";
import { seedReference } from "~db/seed/reference";
import { profilePermissions } from "~/auth/permissions.server";
import type { Permissions } from "~/auth/rules";
import { ALWAYS, drawerLabel, visibleMenu } from "./menu";

let t: TestDb;
/** What the seed grants each base profile, read back the way a signed-in user's permissions are. */
const seeded = new Map<number, Permissions>();

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  for (const id of [1, 2, 10, 20]) seeded.set(id, await profilePermissions(t.db, id));
});

afterAll(async () => {
  await t?.cleanup();
});

const view = (perms: Permissions) =>
  visibleMenu(perms).map((g) => [g.label, g.entries.map((e) => `${e.path} ${e.label}`)]);
const only = (...allowed_screen: string[]): Permissions => ({ allowed_screen, allowed_operation: [] });

describe("visibleMenu per seeded profile (spec part 1 §2: each entry only if its path is allowed)", () => {
  test("ADMINISTRADOR: every group and entry of §2, Turnos and Consulta Coberturas included, plus Usuarios", () => {
    expect(view(seeded.get(1)!)).toEqual([
      ["ONCOLOGIA", ["/nueva-ficha Nueva Ficha", "/buscar-ficha Buscar Ficha"]],
      [
        "COBERTURAS",
        [
          "/consultar-padron-onco Padrón de Planes",
          "/informes-practicas Consulta de Practicas",
          "/consulta-vademecum Consulta de Vademecum",
          "/consulta-coberturas-esp Consulta Coberturas",
        ],
      ],
      [
        "ESTADÍSTICAS",
        [
          "/osep-tiempos-auditoria Tiempos de Auditoria",
          "/consumos-por-prestador Consumos por Prestador",
          "/reportes-programados Reportes Programados",
        ],
      ],
      [
        "AFILIADOS",
        [
          "/consultar-padron Búsqueda",
          "/listado-afiliados Listados",
          "/padron_farmacia Padrón Farmacia",
          "/padron_voluntarios Padrón Voluntarios",
        ],
      ],
      ["CAPA COVID", ["/regcapa Nuevo Registro", "/listado-capa Listados"]],
      ["MAE", ["/regmae Nuevo Registro", "/listado-mae Listados"]],
      ["PRESTADORES", ["/liquidacion-prestadores Preliquidación", "/padron-profesionales Padrón de Profesionales"]],
      [null, ["/turnos Turnos", "/listado-turnos Consulta de Turnos"]],
      ["Usuarios", ["/users ABM Usuarios", "/perfiles Perfiles", "/registro-auditoria Registro de Auditoría"]],
      ["SISTEMAS CENTRALES", ["/importaciones Importaciones"]],
    ]);
  });

  test("CONSULTA: Buscar Ficha, Búsqueda and Listados only; no Turnos, Consulta de Turnos or Consulta Coberturas", () => {
    expect(view(seeded.get(2)!)).toEqual([
      ["ONCOLOGIA", ["/buscar-ficha Buscar Ficha"]],
      ["AFILIADOS", ["/consultar-padron Búsqueda", "/listado-afiliados Listados"]],
    ]);
  });

  test("AUDITORIA MEDICA: its statistics and the pre-settlement", () => {
    expect(view(seeded.get(10)!)).toEqual([
      [
        "ESTADÍSTICAS",
        ["/osep-tiempos-auditoria Tiempos de Auditoria", "/consumos-por-prestador Consumos por Prestador"],
      ],
      ["PRESTADORES", ["/liquidacion-prestadores Preliquidación"]],
    ]);
  });

  test("PRESTADOR: the pre-settlement only", () => {
    expect(view(seeded.get(20)!)).toEqual([["PRESTADORES", ["/liquidacion-prestadores Preliquidación"]]]);
  });
});

describe("an installation seeded before the drawer grants (docs/decisions/029)", () => {
  test("the next start gives the ADMINISTRADOR the three entries again and no other profile anything", async () => {
    const ids = (
      await t.db
        .select({ id: usPantallas.id })
        .from(usPantallas)
        .where(inArray(usPantallas.path, [...DRAWER_GRANT_SCREENS]))
    ).map((r) => r.id);
    expect(ids).toHaveLength(3);
    await t.db
      .delete(usPerfilPantallas)
      .where(and(eq(usPerfilPantallas.usPerfilId, 1), inArray(usPerfilPantallas.usPantallaId, ids)));
    expect(view(await profilePermissions(t.db, 1)).find(([label]) => label === null)).toBeUndefined();

    await seedReference(t.db, []);
    expect(view(await profilePermissions(t.db, 1)).find(([label]) => label === null)).toEqual([
      null,
      ["/turnos Turnos", "/listado-turnos Consulta de Turnos"],
    ]);
    for (const id of [2, 10, 20]) expect(await profilePermissions(t.db, id)).toEqual(seeded.get(id));
  });
});

describe("visibleMenu rules", () => {
  test("a user with no screens sees no group at all (only the always-present entries remain)", () => {
    expect(view(only())).toEqual([]);
  });

  test("login-only and public entries show when the profile holds their screen, like the gated ones", () => {
    expect(view(only("/turnos"))).toEqual([[null, ["/turnos Turnos"]]]);
    expect(view(only("/listado-turnos"))).toEqual([[null, ["/listado-turnos Consulta de Turnos"]]]);
    expect(view(only("/consulta-coberturas-esp"))).toEqual([
      ["COBERTURAS", ["/consulta-coberturas-esp Consulta Coberturas"]],
    ]);
  });

  test("the Usuarios group needs /users: /perfiles alone does not show it", () => {
    const menu = visibleMenu({ allowed_screen: ["/perfiles"], allowed_operation: ["36"] });
    expect(menu.find((g) => g.id === "usuarios")).toBeUndefined();
  });

  test("with /users but without operation 36 the audit entry is hidden", () => {
    const usuarios = visibleMenu(only("/users", "/perfiles")).find((g) => g.id === "usuarios");
    expect(usuarios?.entries.map((e) => e.path)).toEqual(["/users", "/perfiles"]);
  });

  test("Acerca de and Cambiar Contraseña are always there", () => {
    expect(ALWAYS).toEqual([
      { path: "/acerca-de", label: "Acerca de" },
      { path: "/change-password", label: "Cambiar Contraseña" },
    ]);
  });
});

describe("drawerLabel (one source for the labels of the profile dialogs and the /home notice)", () => {
  test.each([
    ["/turnos", "Turnos"],
    ["/users", "ABM Usuarios"],
    ["/registro-auditoria", "Registro de Auditoría"],
    ["/change-password", "Cambiar Contraseña"],
    ["/tramites", null],
    ["/no-existe", null],
  ])("%s → %s", (path, label) => {
    expect(drawerLabel(path)).toBe(label);
  });
});
