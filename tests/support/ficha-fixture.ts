// Test data: a complete, valid ficha body (as a client would post it), a parsed FichaInput, and the members the
// tests' DNIs belong to (a ficha's DNI must be a member's, decision 027). Tests only.
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import type { SessionUser } from "~/auth/sessions.server";
import { createFicha, type FichaDetail } from "~/modules/oncologia/fichas.server";
import { FichaSchema, type FichaInput } from "~/modules/oncologia/fichas.schema";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

export function fichaBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fecha: "2024-05-10",
    afi_dni: "30111222",
    afi_nro_afi: "1012345600",
    afi_parentesco: "TITULAR",
    afi_sexo: "FEMENINO",
    afi_nombre: "PRUEBA ONCOLOGIA ANA",
    afi_estado_civil: "CASADO/A",
    afi_domicilio: "SARMIENTO 123",
    afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
    afi_departamento: "Capital",
    afi_provincia: "Catamarca",
    afi_celular: "3834123456",
    hospital: "HOSPITAL SAN JUAN BAUTISTA",
    prescriptor_nombre: "GOMEZ JUAN",
    fecha_diagnostico: "2024-03-01",
    edad_al_dianostico_anios: 54,
    edad_al_dianostico_meses: 3,
    diagnostico_histologico: "CARCINOMA DUCTAL INFILTRANTE",
    organoId: 1,
    resumen_historia_clinica: "PACIENTE CON DIAGNOSTICO CONFIRMADO",
    quimioterapia: true,
    fecha_quimioterapia: "2024-04-01",
    esquema_quimioterapia: "AC-T",
    cirugia: false,
    fecha_cirugia: "2024-03-20",
    tipo_cirugia: "NO DEBE GUARDARSE",
    diagnostico: "MAMA - CARCINOMA",
    estadio: "II",
    peso: 70,
    talla: 170,
    sup_corporal: 1.82,
    monodrogas: [
      {
        droga: "DOXORRUBICINA",
        mgrs_protocolo: 60,
        cantidad: 1,
        dosis_dia: 109.2,
        presentacion: "Ampolla",
        presentacion_cantidad: 2,
        ciclos: 4,
        frecuencia: 21,
      },
      {
        droga: "CICLOFOSFAMIDA",
        mgrs_protocolo: 600,
        cantidad: 1,
        dosis_dia: 1092,
        dosis_total: 1092,
        presentacion: "Ampolla",
        presentacion_cantidad: 1,
        ciclos: 4,
        frecuencia: 21,
      },
    ],
    ...over,
  };
}

export function fichaInput(over: Record<string, unknown> = {}): FichaInput {
  return FichaSchema.parse(fichaBody(over));
}

/**
 * Adds a member to the padrón for each DNI that has none (a holder, 'PRUEBA ONCOLOGIA <dni>'), so the tests can keep
 * DNIs of their own (each test's cases apart from the seeded ones). Call after the database is set up.
 */
export async function addMembers(...dnis: string[]): Promise<void> {
  for (const dni of dnis) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       SELECT $1, $2, $3, '01', $2, '00', 'TITULAR'
       WHERE NOT EXISTS (SELECT 1 FROM afiliados WHERE numdoc = $2)`,
      [`PRUEBA ONCOLOGIA ${dni}`, dni, `${dni}00`],
    );
  }
}

/** A database with the demo data (seed 1), a member for each of `dnis`, and the admin as the user who saves. */
export async function useFichaDatabase(dnis: string[]): Promise<{ t: TestDb; by: SessionUser }> {
  const t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  await addMembers(...dnis);
  const by = await adminActor();
  return { t, by };
}

/** A saved ficha (the test fails with the module's answer when it is refused). */
export async function createdFicha(
  by: SessionUser,
  input: FichaInput,
  mode: "new" | "change_of_drogs" | "reingreso" = "new",
  sourceId?: number,
): Promise<FichaDetail> {
  const r = await createFicha(input, mode, by, sourceId);
  if (!r.ok) throw new Error(`${r.status} ${r.msg}`);
  return r.ficha;
}

/** How many audit entries `accion` wrote for ficha `id`. */
export function fichaAudits(accion: string, id: number) {
  return sqlOne("SELECT count(*) FROM audit_log WHERE accion = $1 AND entidad = 'ficha' AND entidad_id = $2", [
    accion,
    String(id),
  ]);
}
