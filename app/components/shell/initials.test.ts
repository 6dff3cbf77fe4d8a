import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it.each([
    ["ADMINISTRADOR DEL SISTEMA", "AS"],
    ["USUARIO DE CONSULTA", "UC"],
    ["González María José", "GMJ"],
    ["Pérez de la Fuente Ana Luisa", "PFA"],
    ["  ávila   sebastián ", "ÁS"],
    ["DEL", "D"],
    ["", ""],
  ])("%s → %s", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
