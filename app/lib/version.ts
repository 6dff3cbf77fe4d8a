// The stale-edit check of the records two clerks may edit at once (CAPA records, MAE fichas and students, turnos,
// oncology fichas; docs/decisions/047-record-versions.md, 081): every read carries `version`, every write bumps it in
// the same UPDATE, conditional on the version sent (db/version.ts, with the one stale refusal).
// A screen form that edits a record must send the version it read (`requireVersion`, issue 35); the JSON API still
// accepts a write without it, answered with a deprecation notice (`sinVersionHeaders`). Browser-safe: no server
// imports.
import { formOrJsonId } from "~/lib/input";
import type { z } from "~/lib/zod";

/** The answer (400) to a screen form that edits a record without the version it read. Nothing was changed. */
export const MSG_VERSION_FALTA = "Falta la versión del registro: vuelva a cargar la página";
const MSG_VERSION_INVALIDA = "Versión inválida: debe ser un número entero desde 1";

/**
 * The `version` field of a write: a form's hidden digits ('3') or a JSON number (3), an integer from 1; absent (or
 * null / blank, dropped before the schema) is no check. Anything else → 400 with MSG_VERSION_INVALIDA.
 */
export const versionField = () => formOrJsonId(MSG_VERSION_INVALIDA).optional();

type Fields = Record<string, unknown>;
const sent = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * The screens' rule (ADR 047 as amended by issue 35): a screen form that edits a record sends the version it read,
 * so a cached page or a forged post cannot overwrite another clerk's change. `schema` (the write's own, whose
 * `version` is optional for the API) with that check: a form for which `edits` holds (by default every form of the
 * schema) and whose `versionOf` is absent is refused with MSG_VERSION_FALTA as the form's own error (conform's
 * form-level error, shown next to the form), whatever else it has wrong. Creating a record needs no version: use the
 * write's schema, or an `edits` that tells an edit from a creation.
 */
export function requireVersion<S extends z.ZodObject>(
  schema: S,
  opts: { versionOf?: (form: Fields) => unknown; edits?: (form: Fields) => boolean } = {},
): S {
  const { versionOf = (f: Fields) => f.version, edits = () => true } = opts;
  const lacksVersion = (form: unknown) => {
    const f = (form ?? {}) as Fields;
    return edits(f) && !sent(versionOf(f));
  };
  const checked = schema.refine((form) => !lacksVersion(form), {
    message: MSG_VERSION_FALTA,
    path: [],
    when: () => true,
  }) as S;
  withoutVersion.set(checked, lacksVersion);
  return checked;
}

/** Each schema made by requireVersion, with the rule it checks: a form is told by that rule, never by a message. */
const withoutVersion = new WeakMap<object, (form: unknown) => boolean>();

/**
 * Whether a screen form (conform's `submission.payload`) lacks the version `schema` requires — `schema` being one made
 * by requireVersion (any other requires none). The same rule the schema checked, not a comparison of its message.
 */
export const faltaVersion = (schema: object, form: unknown): boolean => Boolean(withoutVersion.get(schema)?.(form));

/** When writes without `version` were deprecated (issue 35): RFC 9745's Structured Field Date, in Unix seconds. */
const DEPRECADO_DESDE = Date.UTC(2026, 11, 1) / 1000;
/** The Warning (code 299, a persistent warning) of an API write without `version`: ASCII, as a header must be. */
const WARNING_SIN_VERSION =
  '299 - "Escribir sin version esta en desuso: envie la version que leyo (GET) para no pisar el cambio de otro usuario"';

/**
 * The headers of an API write's answer (ADR 047 as amended by issue 35): a write that edits a record without the
 * version it read is still accepted (spec §7's clients build bodies from scratch) but deprecated — `Deprecation`
 * (RFC 9745) and `Warning: 299` say so. With the version (or a write that edits nothing, `edits` false): none.
 */
export function sinVersionHeaders(version: unknown, edits = true): Record<string, string> {
  if (!edits || sent(version)) return {};
  return { Deprecation: `@${DEPRECADO_DESDE}`, Warning: WARNING_SIN_VERSION };
}
