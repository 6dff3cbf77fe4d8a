import { describe, test, expect } from "vitest";
import type { z } from "~/lib/zod";
import { ChangePasswordSchema, LoginSchema, RegisterSchema, changePasswordSchema } from "./credentials.schema";

const REQUIRED = "Todos los campos son obligatorios!";
const HUGE = "a".repeat(10_000);

/** The first message for one field, or undefined when that field is fine. */
function msgFor(result: z.ZodSafeParseResult<unknown>, field: string): string | undefined {
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join(".") === field)?.message;
}

/** Spanish-looking: has a Spanish word and no zod default English ("Invalid input", "Too big", "expected ..."). */
function expectSpanish(msg: string | undefined) {
  expect(msg).toBeTruthy();
  expect(msg).not.toMatch(/invalid|expected|too (big|small)|required/i);
}

describe("LoginSchema", () => {
  test.each([
    [{ usuario: "", password: "x" }, "usuario"],
    [{ usuario: "   ", password: "x" }, "usuario"],
    [{ usuario: "\t\n ", password: "x" }, "usuario"],
    [{ usuario: "admin", password: "" }, "password"],
    [{ usuario: "admin", password: "    " }, "password"],
    [{ password: "x" }, "usuario"],
    [{ usuario: "admin" }, "password"],
    [{ usuario: 42, password: "x" }, "usuario"],
  ])("%j → '%s' is 'Todos los campos son obligatorios!'", (input, field) => {
    const r = LoginSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(msgFor(r, field)).toBe(REQUIRED);
  });

  test("both blank: both fields carry the message", () => {
    const r = LoginSchema.safeParse({ usuario: " ", password: " " });
    expect(msgFor(r, "usuario")).toBe(REQUIRED);
    expect(msgFor(r, "password")).toBe(REQUIRED);
  });

  test.each(["usuario", "password"])("a 10 000-character %s is rejected with a Spanish message", (field) => {
    const r = LoginSchema.safeParse({ usuario: "admin", password: "admin", [field]: HUGE });
    expect(r.success).toBe(false);
    expect(msgFor(r, field)).toBe("El usuario o la contraseña exceden el largo permitido");
  });

  test("the username is trimmed; the password is kept as typed", () => {
    const r = LoginSchema.parse({ usuario: "  admin ", password: " admin " });
    expect(r).toEqual({ usuario: "admin", password: " admin " });
  });

  test("SQL-looking input is an ordinary credential (accepted as text, unchanged)", () => {
    const sqlish = "' OR 1=1 --";
    expect(LoginSchema.parse({ usuario: sqlish, password: sqlish })).toEqual({ usuario: sqlish, password: sqlish });
    expect(LoginSchema.parse({ usuario: "admin'; drop table us_usuarios; --", password: "x" }).usuario).toBe(
      "admin'; drop table us_usuarios; --",
    );
  });
});

describe("ChangePasswordSchema", () => {
  const ok = { currente_pass: "vieja-clave", new_pass: "nueva-clave-1", repeat_new_pass: "nueva-clave-1" };

  test("a valid change parses", () => {
    expect(ChangePasswordSchema.parse(ok)).toEqual(ok);
  });

  test("new and repeated passwords that differ → 'La contrasenas deben coincidir'", () => {
    const r = ChangePasswordSchema.safeParse({ ...ok, repeat_new_pass: "nueva-clave-2" });
    expect(r.success).toBe(false);
    expect(msgFor(r, "repeat_new_pass")).toBe("La contrasenas deben coincidir");
  });

  test("a new password shorter than 8 characters is rejected", () => {
    const r = ChangePasswordSchema.safeParse({ ...ok, new_pass: "corta7!", repeat_new_pass: "corta7!" });
    expect(r.success).toBe(false);
    expect(msgFor(r, "new_pass")).toBe("La contraseña debe tener al menos 8 caracteres");
  });

  test("exactly 8 characters is enough", () => {
    expect(ChangePasswordSchema.safeParse({ ...ok, new_pass: "ocho1234", repeat_new_pass: "ocho1234" }).success).toBe(
      true,
    );
  });

  test("a new password equal to the current one is rejected", () => {
    const r = ChangePasswordSchema.safeParse({
      currente_pass: "misma-clave",
      new_pass: "misma-clave",
      repeat_new_pass: "misma-clave",
    });
    expect(r.success).toBe(false);
    expect(msgFor(r, "new_pass")).toBe("La contraseña nueva debe ser distinta de la actual");
  });

  test("missing fields get Spanish messages", () => {
    const r = ChangePasswordSchema.safeParse({});
    expect(msgFor(r, "currente_pass")).toBe("Debe ingresar la contraseña actual");
    expect(msgFor(r, "new_pass")).toBe("La contrasena es obligatoria");
    expect(msgFor(r, "repeat_new_pass")).toBe("La contrasena es obligatoria");
  });

  test.each(["currente_pass", "new_pass", "repeat_new_pass"])(
    "a 10 000-character %s is rejected in Spanish",
    (field) => {
      const r = ChangePasswordSchema.safeParse({ ...ok, [field]: HUGE });
      expect(r.success).toBe(false);
      expect(msgFor(r, field)).toBe("La contraseña es demasiado larga");
    },
  );
});

describe("RegisterSchema", () => {
  const ok = { apeynom: "Pérez Juan", usuario: "jperez", password: "clave-segura" };

  test("defaults: profile 1, type 1", () => {
    expect(RegisterSchema.parse(ok)).toEqual({ ...ok, usPerfilId: 1, type_usr: 1 });
  });

  test.each([{ apeynom: "" }, { apeynom: "   " }, { apeynom: undefined }])(
    "apeynom %j → 'El nombre es obligatorio'",
    (patch) => {
      expect(msgFor(RegisterSchema.safeParse({ ...ok, ...patch }), "apeynom")).toBe("El nombre es obligatorio");
    },
  );

  test.each([{ usuario: "" }, { usuario: "  " }, { usuario: undefined }])(
    "usuario %j → 'El usuario es obligatorio'",
    (patch) => {
      expect(msgFor(RegisterSchema.safeParse({ ...ok, ...patch }), "usuario")).toBe("El usuario es obligatorio");
    },
  );

  test.each([{ password: "" }, { password: undefined }])("password %j → 'La contrasena es obligatoria'", (patch) => {
    expect(msgFor(RegisterSchema.safeParse({ ...ok, ...patch }), "password")).toBe("La contrasena es obligatoria");
  });

  test("a short password is rejected", () => {
    expect(msgFor(RegisterSchema.safeParse({ ...ok, password: "1234567" }), "password")).toBe(
      "La contraseña debe tener al menos 8 caracteres",
    );
  });

  test.each(["apeynom", "usuario", "password"])("a 10 000-character %s is rejected in Spanish", (field) => {
    const r = RegisterSchema.safeParse({ ...ok, [field]: HUGE });
    expect(r.success).toBe(false);
    expectSpanish(msgFor(r, field));
  });

  test("SQL-looking usernames are refused by the character rule", () => {
    const r = RegisterSchema.safeParse({ ...ok, usuario: "' OR 1=1 --" });
    expect(r.success).toBe(false);
    expectSpanish(msgFor(r, "usuario"));
  });

  test.each([{ usPerfilId: "x" }, { usPerfilId: 0 }, { usPerfilId: -3 }, { usPerfilId: 1.5 }])(
    "profile %j → 'Perfil inválido'",
    (patch) => {
      expect(msgFor(RegisterSchema.safeParse({ ...ok, ...patch }), "usPerfilId")).toBe("Perfil inválido");
    },
  );
});

// ADR 025: one password policy (length, not the user name, not a common password) for create, change and reset.
describe("the password policy in the schemas", () => {
  const COMMON = "La contraseña es demasiado común; elija otra";
  const register = { apeynom: "Pérez Juan", usuario: "jperez" };
  const change = (p: string) => ({ currente_pass: "vieja-clave-1", new_pass: p, repeat_new_pass: p });

  test.each([
    "aaaaaaaa",
    "12345678",
    "123456789",
    "87654321",
    "password",
    "Password1",
    "contraseña",
    "Contrasena123",
    "osep1234",
    "OSEP2026!",
    "qwerty123",
    "argentina",
    "Catamarca2025",
    "abcdefgh",
    "11111111",
    "qwertyuiop",
    "abcabcabc",
  ])("'%s' is too common, for create and change", (p) => {
    const created = RegisterSchema.safeParse({ ...register, password: p });
    expect(msgFor(created, "password")).toBe(COMMON);
    expect(msgFor(ChangePasswordSchema.safeParse(change(p)), "new_pass")).toBe(COMMON);
    // one message at a time
    expect(created.error!.issues.filter((i) => i.path[0] === "password")).toHaveLength(1);
  });

  test.each(["Clave-e2e-1234", "Nueva-clave-987", "tres tristes tigres", "x7!Kq2#mZp", "jp-osep-feliz-42"])(
    "'%s' is accepted",
    (p) => {
      expect(RegisterSchema.safeParse({ ...register, password: p }).success).toBe(true);
      expect(ChangePasswordSchema.safeParse(change(p)).success).toBe(true);
    },
  );

  test("create: the user name, in any case, is refused; so is a password that contains it", () => {
    const same = RegisterSchema.safeParse({ ...register, usuario: "jperez2024", password: "JPerez2024" });
    expect(msgFor(same, "password")).toBe("La contraseña no puede ser igual al usuario");
    const inside = RegisterSchema.safeParse({ ...register, password: "soy-JPEREZ-99" });
    expect(msgFor(inside, "password")).toBe("La contraseña no puede contener el usuario");
  });

  test("change: the signed-in user's name is refused", () => {
    const schema = changePasswordSchema("forms_cambio");
    expect(msgFor(schema.safeParse(change("Forms_Cambio")), "new_pass")).toBe(
      "La contraseña no puede ser igual al usuario",
    );
    expect(schema.safeParse(change("Nueva-clave-987")).success).toBe(true);
  });

  test("one length message for every form", () => {
    expect(msgFor(ChangePasswordSchema.safeParse(change("corta7!")), "new_pass")).toBe(
      "La contraseña debe tener al menos 8 caracteres",
    );
  });
});

describe("RegisterSchema ids stay within an integer column", () => {
  test.each([99999999999, "99999999999", 2_147_483_648, 1e21, null, true, "1.5", " "])(
    "usPerfilId %j → 'Perfil inválido'",
    (usPerfilId) => {
      const r = RegisterSchema.safeParse({ apeynom: "A", usuario: "abc", password: "clave-segura", usPerfilId });
      expect(msgFor(r, "usPerfilId")).toBe("Perfil inválido");
    },
  );

  test.each([2, "2", " 2 ", 2_147_483_647])("usPerfilId %j is accepted", (usPerfilId) => {
    const r = RegisterSchema.safeParse({ apeynom: "A", usuario: "abc", password: "clave-segura", usPerfilId });
    expect(r.success).toBe(true);
  });

  test.each([3, 0, "x", 99999999999, null])("type_usr %j → 'Tipo de usuario inválido'", (type_usr) => {
    const r = RegisterSchema.safeParse({ apeynom: "A", usuario: "abc", password: "clave-segura", type_usr });
    expect(msgFor(r, "type_usr")).toBe("Tipo de usuario inválido");
  });
});
