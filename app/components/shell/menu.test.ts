import { describe, test, expect } from "vitest";
import { GATED_SCREENS, OPERATIONS, PROFILES } from "~db/reference";
import type { Permissions } from "~/auth/rules";
import { ALWAYS, visibleMenu } from "./menu";

/** The permissions the seed gives a profile of db/reference.ts (what userForToken returns for it). */
function profilePerms(id: number): Permissions {
  const p = PROFILES.find((x) => x.id === id)!;
  return {
    allowed_screen: p.screens === "all" ? GATED_SCREENS.map((s) => s.path) : p.screens,
    allowed_operation: p.operations === "all" ? OPERATIONS.map((o) => o.id) : p.operations,
  };
}

const view = (perms: Permissions) =>
  visibleMenu(perms).map((g) => [g.label, g.entries.map((e) => `${e.path} ${e.label}`)]);

describe("visibleMenu", () => {
  test("admin sees every group and entry of spec §2, plus Usuarios", () => {
    expect(view(profilePerms(1))).toEqual([
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
        ["/osep-tiempos-auditoria Tiempos de Auditoria", "/consumos-por-prestador Consumos por Prestador"],
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
    ]);
  });

  test("consulta sees only Búsqueda, Listados, Buscar Ficha, the public Consulta Coberturas and the turnos entries", () => {
    const menu = visibleMenu(profilePerms(2));
    expect(view(profilePerms(2))).toEqual([
      ["ONCOLOGIA", ["/buscar-ficha Buscar Ficha"]],
      ["COBERTURAS", ["/consulta-coberturas-esp Consulta Coberturas"]],
      ["AFILIADOS", ["/consultar-padron Búsqueda", "/listado-afiliados Listados"]],
      [null, ["/turnos Turnos", "/listado-turnos Consulta de Turnos"]],
    ]);
    expect(menu.find((g) => g.label === "Usuarios")).toBeUndefined();
    expect(menu.flatMap((g) => g.entries.map((e) => e.path))).not.toContain("/users");
  });

  test("a user with no screens still sees the public and login-only entries", () => {
    expect(view({ allowed_screen: [], allowed_operation: [] })).toEqual([
      ["COBERTURAS", ["/consulta-coberturas-esp Consulta Coberturas"]],
      [null, ["/turnos Turnos", "/listado-turnos Consulta de Turnos"]],
    ]);
  });

  test("the Usuarios group needs /users: /perfiles alone does not show it", () => {
    const menu = visibleMenu({ allowed_screen: ["/perfiles"], allowed_operation: ["36"] });
    expect(menu.find((g) => g.id === "usuarios")).toBeUndefined();
  });

  test("with /users but without operation 36 the audit entry is hidden", () => {
    const usuarios = visibleMenu({ allowed_screen: ["/users", "/perfiles"], allowed_operation: [] }).find(
      (g) => g.id === "usuarios",
    );
    expect(usuarios?.entries.map((e) => e.path)).toEqual(["/users", "/perfiles"]);
  });

  test("Acerca de and Cambiar Contraseña are always there", () => {
    expect(ALWAYS).toEqual([
      { path: "/acerca-de", label: "Acerca de" },
      { path: "/change-password", label: "Cambiar Contraseña" },
    ]);
  });
});
