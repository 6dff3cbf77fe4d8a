// The shapes of an oncology case (ficha) as the module returns it, and the mapping between the validated form
// (FichaInput) and the fichas_onco / fichas_onco_monodrogas rows. numeric columns travel as numbers here.
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "~db/client.server";
import { fichasOnco, fichasOncoMonodrogas, organos } from "~db/schema/oncologia";
import type { Failure } from "~db/transaction";
import { DEFAULT_DEPARTAMENTO, DEFAULT_PROVINCIA, type EstadoFicha } from "./rules";
import type { FichaInput, MonodrogaInput } from "./fichas.schema";
import type { FichaDetail } from "./rules";

export type FichaListRow = {
  id: number;
  nro_ficha: number;
  fecha: string;
  estado_ficha: EstadoFicha;
  afi_nombre: string;
  afi_dni: string;
  organoId: number | null;
  organo: string | null;
  editable: boolean;
};

export type SaveResult = { ok: true; ficha: FichaDetail; msg: string } | Failure;

const num = (v: string | null): number | null => (v == null ? null : Number(v));
const opt = <T>(v: T | undefined | ""): T | null => (v === undefined || v === "" ? null : (v as T));

/** The ficha of `id` with its organ and drug rows (inactive ones too: callers look at `activo`), or null. */
export async function loadFicha(db: Db | Tx, id: number): Promise<FichaDetail | null> {
  const [row] = await db
    .select({ f: fichasOnco, organo: { id: organos.id, descripcion: organos.descripcion } })
    .from(fichasOnco)
    .leftJoin(organos, eq(organos.id, fichasOnco.organoId))
    .where(eq(fichasOnco.id, id));
  if (!row) return null;
  const drugs = await db
    .select()
    .from(fichasOncoMonodrogas)
    .where(eq(fichasOncoMonodrogas.fichaId, id))
    .orderBy(asc(fichasOncoMonodrogas.id));
  const f = row.f;
  return {
    ...f,
    estado_ficha: f.estado_ficha as EstadoFicha,
    peso: Number(f.peso),
    talla: Number(f.talla),
    sup_corporal: Number(f.sup_corporal),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    organo: row.organo?.id != null ? row.organo : null,
    monodrogas: drugs.map((d) => ({
      id: d.id,
      droga: d.droga,
      mgrs_protocolo: num(d.mgrs_protocolo),
      cantidad: d.cantidad,
      dosis_dia: num(d.dosis_dia),
      dosis_total: num(d.dosis_total),
      presentacion: d.presentacion,
      presentacion_cantidad: d.presentacion_cantidad,
      ciclos: d.ciclos,
      frecuencia: d.frecuencia,
    })),
  };
}

/**
 * The fichas_onco columns of a validated form. Every column is set (null when empty) so an update clears what
 * the user emptied; a treatment's date and text are dropped when its box is unchecked (decision 012).
 */
export function fichaValues(f: FichaInput) {
  const treat = (on: boolean, fecha: string | undefined, txt: string | undefined) =>
    on ? { fecha: opt(fecha), txt: opt(txt) } : { fecha: null, txt: null };
  const cir = treat(f.cirugia, f.fecha_cirugia, f.tipo_cirugia);
  const qui = treat(f.quimioterapia, f.fecha_quimioterapia, f.esquema_quimioterapia);
  const rad = treat(f.radioterapia, f.fecha_radioterapia, f.esquema_radioterapia);
  const hor = treat(f.homonoterapia, f.fecha_homonoterapia, f.esquema_homonoterapia);
  return {
    fecha: f.fecha,
    afi_dni: f.afi_dni,
    afi_nro_afi: f.afi_nro_afi,
    afi_parentesco: f.afi_parentesco,
    afi_sexo: f.afi_sexo,
    afi_nombre: f.afi_nombre,
    afi_estado_civil: f.afi_estado_civil,
    afi_domicilio: f.afi_domicilio,
    afi_localidad: f.afi_localidad,
    afi_departamento: opt(f.afi_departamento) ?? DEFAULT_DEPARTAMENTO,
    afi_provincia: opt(f.afi_provincia) ?? DEFAULT_PROVINCIA,
    afi_telefono: opt(f.afi_telefono),
    afi_celular: opt(f.afi_celular),
    afi_email: opt(f.afi_email),
    hospital: opt(f.hospital),
    prescriptor_nombre: opt(f.prescriptor_nombre),
    prescriptor_matricula_prof: opt(f.prescriptor_matricula_prof),
    prescriptor_matricula_espe: opt(f.prescriptor_matricula_espe),
    prescriptor_email: opt(f.prescriptor_email),
    fecha_diagnostico: f.fecha_diagnostico,
    edad_al_dianostico_anios: opt(f.edad_al_dianostico_anios),
    edad_al_dianostico_meses: opt(f.edad_al_dianostico_meses),
    diagnostico_histologico: f.diagnostico_histologico,
    organoId: f.organoId,
    resumen_historia_clinica: f.resumen_historia_clinica,
    estudios_realizados: opt(f.estudios_realizados),
    controles_previos: opt(f.controles_previos),
    estado_actual: f.estado_actual,
    estado_adyuvancia: f.estado_adyuvancia,
    estado_avanzado: f.estado_avanzado,
    cirugia: f.cirugia,
    fecha_cirugia: cir.fecha,
    tipo_cirugia: cir.txt,
    quimioterapia: f.quimioterapia,
    fecha_quimioterapia: qui.fecha,
    esquema_quimioterapia: qui.txt,
    radioterapia: f.radioterapia,
    fecha_radioterapia: rad.fecha,
    esquema_radioterapia: rad.txt,
    homonoterapia: f.homonoterapia,
    fecha_homonoterapia: hor.fecha,
    esquema_homonoterapia: hor.txt,
    diagnostico: f.diagnostico,
    estadio: opt(f.estadio),
    peso: String(f.peso),
    talla: String(f.talla),
    sup_corporal: String(f.sup_corporal),
    observacion: opt(f.observacion),
  };
}

/** Total dose when the row leaves it empty: dosis_dia × cantidad (days of protocol), two decimals. */
function dosisTotal(d: Pick<MonodrogaInput, "dosis_dia" | "cantidad" | "dosis_total">): number {
  return d.dosis_total ?? Math.round(d.dosis_dia * d.cantidad * 100) / 100;
}

/** Inserts the drug rows of a ficha, in form order (one statement). */
export async function insertDrugRows(tx: Tx, fichaId: number, rows: readonly MonodrogaInput[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(fichasOncoMonodrogas).values(
    rows.map((d) => ({
      fichaId,
      droga: d.droga,
      mgrs_protocolo: String(d.mgrs_protocolo),
      cantidad: d.cantidad,
      dosis_dia: String(d.dosis_dia),
      dosis_total: String(dosisTotal(d)),
      presentacion: d.presentacion,
      presentacion_cantidad: d.presentacion_cantidad,
      ciclos: d.ciclos,
      frecuencia: d.frecuencia,
    })),
  );
}
