// The password policy of ADR 025 as table tests: length, the user name, common passwords and their variants.
import { describe, expect, test } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  PASSWORD_HAS_USER,
  PASSWORD_IS_USER,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  isCommonPassword,
  passwordProblem,
  userNameProblem,
} from "./password-policy";

describe("the messages", () => {
  test("are Spanish and fixed", () => {
    expect(PASSWORD_TOO_SHORT).toBe("La contraseña debe tener al menos 8 caracteres");
    expect(PASSWORD_IS_USER).toBe("La contraseña no puede ser igual al usuario");
    expect(PASSWORD_HAS_USER).toBe("La contraseña no puede contener el usuario");
    expect(PASSWORD_TOO_COMMON).toBe("La contraseña es demasiado común; elija otra");
  });
});

describe("the list", () => {
  test("a few hundred entries, no duplicates, the local ones included", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const w of ["osep", "catamarca", "argentina", "contraseña", "password", "123456", "qwerty"]) {
      expect(COMMON_PASSWORDS).toContain(w);
    }
  });
});

describe("isCommonPassword", () => {
  test.each([
    // in the list, any case, with or without accents
    "password",
    "PASSWORD",
    "Contraseña",
    "contrasena",
    "iloveyou",
    "trustno1",
    "1q2w3e4r",
    "bocajuniors",
    // a listed word with only digits or symbols around it
    "osep1234",
    "Osep2026!",
    "2026osep",
    "catamarca.1",
    "Argentina1986",
    "qwerty-123",
    "password!!",
    "Maradona10",
    // one short unit repeated
    "aaaaaaaa",
    "zzzzzzzzzzzz",
    "12121212",
    "abcabcabc",
    "!!!!!!!!",
    // sequences on the keyboard or the alphabet, either way
    "12345678",
    "0123456789",
    "87654321",
    "abcdefgh",
    "hgfedcba",
    "qwertyui",
    "asdfghjk",
    "1qaz2wsx3edc",
    "abcdefgh1",
  ])("'%s' is common", (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });

  test.each([
    "Clave-e2e-1234",
    "Nueva-clave-987",
    "nueva-clave-9",
    "ocho1234",
    "tres tristes tigres",
    "x7!Kq2#mZp",
    "osep-es-mi-obra-social", // a listed word inside a longer phrase is fine
    "Catamarca-del-Valle-1683",
    "20304050607",
  ])("'%s' is not", (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});

describe("userNameProblem", () => {
  test.each([
    ["jperez", "jperez", PASSWORD_IS_USER],
    ["jperez", "JPEREZ", PASSWORD_IS_USER],
    ["  jperez ", "jperez", PASSWORD_IS_USER],
    ["núñez", "NUNEZ", PASSWORD_IS_USER],
    ["jperez", "soy-jperez-99", PASSWORD_HAS_USER],
    ["20123456789", "x20123456789x", PASSWORD_HAS_USER], // a CUIT as user name
    ["ana", "banana-split-7", null], // names under 4 characters may appear inside
    ["ana", "ANA", PASSWORD_IS_USER],
    ["jperez", "otra-cosa-99", null],
    ["", "cualquiera-99", null],
  ])("user %j, password %j → %s", (usuario, password, expected) => {
    expect(userNameProblem(password, usuario)).toBe(expected);
  });
});

describe("passwordProblem", () => {
  test.each([
    ["corta7!", undefined, PASSWORD_TOO_SHORT],
    ["", "x", PASSWORD_TOO_SHORT],
    ["1234567", undefined, PASSWORD_TOO_SHORT],
    ["12345678", undefined, PASSWORD_TOO_COMMON],
    ["jperez2024", "jperez2024", PASSWORD_IS_USER], // the user rule before the list
    ["admin123", "admin", PASSWORD_HAS_USER],
    ["admin123", undefined, PASSWORD_TOO_COMMON],
    ["un-buen-secreto-42", "jperez", null],
    ["un-buen-secreto-42", undefined, null],
  ])("%j for user %j → %s", (password, usuario, expected) => {
    expect(passwordProblem(password, usuario)).toBe(expected);
  });
});
