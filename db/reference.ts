// Reference data the system cannot run without: screens (route paths), operation codes, base profiles.
// Shared by the seed (rows) and the app (route classes, menu). See docs/decisions/001-screens-operations-and-profiles.md.

export type ScreenRef = { path: string; titulo: string };

/** Permission-gated screens (spec part 1 §2 / part 2 §2). Parametrised variants are guarded by their base path. */
export const GATED_SCREENS: ScreenRef[] = [
  { path: "/tramites", titulo: "Consulta de Expedientes" },
  { path: "/nueva-ficha", titulo: "Registros de Oncología" },
  { path: "/buscar-ficha", titulo: "Buscar Ficha" },
  { path: "/consultar-padron", titulo: "Consulta de Padrón de Afiliados" },
  { path: "/listado-afiliados", titulo: "Listados de afiliados" },
  { path: "/consultar-padron-onco", titulo: "Buscar Afiliados Enrolados" },
  { path: "/osep-tiempos-auditoria", titulo: "OSEP / Tiempos de Auditoria Médica" },
  { path: "/consumos-por-prestador", titulo: "OSEP / Consulta de Consumos de Prestadores" },
  { path: "/informes-practicas", titulo: "Consulta de Prácticas" },
  { path: "/consulta-vademecum", titulo: "Consulta de Vademecum" },
  { path: "/users", titulo: "Administracion de usuario" },
  { path: "/perfiles", titulo: "Perfiles" },
  { path: "/regcapa", titulo: "Centro de Atencion Ambulatoria de Pacientes Covid" },
  { path: "/listado-capa", titulo: "Listado de Registros CAPA Covid" },
  { path: "/regmae", titulo: "Registro MAE" },
  { path: "/listado-mae", titulo: "Listado MAE" },
  { path: "/padron_farmacia", titulo: "Generador del Padron Farmacia" },
  { path: "/padron_voluntarios", titulo: "Padrón Voluntarios" },
  { path: "/liquidacion-prestadores", titulo: "Preliquidación" },
  { path: "/padron-profesionales", titulo: "Padrón de Profesionales" },
];

/** Login-only screens: any signed-in user. They are listed as screens so operations can point at them. */
export const LOGIN_ONLY_SCREENS: ScreenRef[] = [
  { path: "/home", titulo: "Inicio" },
  { path: "/change-password", titulo: "Cambiar Contraseña" },
  { path: "/acerca-de", titulo: "Acerca de" },
  { path: "/turnos", titulo: "Asignacion de Turnos" },
  { path: "/listado-turnos", titulo: "Consulta de Turnos" },
];

/** Public screens: no sign-in. */
export const PUBLIC_SCREENS: ScreenRef[] = [
  { path: "/", titulo: "Sistema Integral de Consultas OSEP" },
  { path: "/consulta-coberturas-esp", titulo: "CONSULTA DE COBERTURAS ESPECIALES" },
  { path: "/consulta-coberturas", titulo: "Consulta de Coberturas" },
  { path: "/carnet-cobertura", titulo: "Carnet de Cobertura" },
];

export type OperationRef = { id: string; operacion: string; screen: string };

/** Operation codes '1' … '38'. Codes the spec names keep its meaning; the rest are decided in ADR 001. */
export const OPERATIONS: OperationRef[] = [
  { id: "1", operacion: "Guardar ficha oncológica (alta)", screen: "/nueva-ficha" },
  { id: "2", operacion: "Guardar ficha oncológica", screen: "/nueva-ficha" },
  { id: "3", operacion: "Exportar listado de fichas a PDF", screen: "/buscar-ficha" },
  { id: "4", operacion: "Exportar padrón de planes", screen: "/consultar-padron-onco" },
  { id: "5", operacion: "Exportar listado de afiliados a Excel", screen: "/listado-afiliados" },
  { id: "6", operacion: "Modificar ficha oncológica", screen: "/buscar-ficha" },
  { id: "7", operacion: "Eliminar ficha oncológica", screen: "/buscar-ficha" },
  { id: "8", operacion: "Cambio de medicamento", screen: "/buscar-ficha" },
  { id: "9", operacion: "Reingreso", screen: "/buscar-ficha" },
  { id: "10", operacion: "Registrar ficha CAPA", screen: "/regcapa" },
  { id: "11", operacion: "Modificar ficha CAPA", screen: "/regcapa" },
  { id: "12", operacion: "Exportar listado CAPA", screen: "/listado-capa" },
  { id: "13", operacion: "Exportar notas del afiliado", screen: "/consultar-padron" },
  { id: "14", operacion: "Ver Notas", screen: "/consultar-padron" },
  { id: "15", operacion: "Ver Ficha de Consumo", screen: "/consultar-padron" },
  { id: "16", operacion: "Ver Datos Laborales", screen: "/consultar-padron" },
  { id: "17", operacion: "Ver Aportes", screen: "/consultar-padron" },
  { id: "18", operacion: "Ver Expedientes", screen: "/consultar-padron" },
  { id: "19", operacion: "Ver Afiliación", screen: "/consultar-padron" },
  { id: "20", operacion: "Asignar turno", screen: "/turnos" },
  { id: "21", operacion: "Ver detalle de turno", screen: "/listado-turnos" },
  { id: "22", operacion: "Registrar ficha MAE", screen: "/regmae" },
  { id: "23", operacion: "Eliminar ficha MAE", screen: "/regmae" },
  { id: "24", operacion: "Generar padrón farmacia", screen: "/padron_farmacia" },
  { id: "25", operacion: "Exportar padrón voluntarios", screen: "/padron_voluntarios" },
  { id: "26", operacion: "Marcar turno ATENDIDO", screen: "/turnos" },
  { id: "27", operacion: "Crear usuario", screen: "/users" },
  { id: "28", operacion: "Modificar usuario", screen: "/users" },
  { id: "29", operacion: "Resetear contraseña", screen: "/users" },
  { id: "30", operacion: "Crear perfil", screen: "/perfiles" },
  { id: "31", operacion: "Modificar perfil", screen: "/perfiles" },
  { id: "32", operacion: "Asignar operaciones a perfil", screen: "/perfiles" },
  { id: "33", operacion: "Exportar preliquidación", screen: "/liquidacion-prestadores" },
  { id: "34", operacion: "Actualizar datos de reportes", screen: "/osep-tiempos-auditoria" },
  { id: "35", operacion: "Exportar consumos de prestadores", screen: "/consumos-por-prestador" },
  { id: "36", operacion: "Ver registro de auditoría del sistema", screen: "/users" },
  { id: "37", operacion: "Imprimir constancia de estado", screen: "/consultar-padron" },
  { id: "38", operacion: "Ver Internaciones", screen: "/consultar-padron" },
];

export type ProfileRef = { id: number; descripcion: string; screens: "all" | string[]; operations: "all" | string[] };

export const PROFILES: ProfileRef[] = [
  { id: 1, descripcion: "ADMINISTRADOR", screens: "all", operations: "all" },
  {
    id: 2,
    descripcion: "CONSULTA",
    screens: ["/consultar-padron", "/buscar-ficha", "/listado-afiliados"],
    operations: ["14", "15", "19"],
  },
  {
    id: 10,
    descripcion: "AUDITORIA MEDICA",
    screens: ["/liquidacion-prestadores", "/osep-tiempos-auditoria", "/consumos-por-prestador"],
    operations: ["33"],
  },
  // A provider entity's own login (usuario = its CUIT) for the pre-settlement query (docs/decisions/015).
  { id: 20, descripcion: "PRESTADOR", screens: ["/liquidacion-prestadores"], operations: ["33"] },
];

/** Demo users (demo mode only; documented in the README). */
export const DEMO_USERS = [
  { apeynom: "ADMINISTRADOR DEL SISTEMA", usuario: "admin", password: "admin", perfil: 1 },
  { apeynom: "USUARIO DE CONSULTA", usuario: "consulta", password: "consulta", perfil: 2 },
  // The CUIT of the first seeded responsable (seed 1), so the demo provider sees its own settlement data.
  { apeynom: "PRESTADOR DE DEMOSTRACIÓN", usuario: "33-57035919-9", password: "prestador", perfil: 20 },
];
