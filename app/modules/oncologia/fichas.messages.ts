// Messages of the oncology case saves and deletes (spec part 1 §4, §8; decisions 012, 027). Shared by the module,
// the /nueva-ficha and /buscar-ficha screens and the /api/onco routes.
export const FICHA_MSG = {
  CREATED: "Ficha guardada con exito!",
  UPDATED: "Ficha modificada con exito!",
  DELETED: "La Ficha se ha eliminado correctamente",
  NOT_FOUND: "No existe la ficha solicitada",
  NOT_EDITABLE: "La ficha ya no es editable: tiene un cambio de medicamento o un reingreso posterior",
  SOURCE_NOT_FOUND: "No existe la ficha de origen",
  SOURCE_NOT_EDITABLE: "La ficha de origen ya no es editable: ya tiene un cambio de medicamento o un reingreso",
  SOURCE_OTHER_MEMBER: "La ficha nueva debe ser del mismo afiliado (DNI) que la ficha de origen",
  SOURCE_REQUIRED: "Debe indicar la ficha de origen (id_origen)",
  ORGANO_NOT_FOUND: "El órgano elegido no existe",
  ID_REQUIRED: "Para modificar una ficha debe indicar su id",
  /** The member lookup's message too (Buscar on the form): a ficha's DNI must be a member of the padrón. */
  AFILIADO_NO_EXISTE: "No existe un afiliado con ese DNI",
  /** Nueva Ficha: the DNI was changed after the member's data were filled (issue 26). */
  BUSCAR_AFILIADO: "Presione 'Buscar' para cargar los datos del afiliado de este DNI",
} as const;
