// How the 'Registro de Auditoría' shows an entry (issue 39): the action code written by `audit` (app/lib/audit.server.ts)
// as Spanish words, one label per code, here only; an unknown code as it is. The detail (JSON) as 'clave: valor' lines,
// nested values with their path ('antes.estado_turno: ASIGNADO'), lists of plain values joined by commas. Pure: the
// screen and its tests use it (docs/decisions/077-audit-log-in-words-mae-registry-text-and-narrow-tables.md).

/** Every action code the code base writes, with its words. A new code gets its label here (rules.test.ts checks). */
export const ACCION_LABELS: Readonly<Record<string, string>> = {
  login: "Ingreso",
  "login.fallido": "Ingreso fallido",
  "login.bloqueado": "Ingreso bloqueado",
  "login.inactivo": "Ingreso de usuario inactivo",
  logout: "Cierre de sesión",
  "seguridad.rechazo": "Pedido rechazado por seguridad",
  "usuario.crear": "Usuario creado",
  "usuario.modificar": "Usuario modificado",
  "usuario.resetear-contrasenia": "Contraseña reseteada",
  "usuario.cambiar_contrasenia": "Contraseña cambiada",
  "usuario.cambiar_contrasenia.fallido": "Cambio de contraseña fallido",
  "usuario.cambiar_contrasenia.bloqueado": "Cambio de contraseña bloqueado",
  "perfil.crear": "Perfil creado",
  "perfil.modificar": "Perfil modificado",
  "perfil.operaciones.agregar": "Operaciones agregadas al perfil",
  "perfil.operaciones.quitar": "Operaciones quitadas del perfil",
  "perfil.pantallas.agregar": "Pantallas agregadas al perfil",
  "perfil.pantallas.quitar": "Pantallas quitadas del perfil",
  "afiliado.ver": "Afiliado consultado",
  "afiliado.constancia": "Constancia de afiliado emitida",
  "afiliado.notas.exportar": "Notas del afiliado exportadas",
  "afiliado.convenio.ver": "Convenio consultado",
  "afiliado.consulta_publica": "Consulta pública de cobertura",
  "afiliados.listado.exportar": "Listado de afiliados exportado",
  "ficha.ver": "Ficha consultada",
  "ficha.crear": "Ficha creada",
  "ficha.modificar": "Ficha modificada",
  "ficha.eliminar": "Ficha eliminada",
  "fichas.listado.exportar": "Listado de fichas exportado",
  "capa.registrar": "Registro CAPA creado",
  "capa.modificar": "Registro CAPA modificado",
  "capa.exportar": "Listado CAPA exportado",
  "mae.ficha.crear": "Ficha MAE creada",
  "mae.ficha.modificar": "Ficha MAE modificada",
  "mae.ficha.eliminar": "Ficha MAE eliminada",
  "mae.ficha.migrar": "Ficha MAE migrada",
  "mae.alumno.agregar": "Alumno agregado",
  "mae.alumno.modificar": "Alumno modificado",
  "mae.alumno.eliminar": "Alumno eliminado",
  "mae.alumno.inactivar": "Alumno inactivado",
  "turno.asignar": "Turno asignado",
  "turno.reasignar": "Turno reasignado",
  "turno.modificar": "Turno modificado",
  "turno.estado": "Estado de turno cambiado",
  "turnos.listado.exportar": "Turnos exportados",
  "consumos.exportar": "Consumos exportados",
  "liquidacion.exportar": "Preliquidación exportada",
  "padron_farmacia.generar": "Padrón de farmacia generado",
  "padron_farmacia.descargar": "Padrón de farmacia descargado",
  "padron_planes.exportar": "Padrón de planes exportado",
  "voluntarios.exportar": "Padrón de voluntarios exportado",
  "tiempos_auditoria.exportar": "Tiempos de auditoría exportados",
  "reportes.actualizar": "Reportes actualizados",
  "reportes_programados.crear": "Reporte programado creado",
  "reportes_programados.eliminar": "Reporte programado eliminado",
  "reportes_programados.ejecutar": "Reporte programado ejecutado",
  "reportes_programados.descargar": "Reporte programado descargado",
  "importaciones.descargar_informe": "Informe de importación descargado",
};

/** The words of an action code; an unknown code as it is. */
export function accionTexto(codigo: string): string {
  return Object.hasOwn(ACCION_LABELS, codigo) ? ACCION_LABELS[codigo] : codigo;
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The 'Acción' filter takes what the screen shows: the words of a code ('ficha mae creada', accents and case aside)
 * stand for the code; anything else is taken as a code.
 */
export function codigoDeAccion(texto: string): string {
  const buscado = fold(texto);
  const found = Object.entries(ACCION_LABELS).find(([, label]) => fold(label) === buscado);
  return found ? found[0] : texto.trim();
}

/** One plain value as text: yes/no for booleans, '—' for none. */
function valorTexto(v: unknown): string {
  if (v == null || v === "") return "—";
  if (typeof v === "boolean") return v ? "sí" : "no";
  return String(v);
}

const esPlano = (v: unknown) => v == null || typeof v !== "object";

/**
 * The detail as 'clave: valor' lines. A nested object gives its keys after its own ('antes.puesto: 2'); a list of
 * plain values is one line joined by ', ' (an empty one is '—'); a list with objects numbers its items from 1
 * ('alumnos.1.dni: 30111222'). A detail that is no object (legacy rows) is one line with its text.
 */
export function detalleLineas(detalle: unknown): string[] {
  if (detalle == null) return [];
  if (esPlano(detalle)) return [valorTexto(detalle)];
  const lines: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (esPlano(v)) {
      lines.push(`${prefix}: ${valorTexto(v)}`);
    } else if (Array.isArray(v)) {
      if (v.every(esPlano)) lines.push(`${prefix}: ${v.length ? v.map(valorTexto).join(", ") : "—"}`);
      else v.forEach((item, i) => walk(`${prefix}.${i + 1}`, item));
    } else {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) lines.push(`${prefix}: —`);
      for (const [k, inner] of entries) walk(prefix ? `${prefix}.${k}` : k, inner);
    }
  };
  if (Array.isArray(detalle)) {
    if (detalle.every(esPlano)) return [detalle.map(valorTexto).join(", ")];
    detalle.forEach((item, i) => walk(String(i + 1), item));
  } else for (const [k, v] of Object.entries(detalle as Record<string, unknown>)) walk(k, v);
  return lines;
}
