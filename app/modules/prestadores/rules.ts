// Who may see which liquidation responsable (spec part 2 §5, §6, §9): profiles 1 (ADMINISTRADOR) and 10
// (AUDITORIA MEDICA) see every entity; any other user only the entity whose CUIT equals the user's usuario.
// This is the ONLY place the rule lives: the screen's options, its query, the CSV download, the API, the scheduled
// reports and the escalation rule (ADR 046: the scope counts as a grant) use it.
import { formatCount } from "~/lib/numbers";

/** Profile ids that see every responsable. */
const PERFILES_TODOS_LOS_RESPONSABLES: readonly number[] = [1, 10];

export type UsuarioResponsable = { usuario: string; profile: { id: number } };

/** The 11 digits of a CUIT written with or without dashes/spaces ('30-12345678-9' ≡ '30123456789'); null otherwise. */
export function cuitDigits(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!/^\d{2}[-\s]?\d{8}[-\s]?\d$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, "");
}

/**
 * The responsables a user sees (spec part 2 §5, §6): every one (`todos`: profiles 1 and 10), else the one whose CUIT
 * is their usuario (`cuit`: its 11 digits; null when the usuario is no CUIT). This scope is a power like a screen or an
 * operation (ADR 046 as amended by issue 35): the pre-settlement's scoping and the escalation rule both read it here.
 */
export type AlcanceResponsables = { todos: boolean; cuit: string | null };

/** What a user with this usuario in this profile sees. */
export function alcanceResponsables(user: UsuarioResponsable): AlcanceResponsables {
  return { todos: PERFILES_TODOS_LOS_RESPONSABLES.includes(user.profile.id), cuit: cuitDigits(user.usuario) };
}

/** What profile `perfilId` alone gives (a user of it whose usuario is no CUIT). */
export const alcanceDelPerfil = (perfilId: number): AlcanceResponsables =>
  alcanceResponsables({ usuario: "", profile: { id: perfilId } });

/** Does the scope include the responsable with this CUIT? Text that is not a CUIT is only in `todos`. */
function alcanceIncluye(alcance: AlcanceResponsables, cuit: string): boolean {
  if (alcance.todos) return true;
  return alcance.cuit !== null && alcance.cuit === cuitDigits(cuit);
}

/** Does `tiene` see every responsable `otorga` sees? (the escalation rule: nobody gives more than they hold) */
export function alcanceDentroDe(tiene: AlcanceResponsables, otorga: AlcanceResponsables): boolean {
  if (otorga.todos) return tiene.todos;
  return otorga.cuit === null || alcanceIncluye(tiene, otorga.cuit);
}

/** May `user` see the responsable with this CUIT? Text that is not a CUIT never matches a restricted user. */
export function canSeeResponsable(user: UsuarioResponsable, cuit: string): boolean {
  return alcanceIncluye(alcanceResponsables(user), cuit);
}

/** The options of the Responsable select this user may see, in the given order. */
export function visibleResponsables<R extends { cuit: string }>(user: UsuarioResponsable, todos: readonly R[]): R[] {
  const alcance = alcanceResponsables(user);
  return todos.filter((r) => alcanceIncluye(alcance, r.cuit));
}

/** A CUIT in the stored form 'NN-NNNNNNNN-N' (how responsables and authorisations carry it); null if not a CUIT. */
export function canonicalCuit(value: string | null | undefined): string | null {
  const d = cuitDigits(value);
  return d === null ? null : `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}`;
}

/** A provider (efector) as spec part 2 §3 lists it. */
export type Efector = {
  codigo: string;
  matriculas: string | null;
  nommedefector: string | null;
  matmedefector: string | null;
};

/**
 * Rows the pre-settlement PDF prints at most (issue 35, docs/decisions/061-pdf-admission.md). The busiest month of
 * the bench, 8 787 rows, printed in 9.16 s on a loaded 2-core machine (docs/benchmarks.md, 'Issue 29 — report
 * PDFs'), about 1 ms a row: 10 000 rows are about 10.5 s alone and about 21 s beside the report lane's other print,
 * within the renderer's RENDER_TIMEOUT_MS (30 s for the layout, 30 s for the printing); a year of the busiest
 * responsable (≈105 000 rows) failed after ~70 s. Beyond it, 422 before Chromium is asked: the Excel (CSV) has
 * every row.
 */
export const PRELIQUIDACION_PDF_MAX_ROWS = 10_000;

/** The 422 of a pre-settlement too long for a PDF: how many rows, the limit, and the download that has them all. */
export const msgPreliquidacionPdfDemasiadasFilas = (total: number) =>
  `La preliquidación tiene ${formatCount(total)} autorizaciones y el PDF admite hasta ` +
  `${formatCount(PRELIQUIDACION_PDF_MAX_ROWS)}: ` +
  "acote el período o descargue el Excel (archivo CSV), que las incluye todas.";
