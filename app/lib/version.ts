// The stale-edit check of the records two clerks may edit at once (CAPA records, MAE fichas and students, turnos;
// docs/decisions/047-record-versions.md, after the oncology fichas' ADR 027): every read carries `version`, every
// write bumps it in the same UPDATE, conditional on the version sent, so the database decides under concurrency.
// A write without `version` is accepted (a client that does not know it). Browser-safe: no server imports.
import { formOrJsonId } from "~/lib/input";

/** The answer (409) to a write that sent an older version than the stored one. Nothing was changed. */
export const MSG_VERSION_VIEJA = "El registro fue modificado por otro usuario: vuelva a cargarlo";
const MSG_VERSION_INVALIDA = "Versión inválida: debe ser un número entero desde 1";

/**
 * The `version` field of a write: a form's hidden digits ('3') or a JSON number (3), an integer from 1; absent (or
 * null / blank, dropped before the schema) is no check. Anything else → 400 with MSG_VERSION_INVALIDA.
 */
export const versionField = () => formOrJsonId(MSG_VERSION_INVALIDA).optional();
