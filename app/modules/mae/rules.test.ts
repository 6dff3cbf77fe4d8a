// The MAE rules (spec part 2 §2–§5, §8, §9; ADR 032): the student state machine, the DNI fetch rule, the form's
// modes, the migration target and the texts, as table tests.
import { describe, expect, test } from "vitest";
import {
  accionesAlumno,
  alumnoSoloLectura,
  anioBloqueado,
  anioDeMigracion,
  anioDeOrigen,
  ANIO_LECTIVO_DEFAULT,
  ANIOS_LECTIVOS,
  botonesFicha,
  confirmarEliminarFicha,
  debeBuscarFichaPorDni,
  dniBloqueado,
  esAnioLectivo,
  estadoAlumno,
  guardarAlumnoCon,
  MAE_CONFIRM,
  MAE_MSG,
  MAE_TITULO,
  MENSAJE_MAE_MS,
  migrarHref,
  PAGE_SIZE,
  problemaAlumno,
  puedeAlumno,
  siguienteEstado,
  type AccionAlumno,
  type AlumnoRef,
} from "./rules";

const NUEVO: AlumnoRef = {};
const ACTIVO: AlumnoRef = { id: 7, estado: true };
const INACTIVO: AlumnoRef = { id: 8, estado: false };
const TODAS: AccionAlumno[] = ["validar", "agregar", "modificar", "eliminar", "cancelar", "inactivar"];

describe("constants of spec §9", () => {
  test("school years 2024 and 2025, 2024 by default; list page 20; messages 2 s", () => {
    expect([...ANIOS_LECTIVOS]).toEqual([2024, 2025]);
    expect(ANIO_LECTIVO_DEFAULT).toBe(2024);
    expect(PAGE_SIZE).toBe(20);
    expect(MENSAJE_MAE_MS).toBe(2000);
  });
  test.each([
    [2024, true],
    [2025, true],
    [2023, false],
    [2026, false],
    ["2024", false],
    [2024.5, false],
  ])("esAnioLectivo(%j) = %s", (v, ok) => expect(esAnioLectivo(v)).toBe(ok));
});

describe("the student state machine (spec §4)", () => {
  test.each([
    [NUEVO, "nuevo"],
    [{ id: null, estado: true }, "nuevo"],
    [ACTIVO, "activo"],
    [{ id: 3 }, "activo"],
    [INACTIVO, "inactivo"],
  ] as const)("estadoAlumno(%j) = %s", (a, e) => expect(estadoAlumno(a)).toBe(e));

  test("a new student is validated, saved through add or cancelled; never modified, deleted or inactivated", () => {
    expect(accionesAlumno(NUEVO)).toEqual(["validar", "agregar", "cancelar"]);
    expect(guardarAlumnoCon(NUEVO)).toBe("agregar");
  });
  test("an active saved student is saved through modify, deleted or inactivated; never added or cancelled", () => {
    expect(accionesAlumno(ACTIVO)).toEqual(["validar", "modificar", "eliminar", "inactivar"]);
    expect(guardarAlumnoCon(ACTIVO)).toBe("modificar");
    expect(alumnoSoloLectura(ACTIVO)).toBe(false);
  });
  test("an inactive student is read-only: nothing is allowed", () => {
    expect(accionesAlumno(INACTIVO)).toEqual([]);
    expect(guardarAlumnoCon(INACTIVO)).toBeNull();
    expect(alumnoSoloLectura(INACTIVO)).toBe(true);
    for (const a of TODAS) expect(puedeAlumno(INACTIVO, a)).toBe(false);
  });

  test.each([
    [NUEVO, "agregar", "activo"],
    [NUEVO, "cancelar", null],
    [NUEVO, "validar", "nuevo"],
    [ACTIVO, "modificar", "activo"],
    [ACTIVO, "inactivar", "inactivo"],
    [ACTIVO, "eliminar", null],
    // Refused actions leave the state as it was.
    [INACTIVO, "modificar", "inactivo"],
    [INACTIVO, "eliminar", "inactivo"],
    [NUEVO, "inactivar", "nuevo"],
  ] as const)("from %j, %s → %s", (a, accion, next) => expect(siguienteEstado(a, accion)).toBe(next));

  test("active → inactive only through inactivate", () => {
    const reachInactive = TODAS.filter((a) => siguienteEstado(ACTIVO, a) === "inactivo");
    expect(reachInactive).toEqual(["inactivar"]);
    // …and nothing leaves inactive.
    for (const a of TODAS) expect(siguienteEstado(INACTIVO, a)).toBe("inactivo");
  });

  test.each([
    [INACTIVO, "modificar", MAE_MSG.ALUMNO_INACTIVO],
    [INACTIVO, "eliminar", MAE_MSG.ALUMNO_INACTIVO],
    [INACTIVO, "inactivar", MAE_MSG.ALUMNO_YA_INACTIVO],
    [NUEVO, "modificar", MAE_MSG.ALUMNO_NO_GUARDADO],
    [NUEVO, "eliminar", MAE_MSG.ALUMNO_NO_GUARDADO],
    [ACTIVO, "agregar", MAE_MSG.ALUMNO_DUPLICADO],
    [ACTIVO, "modificar", null],
    [NUEVO, "agregar", null],
  ] as const)("problemaAlumno(%j, %s) = %s", (a, accion, msg) => expect(problemaAlumno(a, accion)).toBe(msg));
});

describe("the ficha form", () => {
  test.each([
    ["", false],
    ["1234567", false],
    [" 1234567 ", false],
    ["12345678", true],
    ["123456789", true],
  ])("the ficha is fetched by DNI once the typed DNI exceeds 7 characters: %j → %s", (dni, fetch) =>
    expect(debeBuscarFichaPorDni(dni)).toBe(fetch),
  );

  test("buttons per mode: Guardar and Agregar otra MAE when new, Modificar and Eliminar when editing", () => {
    expect(botonesFicha("nuevo")).toEqual({ guardar: true, modificar: false, eliminar: false, agregarOtra: true });
    expect(botonesFicha("edicion")).toEqual({ guardar: false, modificar: true, eliminar: true, agregarOtra: false });
    expect(botonesFicha("lectura")).toEqual({ guardar: false, modificar: false, eliminar: false, agregarOtra: true });
  });
  test("school year and DNI are locked once a record is selected or saved", () => {
    expect([anioBloqueado("nuevo"), anioBloqueado("edicion"), anioBloqueado("lectura")]).toEqual([false, true, true]);
    expect([dniBloqueado("nuevo"), dniBloqueado("edicion"), dniBloqueado("lectura")]).toEqual([false, true, true]);
  });
});

describe("migration to another school year", () => {
  test("2024 migrates to 2025; the last year offered has nowhere to go", () => {
    expect(anioDeMigracion(2024)).toBe(2025);
    expect(anioDeMigracion(2025)).toBeNull();
    expect(anioDeMigracion(2023)).toBeNull();
  });
  test("the year a ficha migrates from (ADR 055): 2025 from 2024; the first year from none", () => {
    expect([anioDeOrigen(2025), anioDeOrigen(2024), anioDeOrigen(2026)]).toEqual([2024, null, null]);
  });
  test("the URL /regmae/{anio}/{dni}/{name}/{title} with each part encoded", () => {
    expect(
      migrarHref({ dni: "30111222", apeynom: "PÉREZ, ANA", titulo_mae: "PROFESOR/A DE SORDOS", anio_lectivo: 2024 }),
    ).toBe("/regmae/2025/30111222/P%C3%89REZ%2C%20ANA/PROFESOR%2FA%20DE%20SORDOS");
    expect(migrarHref({ dni: "1", apeynom: "A", titulo_mae: "T", anio_lectivo: 2025 })).toBeNull();
  });
});

describe("texts of spec §5 and §8, word for word", () => {
  test("success messages and dialog titles", () => {
    expect(MAE_MSG.FICHA_GUARDADA).toBe("Ficha guardada con éxito!");
    expect(MAE_MSG.FICHA_MODIFICADA).toBe("Ficha modificada con éxito!");
    expect(MAE_MSG.FICHA_ELIMINADA).toBe("Ficha eliminada con éxito!");
    expect(MAE_MSG.ALUMNO_GUARDADO).toBe("Datos del alumno guardado con éxito!");
    expect(MAE_MSG.ALUMNO_ELIMINADO).toBe("Alumno eliminado con éxito!");
    expect(MAE_MSG.ALUMNO_INACTIVADO).toBe("Alumno inactivado con éxito!");
    expect(MAE_MSG.SIN_ALUMNOS).toBe("Aún no hay alumnos agregados");
    expect(MAE_TITULO).toEqual({ EXITO: "Operación Exitosa", ERROR: "No es posible guardar" });
  });
  test("confirmations", () => {
    expect(MAE_CONFIRM.ELIMINAR_ALUMNO.title).toBe("¿Estás seguro de eliminar el alumno?");
    expect(MAE_CONFIRM.ELIMINAR_ALUMNO.text).toBe("No podrás revertir esto");
    expect(MAE_CONFIRM.CANCELAR_ALUMNO.title).toBe("¿Estás seguro que deseas cancelar la creación del alumno?");
    expect(MAE_CONFIRM.INACTIVAR_ALUMNO.title).toBe("¿Estás seguro de inactiar el alumno?");
    expect(confirmarEliminarFicha(0).title).toBe("¿Estás seguro de eliminar la ficha MAE?");
  });
  test("deleting a ficha says how many students go with it (ADR 032)", () => {
    expect(confirmarEliminarFicha(0).text).toBe("La ficha no tiene alumnos. No podrás revertir esto");
    expect(confirmarEliminarFicha(1).text).toBe("Se eliminará también su alumno. No podrás revertir esto");
    expect(confirmarEliminarFicha(3).text).toBe("Se eliminarán también sus 3 alumnos. No podrás revertir esto");
  });
});
