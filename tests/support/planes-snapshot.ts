// The Padrón de Planes fixture the module and API tests share: one test database per file holding hand-built
// members and enrolments (coverage 53 and one of coverage 8; an address and a reciprocity agreement; ended, left,
// expired and ending-today cases; 25 fillers for paging) and a reporting snapshot of them.
import { afterAll, beforeAll } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { sqlRows, useTestDatabase, type TestDb } from "./db";

/** The day the fixture is read on (status and paging depend on it). */
export const TODAY = "2026-03-10";
export const NONE = "0001-01-01";
export const FILLERS = 25;

async function member(
  apell: string,
  nombre: string,
  dni: string,
  m: { fechbaja?: string; fechvto?: string | null; baperfenac?: string } = {},
): Promise<number> {
  const [r] = await sqlRows<{ idafi: number }>(
    `INSERT INTO afiliados (apeynom, baperapell, bapernombr, numdoc, nroafi, grupo, nromedio, nroparentesco,
       descparentesco, fechbaja, fechvto, baperfenac, sexocodigo)
     VALUES ($1, $2, $3, $4, $5, '10', $4, '00', 'TITULAR', $6, $7, $8, 'F') RETURNING idafi`,
    [
      `${apell} ${nombre}`,
      apell,
      nombre,
      dni,
      `10${dni}00`,
      m.fechbaja ?? NONE,
      m.fechvto ?? null,
      m.baperfenac ?? "1990-03-11",
    ],
  );
  return r.idafi;
}

async function enrol(idafi: number, cod: number, vig: string, baj: string): Promise<void> {
  await sqlRows(
    "INSERT INTO enrolamientos (idafi, gravcodgra, enprfecvig, enprfecbaj, enprnromie) VALUES ($1, $2, $3, $4, '00')",
    [idafi, cod, vig, baj],
  );
}

/** The members of the fixture by surname (filled once the snapshot is built). */
export const ids: Record<string, number> = {};

/** Registers beforeAll/afterAll for the file; `db` is set once the snapshot is built. */
export function usePlanesSnapshot(): { db: TestDb } {
  const state = {} as { db: TestDb };
  beforeAll(async () => {
    state.db = await useTestDatabase();
    await insertPlanesFixture();
    await refreshSnapshot();
  }, 120_000);
  afterAll(async () => {
    await state.db?.cleanup();
  });
  return state;
}

async function insertPlanesFixture(): Promise<void> {
  await sqlRows(
    `INSERT INTO coberturas (gravcodgra, gravdesgra, cobcaract, cobsubcaract) VALUES
     (53, 'PLAN MATERNO INFANTIL', 'ESPECIAL', 'EMBARAZO Y PRIMER AÑO DE VIDA'), (8, 'DIABETES', 'ESPECIAL', 'PROGRAMA DIABETES')`,
  );
  ids.alvarez = await member("ÁLVAREZ", "MARÍA", "30000001");
  await enrol(ids.alvarez, 53, "2025-06-01", NONE);
  await sqlRows(
    `INSERT INTO domicilios (idafi, bedomcalle, bedomnumer, localidad, departamento, provincia, codpostal, telcelular, email)
     VALUES ($1, 'SARMIENTO', '123', 'SAN FERNANDO', 'CAPITAL', 'CATAMARCA', '4700', '3834111111', 'maria@example.com')`,
    [ids.alvarez],
  );
  await sqlRows(
    `INSERT INTO convenios_reciprocidad (idafi, tipoconvenio, clasificacion_convenio, institucion_convenio,
       provincia_convenio, inicio_convenio, fin_convenio)
     VALUES ($1, 'RECIPROCIDAD', 'TRANSITORIO', 'IOSFA', 'SALTA', '2025-01-01', '2026-12-31')`,
    [ids.alvarez],
  );
  ids.benitez = await member("BENÍTEZ", "JUAN", "30000002");
  await enrol(ids.benitez, 53, "2025-01-01", "2026-01-01"); // ended: vencido
  ids.caceres = await member("CÁCERES", "ANA", "30000003", { fechbaja: "2025-12-01" }); // left: INACTIVO
  await enrol(ids.caceres, 53, "2025-02-01", NONE);
  ids.diaz = await member("DÍAZ", "PEDRO", "30000004", { fechvto: "2026-01-01" }); // affiliation expired: INACTIVO
  await enrol(ids.diaz, 53, "2025-03-01", "2026-12-31");
  ids.ezeiza = await member("EZEIZA", "LUZ", "30000005"); // two enrolments: an old ended one and the current one
  await enrol(ids.ezeiza, 53, "2023-01-01", "2024-01-01");
  await enrol(ids.ezeiza, 53, "2025-05-01", TODAY); // ends today: still active
  ids.oneil = await member("O'NEIL", "100%_X", "30000006");
  await enrol(ids.oneil, 53, "2025-05-01", NONE);
  ids.otra = await member("ACOSTA", "OTRA", "30000007"); // another coverage only
  await enrol(ids.otra, 8, "2025-05-01", NONE);
  for (let i = 0; i < FILLERS; i++) {
    const id = await member("ZAPATA", `N${String(i).padStart(2, "0")}`, String(31000000 + i));
    await enrol(id, 53, "2025-07-01", NONE);
  }
}

export const TOTAL_53 = 7 + FILLERS; // alvarez, benitez, caceres, diaz, ezeiza ×2, oneil + fillers
