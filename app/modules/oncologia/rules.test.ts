// Table tests of the oncology rules (spec part 1 §4–§6, decisions 012 and 027).
import { describe, expect, test } from "vitest";
import {
  bodySurface,
  BOUNDS,
  canSave,
  caseActions,
  createsFicha,
  estadoForMode,
  estadoTone,
  ESTADOS_FICHA,
  fechaFichaFueraDeRango,
  headingForMode,
  isReadOnly,
  modeFromOperation,
  requiresDrugs,
  type Mode,
} from "./rules";

const perms = (...codes: string[]) => ({ allowed_operation: codes });

describe("modeFromOperation", () => {
  test.each([
    [null, false, "new"],
    [undefined, false, "new"],
    ["", false, "new"],
    ["  ", false, "new"],
    ["", true, "view"],
    ["update", true, "update"],
    ["update", false, "new"],
    ["change_of_drogs", true, "change_of_drogs"],
    ["change_of_drogs", false, "new"],
    ["reingreso", true, "reingreso"],
    [" reingreso ", true, "reingreso"],
    ["reingreso", false, "new"],
    ["delete", true, "view"],
    ["UPDATE", true, "view"],
    ["' OR 1=1 --", false, "view"],
  ] as const)("op %j, hasFicha %j → %s", (op, has, mode) => {
    expect(modeFromOperation(op, has)).toBe(mode);
  });
});

describe("mode table: creates, status, heading, read-only", () => {
  test.each([
    ["new", true, "INGRESO", "Nueva Ficha", false],
    ["change_of_drogs", true, "CAMBIO_MEDICAMENTO", "Nueva Ficha", false],
    ["reingreso", true, "REINGRESO", "Nueva Ficha", false],
    ["update", false, null, "Modificar Ficha", false],
    ["view", false, null, "Consultar Ficha", true],
  ] as const)("%s", (mode, creates, estado, heading, ro) => {
    expect(createsFicha(mode)).toBe(creates);
    expect(estadoForMode(mode)).toBe(estado);
    expect(headingForMode(mode)).toBe(heading);
    expect(isReadOnly(mode)).toBe(ro);
  });
});

describe("canSave: 1 or 2 always, plus 6 / 8 / 9 for update / drug change / readmission", () => {
  const cases: [Mode, string[], boolean][] = [
    ["new", ["1"], true],
    ["new", ["2"], true],
    ["new", [], false],
    ["new", ["6", "7", "8", "9"], false],
    ["view", ["1", "2", "6", "8", "9"], false],
    ["update", ["1", "6"], true],
    ["update", ["2", "6"], true],
    ["update", ["1"], false],
    ["update", ["6"], false],
    ["change_of_drogs", ["1", "8"], true],
    ["change_of_drogs", ["1", "9"], false],
    ["change_of_drogs", ["8"], false],
    ["reingreso", ["2", "9"], true],
    ["reingreso", ["2", "8"], false],
    ["reingreso", ["9"], false],
  ];
  test.each(cases)("%s with %j → %s", (mode, codes, ok) => {
    expect(canSave(mode, perms(...codes))).toBe(ok);
  });
  test("consulta (14, 15, 19) cannot save in any mode", () => {
    for (const m of ["new", "update", "change_of_drogs", "reingreso", "view"] as Mode[])
      expect(canSave(m, perms("14", "15", "19"))).toBe(false);
  });
});

describe("caseActions: only on an editable, active case, per operation code", () => {
  const all = perms("6", "7", "8", "9");
  test.each([
    [{ editable: true }, all, { modificar: true, eliminar: true, cambioMedicamento: true, reingreso: true }],
    [
      { editable: true, activo: true },
      perms("7"),
      { modificar: false, eliminar: true, cambioMedicamento: false, reingreso: false },
    ],
    [
      { editable: true },
      perms("6", "9"),
      { modificar: true, eliminar: false, cambioMedicamento: false, reingreso: true },
    ],
    [{ editable: true }, perms("8"), { modificar: false, eliminar: false, cambioMedicamento: true, reingreso: false }],
    [{ editable: false }, all, { modificar: false, eliminar: false, cambioMedicamento: false, reingreso: false }],
    [
      { editable: true, activo: false },
      all,
      { modificar: false, eliminar: false, cambioMedicamento: false, reingreso: false },
    ],
    [
      { editable: true },
      perms("1", "2"),
      { modificar: false, eliminar: false, cambioMedicamento: false, reingreso: false },
    ],
  ])("%j with %j", (ficha, p, out) => {
    expect(caseActions(ficha, p)).toEqual(out);
  });
});

describe("bodySurface (Mosteller √(kg × cm / 3600), two decimals)", () => {
  test.each([
    [70, 170, 1.82],
    [60, 160, 1.63],
    [90, 180, 2.12],
    [3.5, 50, 0.22],
    [100, 100, 1.67],
    [36, 100, 1],
    [BOUNDS.peso.max, BOUNDS.talla.max, 5.27],
  ])("%s kg, %s cm → %s m²", (kg, cm, m2) => {
    expect(bodySurface(kg, cm)).toBe(m2);
  });
  test.each([
    [0, 170],
    [70, 0],
    [-70, 170],
    [70, -1],
    [NaN, 170],
    [70, NaN],
    [Infinity, 170],
    [70, Infinity],
    [Number("abc"), 170],
    [70, Number("")],
  ])("bad input %s kg, %s cm → null", (kg, cm) => {
    expect(bodySurface(kg, cm)).toBeNull();
  });
});

test("BOUNDS: the body surface of every weight/size inside the bounds lies inside its own bounds", () => {
  expect(BOUNDS).toEqual({
    peso: { min: 0.5, max: 400 },
    talla: { min: 30, max: 250 },
    sup_corporal: { min: 0.05, max: 5.5 },
  });
  for (const kg of [BOUNDS.peso.min, BOUNDS.peso.max]) {
    for (const cm of [BOUNDS.talla.min, BOUNDS.talla.max]) {
      const s = bodySurface(kg, cm)!;
      expect(s).toBeGreaterThanOrEqual(BOUNDS.sup_corporal.min);
      expect(s).toBeLessThanOrEqual(BOUNDS.sup_corporal.max);
    }
  }
});

test("estadoTone colours per status", () => {
  expect(estadoTone("INGRESO")).toBe("info");
  expect(estadoTone("CAMBIO_MEDICAMENTO")).toBe("warning");
  expect(estadoTone("REINGRESO")).toBe("success");
  expect(estadoTone("OTRO")).toBe("neutral");
});

describe("ficha dates (decision 027)", () => {
  const TODAY = "2026-11-24";
  test.each([
    ["0001-01-01", "hecho", "La fecha no puede ser anterior al 01/01/1900"],
    ["1899-12-31", "tratamiento", "La fecha no puede ser anterior al 01/01/1900"],
    ["1900-01-01", "hecho", null],
    ["2026-11-24", "hecho", null],
    ["2026-11-25", "hecho", "La fecha no puede ser posterior a hoy"],
    ["2027-05-23", "tratamiento", null],
    ["2027-05-24", "tratamiento", "La fecha no puede ser posterior al 23/05/2027"],
    ["9999-12-31", "tratamiento", "La fecha no puede ser posterior al 23/05/2027"],
  ] as const)("%s (%s) → %j", (iso, tipo, msg) => {
    expect(fechaFichaFueraDeRango(iso, tipo, TODAY)).toBe(msg);
  });
});

describe("requiresDrugs (decision 027)", () => {
  test("only a drug change needs a drug row", () => {
    expect(ESTADOS_FICHA.filter(requiresDrugs)).toEqual(["CAMBIO_MEDICAMENTO"]);
  });
});
