// Who may see which liquidation responsable (spec part 2 §5, §6, §9): profiles 1 (ADMINISTRADOR) and 10
// (AUDITORIA MEDICA) see every entity; any other user only the entity whose CUIT equals the user's usuario.
// This is the ONLY place the rule lives: the screen's options, its query, the CSV download and the API use it.

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

function seesAllResponsables(user: UsuarioResponsable): boolean {
  return PERFILES_TODOS_LOS_RESPONSABLES.includes(user.profile.id);
}

/** May `user` see the responsable with this CUIT? Text that is not a CUIT never matches a restricted user. */
export function canSeeResponsable(user: UsuarioResponsable, cuit: string): boolean {
  if (seesAllResponsables(user)) return true;
  const own = cuitDigits(user.usuario);
  return own !== null && own === cuitDigits(cuit);
}

/** The options of the Responsable select this user may see, in the given order. */
export function visibleResponsables<R extends { cuit: string }>(user: UsuarioResponsable, todos: readonly R[]): R[] {
  return seesAllResponsables(user) ? [...todos] : todos.filter((r) => canSeeResponsable(user, r.cuit));
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
