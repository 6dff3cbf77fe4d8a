// Users, profiles, screens, operations, sessions, audit log and login attempts.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  bigserial,
} from "drizzle-orm/pg-core";

/** Profiles (us_perfil). Ids 1 and 10 are privileged for the liquidation responsable list. */
export const usPerfiles = pgTable("us_perfiles", {
  id: serial("id").primaryKey(),
  descripcion: text("descripcion").notNull(),
  activo: boolean("activo").notNull().default(true),
});

/** Screens (route paths such as '/buscar-ficha'). */
export const usPantallas = pgTable("us_pantallas", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  titulo: text("titulo").notNull(),
});

/** Operations: id is the code the spec uses ('1' … '38'). */
export const usOperaciones = pgTable("us_operaciones", {
  id: text("id").primaryKey(),
  operacion: text("operacion").notNull(),
  usPantallaId: integer("us_pantalla_id").references(() => usPantallas.id),
});

export const usPerfilOperaciones = pgTable(
  "us_perfil_operaciones",
  {
    id: serial("id").primaryKey(),
    usOperacionId: text("us_operacion_id")
      .notNull()
      .references(() => usOperaciones.id),
    usPerfilId: integer("us_perfil_id")
      .notNull()
      .references(() => usPerfiles.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("us_perfil_operaciones_uq").on(t.usPerfilId, t.usOperacionId)],
);

export const usPerfilPantallas = pgTable(
  "us_perfil_pantallas",
  {
    id: serial("id").primaryKey(),
    usPantallaId: integer("us_pantalla_id")
      .notNull()
      .references(() => usPantallas.id),
    usPerfilId: integer("us_perfil_id")
      .notNull()
      .references(() => usPerfiles.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("us_perfil_pantallas_uq").on(t.usPerfilId, t.usPantallaId)],
);

export const usUsuarios = pgTable(
  "us_usuarios",
  {
    id: serial("id").primaryKey(),
    apeynom: text("apeynom").notNull(),
    /** Login name; for provider users it is their CUIT (tax id). */
    usuario: text("usuario").notNull(),
    passwordHash: text("password_hash").notNull(),
    usPerfilId: integer("us_perfil_id")
      .notNull()
      .default(1)
      .references(() => usPerfiles.id),
    typeUsr: smallint("type_usr").notNull().default(1),
    activo: boolean("activo").notNull().default(true),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("us_usuarios_usuario_uq").on(sql`lower(${t.usuario})`)],
);

/**
 * Sessions and API tokens. Only the SHA-256 of the random token is stored.
 * kind 'cookie' = browser session, 'api' = x-auth-token.
 */
export const sesiones = pgTable(
  "sesiones",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    usuarioId: integer("usuario_id")
      .notNull()
      .references(() => usUsuarios.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    address: text("address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sesiones_usuario_idx").on(t.usuarioId)],
);

/**
 * Failed password guesses (sign-in, or the current password of a password change), per lower-case user name and
 * address (ADR 025). A row is written before the password is checked (the attempt is reserved) and deleted when
 * the password was right.
 */
export const loginIntentos = pgTable(
  "login_intentos",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    usuario: text("usuario").notNull(),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_intentos_usuario_idx").on(t.usuario, t.at),
    index("login_intentos_address_idx").on(t.address, t.at),
    index("login_intentos_par_idx").on(t.usuario, t.address, t.at),
  ],
);

/** Known addresses: where each user last signed in successfully, and when (ADR 025). */
export const loginDireccionesConocidas = pgTable(
  "login_direcciones_conocidas",
  {
    usuarioId: integer("usuario_id")
      .notNull()
      .references(() => usUsuarios.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    ultimoIngreso: timestamp("ultimo_ingreso", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.address] })],
);

/** Audit log: sign-in/out, failed sign-in, every write, every read of a member's detail. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer("usuario_id"),
    usuario: text("usuario"),
    accion: text("accion").notNull(),
    entidad: text("entidad"),
    entidadId: text("entidad_id"),
    detalle: jsonb("detalle"),
    address: text("address"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_usuario_idx").on(t.usuarioId, t.at),
    index("audit_log_accion_idx").on(t.accion, t.at),
  ],
);
