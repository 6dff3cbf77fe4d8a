// The public coverage lookup (spec part 1 §2 'CONSULTA DE COBERTURAS ESPECIALES', §4 public screen status,
// §7 GET /api/afiliado/buscarafiliadoycoberturas/{dni}). Anyone may ask, so it returns only what the screen
// shows (Ley 25.326), is rate limited per client address and globally (signed-in users whose profile holds a member
// screen are not counted; everyone else is, a provider's account included), and treats a filled honeypot as "not
// found" (ADR 009, ADR 026).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { afiliados, coberturas, enrolamientos } from "~db/schema/afiliados";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import { currentContext } from "~/lib/request-context.server";
import { exemptFromPublicLookupLimit, type Permissions } from "~/auth/rules";
import { audit, type AuditActor } from "~/lib/audit.server";
import { ageOn, coverageStatus, cuilText, memberStatus } from "~/modules/afiliados/rules";
import { takeLookupSlot } from "./rate-limit.server";
import {
  bookletHref,
  ConsultaSchema,
  GLOBAL_RATE_LIMITED,
  RATE_LIMITED,
  SPECIAL_COVERAGES,
  type ConsultaResultado,
} from "./consulta.schema";
import { MSG_SIN_RESULTADO } from "~/lib/messages";

/** The member with this DNI (the current one when the registry holds several rows) and their special coverages. */
export async function buscarAfiliadoYCoberturas(
  dni: string,
  today: string = todayISO(),
): Promise<ConsultaResultado | null> {
  const db = await getDb();
  const candidates = [...new Set([dni, dni.replace(/^0+/, "")])].filter(Boolean);
  const [m] = await db
    .select({
      idafi: afiliados.idafi,
      apeynom: afiliados.apeynom,
      nroafi: afiliados.nroafi,
      numdoc: afiliados.numdoc,
      cuil_prefijo: afiliados.cuil_prefijo,
      cuil_nrocentral: afiliados.cuil_nrocentral,
      cuil_dtoverific: afiliados.cuil_dtoverific,
      baperfenac: afiliados.baperfenac,
      fechalta: afiliados.fechalta,
      fechbaja: afiliados.fechbaja,
      fechvto: afiliados.fechvto,
      motbaja: afiliados.motbaja,
      plan: afiliados.plan,
    })
    .from(afiliados)
    .where(inArray(afiliados.numdoc, candidates))
    .orderBy(sql`(${afiliados.fechbaja} = '0001-01-01') desc`, desc(afiliados.idafi))
    .limit(1);
  if (!m) return null;

  const enrolments = await db
    .select({
      gravcodgra: enrolamientos.gravcodgra,
      gravdesgra: coberturas.gravdesgra,
      enprfecvig: enrolamientos.enprfecvig,
      enprfecbaj: enrolamientos.enprfecbaj,
    })
    .from(enrolamientos)
    .innerJoin(coberturas, eq(coberturas.gravcodgra, enrolamientos.gravcodgra))
    .where(and(eq(enrolamientos.idafi, m.idafi), inArray(enrolamientos.gravcodgra, [...SPECIAL_COVERAGES])))
    .orderBy(desc(enrolamientos.enprfecvig), asc(enrolamientos.gravcodgra));

  const status = memberStatus(m, today);
  return {
    afiliado: {
      apeynom: m.apeynom,
      nroafi: m.nroafi,
      numdoc: m.numdoc,
      cuil: cuilText(m, "long"),
      baperfenac: m.baperfenac,
      edad: ageOn(m.baperfenac, today),
      estado: status.estado,
      estado_detalle: status.detalle,
      fechalta: m.fechalta,
      plan: m.plan,
    },
    coberturas: enrolments.map((e) => ({
      ...e,
      estado: coverageStatus({ fechbaja: m.fechbaja, enprfecbaj: e.enprfecbaj }, today),
      cartilla: bookletHref(e.gravcodgra),
    })),
  };
}

export type ConsultaOutcome =
  { ok: true; resultado: ConsultaResultado } | { ok: false; status: 400 | 404 | 429; msg: string; field?: "dni" };

/** The signed-in user of a browser session who asks (their grants decide the exemption), or null. */
type ConsultaUser = (Permissions & { id: number; usuario: string }) | null;

/** Who asks: `user` is the signed-in user of a browser session (ADR 026: exempt only with a member screen). */
export type ConsultaOptions = { now?: Date; user?: ConsultaUser };

/**
 * One lookup from the current client address: DNI format (400); the per-address and the global limits (429) for
 * anyone but a signed-in user whose profile holds a member screen (`exemptFromPublicLookupLimit`: a provider's
 * account counts as the public); the honeypot (answers as not found, without touching the registry); then the
 * registry (404 when unknown). Lookups that show a member are written to the audit log, exempt or not (the signed-in
 * user, or no user; the address comes from the request context).
 */
export async function consultaPublica(
  raw: { dni?: unknown; website?: unknown },
  { now = new Date(), user = null }: ConsultaOptions = {},
): Promise<ConsultaOutcome> {
  const parsed = parseInput(ConsultaSchema, { dni: raw.dni ?? "", website: raw.website ?? "" });
  if (!parsed.ok) return { ok: false, status: 400, msg: parsed.msg, field: "dni" };
  if (!exemptFromPublicLookupLimit(user)) {
    const slot = await takeLookupSlot(currentContext().address, now);
    if (slot !== "ok") return { ok: false, status: 429, msg: slot === "global" ? GLOBAL_RATE_LIMITED : RATE_LIMITED };
  }
  if (parsed.data.website.trim() !== "") {
    console.warn("[consulta-publica] campo trampa completado; respondido como sin resultado");
    return { ok: false, status: 404, msg: MSG_SIN_RESULTADO };
  }
  const resultado = await buscarAfiliadoYCoberturas(parsed.data.dni, todayISO(now));
  if (!resultado) return { ok: false, status: 404, msg: MSG_SIN_RESULTADO };
  const actor: AuditActor = user ? { id: user.id, usuario: user.usuario } : null;
  await audit(await getDb(), actor, {
    accion: "afiliado.consulta_publica",
    entidad: "afiliado",
    entidadId: resultado.afiliado.nroafi,
  });
  return { ok: true, resultado };
}

/** The lookup's input as sent: the query of a GET (?dni=), the form of a POST (the DNI kept out of the URL). */
export async function consultaInputOf(request: Request): Promise<{ dni: string; website: string }> {
  const source = request.method === "GET" ? queryOf(request) : await request.formData().catch(() => new FormData());
  const field = (name: string) => {
    const v = source instanceof FormData ? source.get(name) : source[name];
    return typeof v === "string" ? v.slice(0, 100) : "";
  };
  return { dni: field("dni"), website: field("website") };
}
