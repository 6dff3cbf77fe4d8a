// The user forms' schemas (spec part 2 §5 User form, Reset password): the spec's messages exactly, bounded texts,
// and the same result from a JSON body (the API) and a form (conform, every value a string).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import { crearUsuarioSchema, modificarUsuarioSchema, resetearContrasenaSchema } from "./usuarios.schema";

const errorsOf = (schema: Parameters<typeof parseInput>[0], raw: unknown) => {
  const r = parseInput(schema, raw);
  return r.ok ? [] : r.errors;
};
const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
};

describe("crearUsuarioSchema", () => {
  test("new users are ACTIVO; the profile must be chosen (ADR 034: no preselected ADMINISTRADOR)", () => {
    expect(
      crearUsuarioSchema.parse({ apeynom: "Ana", usuario: "ana.g", password: "clave-segura-1", usPerfilId: 2 }),
    ).toEqual({ apeynom: "Ana", usuario: "ana.g", password: "clave-segura-1", usPerfilId: 2, activo: true });
    expect(errorsOf(crearUsuarioSchema, { apeynom: "Ana", usuario: "ana.g", password: "clave-segura-1" })).toEqual([
      { param: "usPerfilId", msg: "Debe seleccionar un perfil" },
    ]);
    expect(
      errorsOf(crearUsuarioSchema, { apeynom: "Ana", usuario: "ana.g", password: "clave-segura-1", usPerfilId: "" }),
    ).toEqual([{ param: "usPerfilId", msg: "Debe seleccionar un perfil" }]);
  });

  test("the spec's required messages, each under its field", () => {
    expect(errorsOf(crearUsuarioSchema, {})).toEqual([
      { param: "apeynom", msg: "El nombre es obligatorio" },
      { param: "usuario", msg: "El usuario es obligatorio" },
      { param: "password", msg: "La contrasena es obligatoria" },
      { param: "usPerfilId", msg: "Debe seleccionar un perfil" },
    ]);
    expect(errorsOf(crearUsuarioSchema, { apeynom: "  ", usuario: " ", password: "" }).map((e) => e.msg)).toEqual([
      "El nombre es obligatorio",
      "El usuario es obligatorio",
      "La contrasena es obligatoria",
      "Debe seleccionar un perfil",
    ]);
  });

  test("10 000 characters are a message, not a database error", () => {
    const long = "x".repeat(10_000);
    expect(errorsOf(crearUsuarioSchema, { apeynom: long, usuario: long, password: long, usPerfilId: 2 })).toEqual([
      { param: "apeynom", msg: "El nombre es demasiado largo" },
      { param: "usuario", msg: "El usuario es demasiado largo" },
      { param: "password", msg: "La contraseña es demasiado larga" },
    ]);
  });

  test("a lone surrogate in the name is a message (the audit's JSON could not hold it); emoji are fine", () => {
    expect(
      errorsOf(crearUsuarioSchema, { apeynom: "a\uD800b", usuario: "u_x", password: "clave-segura-1", usPerfilId: 2 }),
    ).toEqual([{ param: "apeynom", msg: "El nombre contiene caracteres inválidos" }]);
    expect(
      errorsOf(crearUsuarioSchema, { apeynom: "Ana 😀", usuario: "u_x", password: "clave-segura-1", usPerfilId: 2 }),
    ).toEqual([]);
  });

  test("the password policy, the user-name rule included", () => {
    expect(errorsOf(crearUsuarioSchema, { apeynom: "A", usuario: "pepe_x", password: "corta", usPerfilId: 2 })).toEqual(
      [{ param: "password", msg: "La contraseña debe tener al menos 8 caracteres" }],
    );
    expect(
      errorsOf(crearUsuarioSchema, { apeynom: "A", usuario: "pepe_xyz", password: "PEPE_XYZ", usPerfilId: 2 }),
    ).toEqual([{ param: "password", msg: "La contraseña no puede ser igual al usuario" }]);
  });

  test.each([
    [{ usPerfilId: 0 }, "usPerfilId", "Perfil inválido"],
    [{ usPerfilId: "99999999999" }, "usPerfilId", "Perfil inválido"],
    [{ activo: "QUIZAS" }, "activo", "Estado inválido"],
    [{ usuario: "con espacio" }, "usuario", "El usuario solo admite letras, números, punto, guion y guion bajo"],
  ])("%j → %s: %s", (extra, param, msg) => {
    const base = { apeynom: "A", usuario: "valido", password: "clave-segura-1", usPerfilId: 2 };
    expect(errorsOf(crearUsuarioSchema, { ...base, ...extra })).toEqual([{ param, msg }]);
  });

  test("the screen's form gives the same values (strings, INACTIVO)", () => {
    const s = parseWithZod(
      form({ apeynom: "Ana", usuario: "ana.g", password: "clave-segura-1", usPerfilId: "2", activo: "false" }),
      { schema: crearUsuarioSchema },
    );
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toMatchObject({ usPerfilId: 2, activo: false });
    const blank = parseWithZod(form({ apeynom: "", usuario: "", password: "", usPerfilId: "", activo: "true" }), {
      schema: crearUsuarioSchema,
    });
    expect(blank.status).toBe("error");
    expect(blank.status === "error" && blank.error).toEqual({
      apeynom: ["El nombre es obligatorio"],
      usuario: ["El usuario es obligatorio"],
      password: ["La contrasena es obligatoria"],
      usPerfilId: ["Debe seleccionar un perfil"],
    });
  });
});

describe("modificarUsuarioSchema", () => {
  test("id required ('El id es obligatorio'); no password; profile and estado optional", () => {
    expect(errorsOf(modificarUsuarioSchema, { apeynom: "A", usuario: "u" })).toEqual([
      { param: "id", msg: "El id es obligatorio" },
    ]);
    expect(modificarUsuarioSchema.parse({ id: 5, apeynom: "A", usuario: "u", password: "ignorada" })).toEqual({
      id: 5,
      apeynom: "A",
      usuario: "u",
    });
    expect(modificarUsuarioSchema.parse({ id: "5", apeynom: "A", usuario: "u", usPerfilId: 3, activo: false })).toEqual(
      { id: 5, apeynom: "A", usuario: "u", usPerfilId: 3, activo: false },
    );
  });

  test.each([0, -1, 1.5, "abc", 99999999999])("id %j → 'El id es obligatorio'", (id) => {
    expect(errorsOf(modificarUsuarioSchema, { id, apeynom: "A", usuario: "u" })).toEqual([
      { param: "id", msg: "El id es obligatorio" },
    ]);
  });

  test("from the edit form", () => {
    const s = parseWithZod(form({ id: "7", apeynom: "B", usuario: "b", usPerfilId: "1", activo: "true" }), {
      schema: modificarUsuarioSchema,
    });
    expect(s.status === "success" && s.value).toEqual({
      id: 7,
      apeynom: "B",
      usuario: "b",
      usPerfilId: 1,
      activo: true,
    });
  });
});

describe("resetearContrasenaSchema", () => {
  test("both fields required with the spec's text", () => {
    expect(errorsOf(resetearContrasenaSchema, { id: 3 })).toEqual([
      { param: "password", msg: "La contrasena es obligatoria" },
      { param: "confirmPassword", msg: "La contrasena es obligatoria" },
    ]);
  });

  test("must match: 'La contrasenas deben coincidir' under the confirmation", () => {
    expect(
      errorsOf(resetearContrasenaSchema, { id: 3, password: "clave-segura-1", confirmPassword: "clave-segura-2" }),
    ).toEqual([{ param: "confirmPassword", msg: "La contrasenas deben coincidir" }]);
    expect(
      resetearContrasenaSchema.parse({ id: 3, password: "clave-segura-1", confirmPassword: "clave-segura-1" }),
    ).toEqual({ id: 3, password: "clave-segura-1", confirmPassword: "clave-segura-1" });
  });

  test("from the form: blank fields", () => {
    const s = parseWithZod(form({ id: "3", password: "", confirmPassword: "" }), { schema: resetearContrasenaSchema });
    expect(s.status === "error" && s.error).toEqual({
      password: ["La contrasena es obligatoria"],
      confirmPassword: ["La contrasena es obligatoria"],
    });
  });
});
