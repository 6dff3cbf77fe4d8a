// User-facing Spanish texts that several screens share word for word (spec part 2 §8), written once. A text that
// belongs to one screen stays in that screen's module. Browser-safe: no server imports.

/** Title of the popup or alert that shows why a lookup or a report failed. */
export const ERROR_TITLE = "Error al obtener información";

/** A search or a list that found nothing. */
export const MSG_SIN_RESULTADO = "No se encontró resultado";

/** A report of authorisations (prácticas, preliquidación) with no row for its filters. */
export const MSG_SIN_AUTORIZACIONES = "No se encontraron autorizaciones para los filtros indicados";

/** An authorisation number the data does not hold. */
export const MSG_AUTORIZACION_NO_ENCONTRADA = "No se encontró la autorización";

/** An unexpected failure (a bug or an outage): the page and the API say the same. */
export const MSG_ERROR_INESPERADO =
  "Ocurrió un error inesperado. Intente nuevamente; si el problema persiste, avise a Sistemas.";

/** The database cannot be reached for a moment (a restart): 503 with Retry-After (ADR 045). */
export const MSG_SERVICIO_NO_DISPONIBLE =
  "El servicio no está disponible en este momento; intente nuevamente en unos segundos";
