// Reference data the system cannot run without: screens (route paths), operation codes, base profiles.
// Shared by the seed (rows) and the app (route classes, menu). See docs/decisions/001-screens-operations-and-profiles.md.

export type ScreenRef = { readonly path: string; readonly titulo: string };

/** Permission-gated screens (spec part 1 §2 / part 2 §2). Parametrised variants are guarded by their base path. */
export const GATED_SCREENS = [
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
  { path: "/reportes-programados", titulo: "Reportes Programados" },
  { path: "/importaciones", titulo: "Importaciones" },
] as const satisfies readonly ScreenRef[];

/** Login-only screens: any signed-in user. They are listed as screens so operations can point at them. */
export const LOGIN_ONLY_SCREENS = [
  { path: "/home", titulo: "Inicio" },
  { path: "/change-password", titulo: "Cambiar Contraseña" },
  { path: "/acerca-de", titulo: "Acerca de" },
  { path: "/turnos", titulo: "Asignacion de Turnos" },
  { path: "/listado-turnos", titulo: "Consulta de Turnos" },
] as const satisfies readonly ScreenRef[];

/** Public screens: no sign-in. */
export const PUBLIC_SCREENS = [
  { path: "/", titulo: "Sistema Integral de Consultas OSEP" },
  { path: "/consulta-coberturas-esp", titulo: "CONSULTA DE COBERTURAS ESPECIALES" },
  { path: "/consulta-coberturas", titulo: "Consulta de Coberturas" },
  { path: "/carnet-cobertura", titulo: "Carnet de Cobertura" },
] as const satisfies readonly ScreenRef[];

/**
 * Login-only and public screens that are also drawer entries (spec part 1 §2). Their routes keep their class (any
 * signed-in user, anyone), but the drawer shows an entry only when the profile holds its screen, so profiles are
 * granted these like gated screens (docs/decisions/029-drawer-entries-per-profile.md).
 */
export const DRAWER_GRANT_SCREENS = [
  "/turnos",
  "/listado-turnos",
  "/consulta-coberturas-esp",
] as const satisfies readonly ScreenPath[];

/** A gated screen\'s path, a login-only or public screen\'s path, any screen\'s path: typos fail to compile. */
type GatedScreen = (typeof GATED_SCREENS)[number]["path"];
export type ScreenPath =
  GatedScreen | (typeof LOGIN_ONLY_SCREENS)[number]["path"] | (typeof PUBLIC_SCREENS)[number]["path"];
/** A screen a profile may hold: a gated one, or a drawer entry of another class. */
export type GrantableScreen = GatedScreen | (typeof DRAWER_GRANT_SCREENS)[number];
/** Every screen a profile may hold; profile 1 (ADMINISTRADOR, `screens: "all"`) holds them all. */
export const GRANTABLE_SCREENS: readonly GrantableScreen[] = [
  ...GATED_SCREENS.map((s) => s.path),
  ...DRAWER_GRANT_SCREENS,
];

/**
 * The operation codes, by name: the one place a code is written as a literal. Guards, screens, the API, seeds and
 * tests use `OP.<NAME>`; the meanings of the codes the spec does not name are decided in ADR 001.
 */
export const OP = {
  GUARDAR_FICHA_ALTA: "1",
  GUARDAR_FICHA: "2",
  EXPORTAR_FICHAS_PDF: "3",
  EXPORTAR_PADRON_PLANES: "4",
  EXPORTAR_LISTADO_AFILIADOS: "5",
  MODIFICAR_FICHA: "6",
  ELIMINAR_FICHA: "7",
  CAMBIO_MEDICAMENTO: "8",
  REINGRESO: "9",
  REGISTRAR_CAPA: "10",
  MODIFICAR_CAPA: "11",
  EXPORTAR_CAPA: "12",
  EXPORTAR_NOTAS: "13",
  VER_NOTAS: "14",
  VER_FICHA_CONSUMO: "15",
  VER_DATOS_LABORALES: "16",
  VER_APORTES: "17",
  VER_EXPEDIENTES: "18",
  VER_AFILIACION: "19",
  ASIGNAR_TURNO: "20",
  VER_DETALLE_TURNO: "21",
  REGISTRAR_MAE: "22",
  ELIMINAR_MAE: "23",
  GENERAR_PADRON_FARMACIA: "24",
  EXPORTAR_PADRON_VOLUNTARIOS: "25",
  MARCAR_TURNO_ATENDIDO: "26",
  CREAR_USUARIO: "27",
  MODIFICAR_USUARIO: "28",
  RESETEAR_CONTRASENIA: "29",
  CREAR_PERFIL: "30",
  MODIFICAR_PERFIL: "31",
  ASIGNAR_OPERACIONES: "32",
  EXPORTAR_PRELIQUIDACION: "33",
  ACTUALIZAR_REPORTES: "34",
  EXPORTAR_CONSUMOS_PRESTADORES: "35",
  VER_REGISTRO_AUDITORIA: "36",
  IMPRIMIR_CONSTANCIA: "37",
  VER_INTERNACIONES: "38",
  CONSULTA_GLOBAL_AUTORIZACIONES: "39",
  PROGRAMAR_REPORTES: "40",
  EXPORTAR_TIEMPOS_AUDITORIA: "41",
  DESCARGAR_INFORMES_IMPORTACION: "42",
} as const;

export type OperationCode = (typeof OP)[keyof typeof OP];

export type OperationRef = { id: OperationCode; operacion: string; screen: ScreenPath };

/**
 * Operation codes '1' … '42'. Codes the spec names keep its meaning; the rest are decided in ADR 001 (39: ADR 026;
 * 40, 41: ADR 057; 42: ADR 068).
 */
export const OPERATIONS: OperationRef[] = [
  { id: OP.GUARDAR_FICHA_ALTA, operacion: "Guardar ficha oncológica (alta)", screen: "/nueva-ficha" },
  { id: OP.GUARDAR_FICHA, operacion: "Guardar ficha oncológica", screen: "/nueva-ficha" },
  { id: OP.EXPORTAR_FICHAS_PDF, operacion: "Exportar listado de fichas a PDF", screen: "/buscar-ficha" },
  { id: OP.EXPORTAR_PADRON_PLANES, operacion: "Exportar padrón de planes", screen: "/consultar-padron-onco" },
  {
    id: OP.EXPORTAR_LISTADO_AFILIADOS,
    operacion: "Exportar listado de afiliados a Excel",
    screen: "/listado-afiliados",
  },
  { id: OP.MODIFICAR_FICHA, operacion: "Modificar ficha oncológica", screen: "/buscar-ficha" },
  { id: OP.ELIMINAR_FICHA, operacion: "Eliminar ficha oncológica", screen: "/buscar-ficha" },
  { id: OP.CAMBIO_MEDICAMENTO, operacion: "Cambio de medicamento", screen: "/buscar-ficha" },
  { id: OP.REINGRESO, operacion: "Reingreso", screen: "/buscar-ficha" },
  { id: OP.REGISTRAR_CAPA, operacion: "Registrar ficha CAPA", screen: "/regcapa" },
  { id: OP.MODIFICAR_CAPA, operacion: "Modificar ficha CAPA", screen: "/regcapa" },
  { id: OP.EXPORTAR_CAPA, operacion: "Exportar listado CAPA", screen: "/listado-capa" },
  { id: OP.EXPORTAR_NOTAS, operacion: "Exportar notas del afiliado", screen: "/consultar-padron" },
  { id: OP.VER_NOTAS, operacion: "Ver Notas", screen: "/consultar-padron" },
  { id: OP.VER_FICHA_CONSUMO, operacion: "Ver Ficha de Consumo", screen: "/consultar-padron" },
  { id: OP.VER_DATOS_LABORALES, operacion: "Ver Datos Laborales", screen: "/consultar-padron" },
  { id: OP.VER_APORTES, operacion: "Ver Aportes", screen: "/consultar-padron" },
  { id: OP.VER_EXPEDIENTES, operacion: "Ver Expedientes", screen: "/consultar-padron" },
  { id: OP.VER_AFILIACION, operacion: "Ver Afiliación", screen: "/consultar-padron" },
  { id: OP.ASIGNAR_TURNO, operacion: "Asignar turno", screen: "/turnos" },
  { id: OP.VER_DETALLE_TURNO, operacion: "Ver detalle de turno", screen: "/listado-turnos" },
  { id: OP.REGISTRAR_MAE, operacion: "Registrar ficha MAE", screen: "/regmae" },
  { id: OP.ELIMINAR_MAE, operacion: "Eliminar ficha MAE", screen: "/regmae" },
  { id: OP.GENERAR_PADRON_FARMACIA, operacion: "Generar padrón farmacia", screen: "/padron_farmacia" },
  { id: OP.EXPORTAR_PADRON_VOLUNTARIOS, operacion: "Exportar padrón voluntarios", screen: "/padron_voluntarios" },
  { id: OP.MARCAR_TURNO_ATENDIDO, operacion: "Marcar turno ATENDIDO", screen: "/turnos" },
  { id: OP.CREAR_USUARIO, operacion: "Crear usuario", screen: "/users" },
  { id: OP.MODIFICAR_USUARIO, operacion: "Modificar usuario", screen: "/users" },
  { id: OP.RESETEAR_CONTRASENIA, operacion: "Resetear contraseña", screen: "/users" },
  { id: OP.CREAR_PERFIL, operacion: "Crear perfil", screen: "/perfiles" },
  { id: OP.MODIFICAR_PERFIL, operacion: "Modificar perfil", screen: "/perfiles" },
  { id: OP.ASIGNAR_OPERACIONES, operacion: "Asignar operaciones a perfil", screen: "/perfiles" },
  { id: OP.EXPORTAR_PRELIQUIDACION, operacion: "Exportar preliquidación", screen: "/liquidacion-prestadores" },
  { id: OP.ACTUALIZAR_REPORTES, operacion: "Actualizar datos de reportes", screen: "/osep-tiempos-auditoria" },
  {
    id: OP.EXPORTAR_CONSUMOS_PRESTADORES,
    operacion: "Exportar consumos de prestadores",
    screen: "/consumos-por-prestador",
  },
  { id: OP.VER_REGISTRO_AUDITORIA, operacion: "Ver registro de auditoría del sistema", screen: "/users" },
  { id: OP.IMPRIMIR_CONSTANCIA, operacion: "Imprimir constancia de estado", screen: "/consultar-padron" },
  { id: OP.VER_INTERNACIONES, operacion: "Ver Internaciones", screen: "/consultar-padron" },
  {
    id: OP.CONSULTA_GLOBAL_AUTORIZACIONES,
    operacion: "Consulta global de autorizaciones (todos los afiliados)",
    screen: "/consultar-padron",
  },
  { id: OP.PROGRAMAR_REPORTES, operacion: "Programar reportes", screen: "/reportes-programados" },
  {
    id: OP.EXPORTAR_TIEMPOS_AUDITORIA,
    operacion: "Exportar tiempos de auditoría",
    screen: "/osep-tiempos-auditoria",
  },
  {
    id: OP.DESCARGAR_INFORMES_IMPORTACION,
    operacion: "Descargar informes de importación",
    screen: "/importaciones",
  },
];

export type ProfileRef = {
  id: number;
  descripcion: string;
  screens: "all" | GrantableScreen[];
  operations: "all" | OperationCode[];
};

export const PROFILES: ProfileRef[] = [
  { id: 1, descripcion: "ADMINISTRADOR", screens: "all", operations: "all" },
  {
    id: 2,
    descripcion: "CONSULTA",
    screens: ["/consultar-padron", "/buscar-ficha", "/listado-afiliados"],
    operations: [OP.VER_NOTAS, OP.VER_FICHA_CONSUMO, OP.VER_AFILIACION],
  },
  {
    id: 10,
    descripcion: "AUDITORIA MEDICA",
    screens: ["/liquidacion-prestadores", "/osep-tiempos-auditoria", "/consumos-por-prestador"],
    operations: [OP.EXPORTAR_PRELIQUIDACION],
  },
  // A provider entity's own login (usuario = its CUIT) for the pre-settlement query (docs/decisions/015).
  { id: 20, descripcion: "PRESTADOR", screens: ["/liquidacion-prestadores"], operations: [OP.EXPORTAR_PRELIQUIDACION] },
];

/** Demo users (demo mode only; documented in the README). */
export const DEMO_USERS = [
  { apeynom: "ADMINISTRADOR DEL SISTEMA", usuario: "admin", password: "admin", perfil: 1 },
  { apeynom: "USUARIO DE CONSULTA", usuario: "consulta", password: "consulta", perfil: 2 },
  // The CUIT of the first seeded responsable (seed 1), so the demo provider sees its own settlement data.
  { apeynom: "PRESTADOR DE DEMOSTRACIÓN", usuario: "33-57035919-9", password: "prestador", perfil: 20 },
];

/**
 * Document types (spec part 2 §9), in the spec's order: the tramites seed writes them, the 'Consulta de Expedientes'
 * filter offers and accepts them (the app reads them through ~/modules/tramites/rules, never from db/).
 */
export const TIPOS_DOCUMENTO = [
  "EXPEDIENTE",
  "ACTUACION",
  "NOTA",
  "AFILIACION PARTICULAR",
  "ADHERIDOS POR CONVENIO",
  "RECLAMO",
  "SOBRE",
] as const;
