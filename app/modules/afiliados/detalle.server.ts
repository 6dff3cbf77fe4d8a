// Member detail: the member, address, family group, coverages (planes), notes and contributions, plus the
// audit record of every view (Ley 25.326: reads of a member's data are recorded).
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { afiliados, aportes, coberturas, domicilios, enrolamientos, notas } from "~db/schema/afiliados";
import { autorizaciones } from "~db/schema/autorizaciones";
import { idafiSchema, parseInput } from "~/lib/input";
import { audit, type AuditActor } from "~/lib/audit.server";
import { notFound } from "~/lib/http.server";
import { OP } from "~/auth/operations";
import { can, type Permissions } from "~/auth/rules";
import { cuilDigits } from "./rules";
import { AUTORIZACION_SPEC_FIELDS } from "./autorizacion-fields.server";
import type { Afiliado, Aporte, Familiar, MemberDetail, Nota, Plan } from "./rules";

/** The spec's member fields (§3, 'Member (afiliado)'). */
const afiliadoFields = {
  idafi: afiliados.idafi,
  apeynom: afiliados.apeynom,
  numdoc: afiliados.numdoc,
  nroafi: afiliados.nroafi,
  cuil_prefijo: afiliados.cuil_prefijo,
  cuil_nrocentral: afiliados.cuil_nrocentral,
  cuil_dtoverific: afiliados.cuil_dtoverific,
  grupo: afiliados.grupo,
  nromedio: afiliados.nromedio,
  nroparentesco: afiliados.nroparentesco,
  descparentesco: afiliados.descparentesco,
  baperfenac: afiliados.baperfenac,
  sexocodigo: afiliados.sexocodigo,
  escivilcod: afiliados.escivilcod,
  estcivil: afiliados.estcivil,
  fechalta: afiliados.fechalta,
  fechbaja: afiliados.fechbaja,
  fechvto: afiliados.fechvto,
  motbaja: afiliados.motbaja,
  aficategoria: afiliados.aficategoria,
  descclasificacion: afiliados.descclasificacion,
  plan: afiliados.plan,
  tipoconvenio: afiliados.tipoconvenio,
};

const domicilioFields = {
  bedomcalle: domicilios.bedomcalle,
  bedomnumer: domicilios.bedomnumer,
  localidad: domicilios.localidad,
  departamento: domicilios.departamento,
  provincia: domicilios.provincia,
  codpostal: domicilios.codpostal,
  telefono: domicilios.telefono,
  telcelular: domicilios.telcelular,
  email: domicilios.email,
};

export async function getAfiliado(idafi: number): Promise<Afiliado | null> {
  const db = await getDb();
  const [row] = await db.select(afiliadoFields).from(afiliados).where(eq(afiliados.idafi, idafi)).limit(1);
  return row ?? null;
}

/** Everything the main panel shows; null for an unknown member. */
export async function getMemberDetail(idafi: number): Promise<MemberDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...afiliadoFields, grupoFamiliarId: afiliados.grupoFamiliarId })
    .from(afiliados)
    .where(eq(afiliados.idafi, idafi))
    .limit(1);
  if (!row) return null;
  const { grupoFamiliarId, ...afiliado } = row;
  const [domicilio, familiares, planes] = await Promise.all([
    db
      .select(domicilioFields)
      .from(domicilios)
      .where(eq(domicilios.idafi, idafi))
      .orderBy(desc(domicilios.id))
      .limit(1),
    grupoFamiliarId == null ? Promise.resolve(null) : getFamiliares(grupoFamiliarId),
    getPlanes(idafi),
  ]);
  return {
    afiliado,
    domicilio: domicilio[0] ?? null,
    familiares: familiares ?? [toFamiliar(afiliado)],
    planes,
  };
}

function toFamiliar(
  a: Pick<Afiliado, "idafi" | "apeynom" | "nroparentesco" | "descparentesco" | "numdoc" | "fechbaja">,
): Familiar {
  return {
    idafi: a.idafi,
    apeynom: a.apeynom,
    familiar: a.nroparentesco,
    descparentesco: a.descparentesco,
    numdoc: a.numdoc,
    fechbaja: a.fechbaja,
  };
}

/** The members of one family group (the member included), holder first. */
async function getFamiliares(grupoFamiliarId: number): Promise<Familiar[]> {
  const db = await getDb();
  const rows = await db
    .select({
      idafi: afiliados.idafi,
      apeynom: afiliados.apeynom,
      nroparentesco: afiliados.nroparentesco,
      descparentesco: afiliados.descparentesco,
      numdoc: afiliados.numdoc,
      fechbaja: afiliados.fechbaja,
    })
    .from(afiliados)
    .where(eq(afiliados.grupoFamiliarId, grupoFamiliarId))
    .orderBy(asc(afiliados.nroparentesco), asc(afiliados.idafi))
    .limit(100);
  return rows.map(toFamiliar);
}

/** The member's coverages (enrolments with the coverage names), newest first. */
async function getPlanes(idafi: number): Promise<Plan[]> {
  const db = await getDb();
  return db
    .select({
      gravcodgra: coberturas.gravcodgra,
      gravdesgra: coberturas.gravdesgra,
      cobcaract: coberturas.cobcaract,
      cobsubcaract: coberturas.cobsubcaract,
      enprfecvig: enrolamientos.enprfecvig,
      enprfecbaj: enrolamientos.enprfecbaj,
      enprfecinf: enrolamientos.enprfecinf,
    })
    .from(enrolamientos)
    .innerJoin(coberturas, eq(coberturas.gravcodgra, enrolamientos.gravcodgra))
    .where(eq(enrolamientos.idafi, idafi))
    .orderBy(desc(enrolamientos.enprfecvig), asc(coberturas.gravcodgra));
}

/** 'Notas - Sistema Viejo', newest first. */
export async function listNotas(idafi: number): Promise<Nota[]> {
  const db = await getDb();
  return db
    .select({
      fecha_cambio: notas.fecha_cambio,
      descripcion_cambio: notas.descripcion_cambio,
      nombre_usuario: notas.nombre_usuario,
    })
    .from(notas)
    .where(eq(notas.idafi, idafi))
    .orderBy(desc(notas.fecha_cambio), desc(notas.id))
    .limit(1000);
}

const aporteFields = {
  fecha: aportes.fecha,
  cuit: aportes.cuit,
  nro_legajo: aportes.nro_legajo,
  ubicacion: aportes.ubicacion,
  rem_imponible: aportes.rem_imponible,
  rem_no_imponible: aportes.rem_no_imponible,
  aporte_afiliado: aportes.aporte_afiliado,
  aporte_patronal: aportes.aporte_patronal,
  aporte_trasplantado: aportes.aporte_trasplantado,
  aporte_solidario: aportes.aporte_solidario,
  aporte_contribucion_solidario: aportes.aporte_contribucion_solidario,
  nro_beneficio_jub: aportes.nro_beneficio_jub,
  nro_concepto_jub: aportes.nro_concepto_jub,
  beneficio: aportes.beneficio,
  suma_beneficios: aportes.suma_beneficios,
  concepto: aportes.concepto,
};

/** Contributions by the concatenated CUIL (the legacy afi_cuil), by date (index cuit, fecha). */
export async function listAportes(cuil: string, orderType: "DESC" | "ASC" = "DESC"): Promise<Aporte[]> {
  const db = await getDb();
  const order = orderType === "ASC" ? asc(aportes.fecha) : desc(aportes.fecha);
  return db
    .select(aporteFields)
    .from(aportes)
    .where(eq(aportes.cuit, cuil))
    .orderBy(order, asc(aportes.id))
    .limit(1200);
}

/** The member's contributions; none when the member has no CUIL. */
export async function aportesOfMember(
  a: Pick<Afiliado, "cuil_prefijo" | "cuil_nrocentral" | "cuil_dtoverific">,
): Promise<Aporte[]> {
  const cuil = cuilDigits(a);
  return cuil ? listAportes(cuil, "DESC") : [];
}

/** The member's latest authorisations (buscarporidafi's `autorizaciones`), newest first. */
export async function latestAutorizaciones(idafi: number, limit = 50) {
  const db = await getDb();
  const a = autorizaciones;
  return db
    .select(AUTORIZACION_SPEC_FIELDS)
    .from(a)
    .where(and(eq(a.idafi, idafi), ne(a.anulado, true)))
    .orderBy(desc(a.fecha), desc(a.hora), desc(a.id))
    .limit(limit);
}

export const MEMBER_NOT_FOUND = "No existe el afiliado solicitado";

/**
 * GET /api/afiliado/buscarporidafi/{id}'s answer (spec part 1 §7): the member's detail, its latest 50 authorisations
 * (operation 15) and notes (operation 14), `historico_ag` always [] (no affiliation-history source: ADR 006); the
 * read is recorded. 404 for an unknown member.
 */
export async function afiliadoDeApi(user: NonNullable<AuditActor> & Permissions, idafi: number) {
  const detail = await getMemberDetail(idafi);
  if (!detail) throw notFound(MEMBER_NOT_FOUND);
  const [autorizaciones, notas_ag] = await Promise.all([
    can(user, OP.VER_FICHA_CONSUMO) ? latestAutorizaciones(idafi, 50) : Promise.resolve([]),
    can(user, OP.VER_NOTAS) ? listNotas(idafi) : Promise.resolve([]),
  ]);
  await recordMemberView(user, idafi, { via: "api" });
  const { afiliado, domicilio, planes, familiares } = detail;
  return { afiliado, domicilio, autorizaciones, historico_ag: [], notas_ag, planes, familiares };
}

/** The member a download's URL names ({idafi}): 400 for a malformed id, 404 for an unknown member. */
export async function memberOfUrl(
  rawIdafi: string | undefined,
): Promise<{ ok: true; afiliado: Afiliado } | { ok: false; status: 400 | 404; msg: string }> {
  const id = parseInput(idafiSchema, rawIdafi);
  if (!id.ok) return { ok: false, status: 400, msg: id.msg };
  const afiliado = await getAfiliado(id.data);
  return afiliado ? { ok: true, afiliado } : { ok: false, status: 404, msg: MEMBER_NOT_FOUND };
}

// ---- Audit: every read of a member's data is recorded (Ley 25.326). Routes call these, never audit() itself. ----

const VIEW_ACTION = "afiliado.ver";

/**
 * Records one view of a member's data (screen tab, API call, certificate, export). `idafi` is null when the read
 * named no known member (a global authorisation query, a DNI outside the registry): then no entity is recorded.
 */
export async function recordMemberView(
  actor: AuditActor,
  idafi: number | null | undefined,
  detalle: Record<string, unknown>,
  accion = VIEW_ACTION,
): Promise<void> {
  const entity = idafi == null ? {} : { entidad: "afiliado", entidadId: idafi };
  await audit(await getDb(), actor, { accion, ...entity, detalle });
}

/** 'Imprimir Constancia': one certificate issued. */
export function recordConstanciaIssued(actor: AuditActor, idafi: number): Promise<void> {
  return recordMemberView(actor, idafi, { constancia: true }, "afiliado.constancia");
}

/** The notes exported to Excel. */
export function recordNotasExport(actor: AuditActor, idafi: number): Promise<void> {
  return recordMemberView(actor, idafi, { notas: "excel" }, "afiliado.notas.exportar");
}
