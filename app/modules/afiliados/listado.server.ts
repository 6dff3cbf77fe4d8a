// 'Listados de afiliados' (spec part 1 §2, §3, §7): the filtered, paged member list with its total, the whole
// filtered list streamed in keyset batches (exports), the reciprocity agreement detail and the leave reasons.
import { and, asc, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import {
  afiliados,
  coberturas,
  conveniosReciprocidad,
  enrolamientos,
  motivosBaja as motivosBajaTable,
  NULL_DATE,
} from "~db/schema/afiliados";
import { audit, type AuditActor } from "~/lib/audit.server";
import { idafiSchema, parseInput } from "~/lib/input";
import { ACCENTED, UNACCENTED, escapeLike } from "~/lib/text-search.server";
import type { ConvenioDetalle, ListadoFilter } from "./listado.schema";

/** A listed member (spec §3) plus fechvto (red-row rule) and tipoconvenio (agreement button). */
export type ListedMember = {
  id: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  fechbaja: string;
  baperfenac: string | null;
  fechalta: string | null;
  codmotbaja: number | null;
  motbaja: string | null;
  fechvto: string | null;
  tipoconvenio: string | null;
};

export type ListadoPage = { listado: ListedMember[]; total: number | null };

const listedColumns = {
  id: afiliados.idafi,
  apeynom: afiliados.apeynom,
  numdoc: afiliados.numdoc,
  nroafi: afiliados.nroafi,
  fechbaja: afiliados.fechbaja,
  baperfenac: afiliados.baperfenac,
  fechalta: afiliados.fechalta,
  codmotbaja: afiliados.codmotbaja,
  motbaja: afiliados.motbaja,
  fechvto: afiliados.fechvto,
  tipoconvenio: afiliados.tipoconvenio,
};

/**
 * Name words (at most 6): each must appear in apeynom_norm, normalised exactly like the generated column
 * (lower + translate of accents and Ñ) so 'gonzalez' finds 'GONZÁLEZ'. The trigram index serves the LIKE.
 */
function nameConditions(nombre: string): SQL[] {
  const words = nombre.split(/\s+/).filter(Boolean).slice(0, 6);
  return words.map(
    (w) =>
      sql`${afiliados.apeynomNorm} LIKE '%' || lower(translate(${escapeLike(w)}, ${ACCENTED}, ${UNACCENTED})) || '%'`,
  );
}

function whereOf(f: ListadoFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.afi_dni) conds.push(eq(afiliados.numdoc, f.afi_dni));
  if (f.nombre) conds.push(...nameConditions(f.nombre));
  if (f.ver_solo_afi_inactivo) {
    conds.push(ne(afiliados.fechbaja, NULL_DATE));
    if (f.motivo_de_baja != null) conds.push(eq(afiliados.codmotbaja, f.motivo_de_baja));
  }
  if (f.ver_afiliados_en_convenio) conds.push(sql`coalesce(trim(${afiliados.tipoconvenio}), '') <> ''`);
  return conds.length ? and(...conds) : undefined;
}

/** Exact row count of the filter (index-served for DNI and name filters). */
export async function countAfiliados(f: ListadoFilter): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ cant: sql<number>`count(*)::int` })
    .from(afiliados)
    .where(whereOf(f));
  return Number(row?.cant ?? 0);
}

/**
 * One page of the list in registry order (idafi, the primary key: cheap and stable paging) and, unless
 * withTotal is false, the filter's total (counted in parallel).
 */
export async function listAfiliados(
  q: ListadoFilter & { page: number; size: number },
  opts: { withTotal?: boolean } = {},
): Promise<ListadoPage> {
  const db = await getDb();
  const rowsQuery = db
    .select(listedColumns)
    .from(afiliados)
    .where(whereOf(q))
    .orderBy(asc(afiliados.idafi))
    .limit(q.size)
    .offset(q.page * q.size);
  const [listado, total] = await Promise.all([rowsQuery, opts.withTotal === false ? null : countAfiliados(q)]);
  return { listado: listado as ListedMember[], total };
}

const STREAM_BATCH = 5_000;

/**
 * Every member of the filter, in idafi order, fetched in keyset batches (idafi > last) of `batch` rows:
 * memory stays flat whatever the size of the list.
 */
export async function* streamListado(f: ListadoFilter, batch = STREAM_BATCH): AsyncGenerator<ListedMember> {
  const db = await getDb();
  const base = whereOf(f);
  let last = 0;
  for (;;) {
    const rows = (await db
      .select(listedColumns)
      .from(afiliados)
      .where(base ? and(base, gt(afiliados.idafi, last)) : gt(afiliados.idafi, last))
      .orderBy(asc(afiliados.idafi))
      .limit(batch)) as ListedMember[];
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    last = rows[rows.length - 1].id;
  }
}

/** null when the member does not exist or has no agreement. */
export async function convenioDetalle(idafi: number): Promise<ConvenioDetalle | null> {
  const db = await getDb();
  const [conv] = await db
    .select({
      idafi: afiliados.idafi,
      apeynom: afiliados.apeynom,
      baperapell: afiliados.baperapell,
      bapernombr: afiliados.bapernombr,
      dni: afiliados.numdoc,
      plan: afiliados.plan,
      tipoconvenio: conveniosReciprocidad.tipoconvenio,
      clasificacion_convenio: conveniosReciprocidad.clasificacion_convenio,
      institucion_convenio: conveniosReciprocidad.institucion_convenio,
      provincia_convenio: conveniosReciprocidad.provincia_convenio,
      inicio_convenio: conveniosReciprocidad.inicio_convenio,
      fin_convenio: conveniosReciprocidad.fin_convenio,
    })
    .from(conveniosReciprocidad)
    .innerJoin(afiliados, eq(afiliados.idafi, conveniosReciprocidad.idafi))
    .where(eq(conveniosReciprocidad.idafi, idafi))
    .orderBy(desc(conveniosReciprocidad.inicio_convenio), desc(conveniosReciprocidad.id))
    .limit(1);
  if (!conv) return null;
  const [cov] = await db
    .select({
      gravcodgra: enrolamientos.gravcodgra,
      gravdesgra: coberturas.gravdesgra,
      cobcaract: coberturas.cobcaract,
      cobsubcaract: coberturas.cobsubcaract,
      enprfecvig: enrolamientos.enprfecvig,
      enprfecbaj: enrolamientos.enprfecbaj,
    })
    .from(enrolamientos)
    .innerJoin(coberturas, eq(coberturas.gravcodgra, enrolamientos.gravcodgra))
    .where(eq(enrolamientos.idafi, idafi))
    .orderBy(desc(enrolamientos.enprfecvig), desc(enrolamientos.id))
    .limit(1);
  const { plan, ...rest } = conv;
  return {
    ...rest,
    gravcodgra: cov?.gravcodgra ?? null,
    // without a special-coverage enrolment the member's plan is the coverage
    gravdesgra: cov?.gravdesgra ?? plan ?? null,
    cobcaract: cov?.cobcaract ?? null,
    cobsubcaract: cov?.cobsubcaract ?? null,
    enprfecvig: cov?.enprfecvig ?? null,
    enprfecbaj: cov?.enprfecbaj ?? null,
  };
}

const NO_CONVENIO = "El afiliado no tiene convenio de reciprocidad";

/**
 * The agreement detail a user opens (the dialog's JSON, or ?convenio= without JavaScript) by the id in the URL:
 * 400 for a malformed id, 404 without an agreement; a view goes to the audit log (member data, Ley 25.326).
 */
export async function openConvenio(
  user: AuditActor,
  rawIdafi: string | undefined,
): Promise<{ ok: true; convenio: ConvenioDetalle } | { ok: false; status: 400 | 404; msg: string }> {
  const id = parseInput(idafiSchema, rawIdafi);
  if (!id.ok) return { ok: false, status: 400, msg: id.msg };
  const convenio = await convenioDetalle(id.data);
  if (!convenio) return { ok: false, status: 404, msg: NO_CONVENIO };
  await audit(await getDb(), user, { accion: "afiliado.convenio.ver", entidad: "afiliado", entidadId: convenio.idafi });
  return { ok: true, convenio };
}

/** Exports of the member list go to the audit log with their filter. */
export async function recordListadoExport(user: AuditActor, filter: ListadoFilter, via: "xlsx" | "api"): Promise<void> {
  await audit(await getDb(), user, {
    accion: "afiliados.listado.exportar",
    entidad: "afiliado",
    detalle: { ...filter, via },
  });
}

export type MotivoBaja = { bambacodig: number; bambadescr: string };

/** Leave reasons for the select (by description). */
export async function motivosBaja(): Promise<MotivoBaja[]> {
  const db = await getDb();
  return db
    .select({ bambacodig: motivosBajaTable.bambacodig, bambadescr: motivosBajaTable.bambadescr })
    .from(motivosBajaTable)
    .orderBy(asc(motivosBajaTable.bambadescr));
}
