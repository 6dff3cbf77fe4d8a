// Table tests of the registry's way of writing names and places (issue 28, ADR 054).
import { describe, expect, test } from "vitest";
import { toRegistryText, toRegistryTextOrNull } from "./registry-text";

describe("toRegistryText", () => {
  test.each([
    ["Belén", "BELÉN"],
    ["BELÉN", "BELÉN"],
    ["belén", "BELÉN"],
    ["Bele\u0301n", "BELÉN"], // decomposed accent (NFD) → one letter
    ["  san   fernando del valle\tde catamarca ", "SAN FERNANDO DEL VALLE DE CATAMARCA"],
    ["Fray Mamerto Esquiú", "FRAY MAMERTO ESQUIÚ"],
    ["núñez, maría de los ángeles", "NÚÑEZ, MARÍA DE LOS ÁNGELES"],
    ["Güemes", "GÜEMES"],
    ["Escuela N° 24 Coronel Daza", "ESCUELA N° 24 CORONEL DAZA"],
    ["", ""],
  ])("%j → %j", (typed, stored) => {
    expect(toRegistryText(typed)).toBe(stored);
  });

  test("'Belén' and 'BELÉN' are one stored form; applying it again changes nothing", () => {
    expect(toRegistryText("Belén")).toBe(toRegistryText("BELÉN"));
    expect(toRegistryText(toRegistryText(" belén "))).toBe("BELÉN");
  });

  test("an optional value: null and undefined stay null", () => {
    expect(toRegistryTextOrNull(null)).toBeNull();
    expect(toRegistryTextOrNull(undefined)).toBeNull();
    expect(toRegistryTextOrNull("Tinogasta")).toBe("TINOGASTA");
  });
});
