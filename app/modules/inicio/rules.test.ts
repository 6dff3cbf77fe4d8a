// The /home notice of a refused screen (issue 28): only a known screen's path names it; anything else from the URL
// shows nothing, so nobody can put their own text on the page.
import { describe, expect, test } from "vitest";
import { avisoSinPermiso } from "./rules";

describe("avisoSinPermiso", () => {
  test.each([
    ["/users", "No tiene permiso para acceder a ABM Usuarios (/users)"],
    ["/turnos", "No tiene permiso para acceder a Turnos (/turnos)"],
    ["/registro-auditoria", "No tiene permiso para acceder a Registro de Auditoría (/registro-auditoria)"],
    // a gated screen without a drawer entry: its title
    ["/tramites", "No tiene permiso para acceder a Consulta de Expedientes (/tramites)"],
  ])("%s → %s", (path, msg) => {
    expect(avisoSinPermiso(path)).toBe(msg);
  });

  test.each([
    undefined,
    "",
    "Su cuenta fue bloqueada, llame al 0800",
    "/users <b>llame al 0800</b>",
    "/users?x=1",
    "/regcapa/12",
    "/no-existe",
    "https://evil.example/users",
    "/home",
    "/",
  ])("%j → nothing", (raw) => {
    expect(avisoSinPermiso(raw)).toBeNull();
  });
});
