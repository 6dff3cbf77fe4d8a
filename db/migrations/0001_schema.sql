CREATE SEQUENCE "public"."fichas_onco_nro_ficha_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."capa_registros_nro_registro_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario" text,
	"accion" text NOT NULL,
	"entidad" text,
	"entidad_id" text,
	"detalle" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "login_intentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"address" text,
	"user_agent" text,
	CONSTRAINT "sesiones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "us_operaciones" (
	"id" text PRIMARY KEY NOT NULL,
	"operacion" text NOT NULL,
	"us_pantalla_id" integer
);
--> statement-breakpoint
CREATE TABLE "us_pantallas" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"titulo" text NOT NULL,
	CONSTRAINT "us_pantallas_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "us_perfil_operaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"us_operacion_id" text NOT NULL,
	"us_perfil_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "us_perfil_pantallas" (
	"id" serial PRIMARY KEY NOT NULL,
	"us_pantalla_id" integer NOT NULL,
	"us_perfil_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "us_perfiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "us_usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"apeynom" text NOT NULL,
	"usuario" text NOT NULL,
	"password_hash" text NOT NULL,
	"us_perfil_id" integer DEFAULT 1 NOT NULL,
	"type_usr" smallint DEFAULT 1 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "afiliados" (
	"idafi" serial PRIMARY KEY NOT NULL,
	"apeynom" text NOT NULL,
	"baperapell" text,
	"bapernombr" text,
	"apeynom_norm" text GENERATED ALWAYS AS (lower(translate(apeynom, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))) STORED,
	"numdoc" text NOT NULL,
	"nroafi" text NOT NULL,
	"cuil_prefijo" text,
	"cuil_nrocentral" text,
	"cuil_dtoverific" text,
	"grupo" text NOT NULL,
	"nromedio" text NOT NULL,
	"nroparentesco" text NOT NULL,
	"descparentesco" text NOT NULL,
	"grupo_familiar_id" integer,
	"baperfenac" date,
	"sexocodigo" text,
	"escivilcod" text,
	"estcivil" text,
	"fechalta" date,
	"fechbaja" date DEFAULT '0001-01-01' NOT NULL,
	"fechvto" date,
	"codmotbaja" integer,
	"motbaja" text,
	"aficategoria" text,
	"descclasificacion" text,
	"plan" text,
	"tipoconvenio" text
);
--> statement-breakpoint
CREATE TABLE "aportes" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer,
	"jubilado" boolean DEFAULT false NOT NULL,
	"fecha" date NOT NULL,
	"cuit" text NOT NULL,
	"nro_legajo" text,
	"ubicacion" text,
	"rem_imponible" numeric(14, 2),
	"rem_no_imponible" numeric(14, 2),
	"aporte_afiliado" numeric(14, 2),
	"aporte_patronal" numeric(14, 2),
	"aporte_trasplantado" numeric(14, 2),
	"aporte_solidario" numeric(14, 2),
	"aporte_contribucion_solidario" numeric(14, 2),
	"nro_beneficio_jub" text,
	"nro_concepto_jub" text,
	"beneficio" numeric(14, 2),
	"suma_beneficios" numeric(14, 2),
	"concepto" text
);
--> statement-breakpoint
CREATE TABLE "coberturas" (
	"gravcodgra" integer PRIMARY KEY NOT NULL,
	"gravdesgra" text NOT NULL,
	"cobcaract" text,
	"cobsubcaract" text
);
--> statement-breakpoint
CREATE TABLE "convenios_reciprocidad" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer NOT NULL,
	"tipoconvenio" text NOT NULL,
	"clasificacion_convenio" text,
	"institucion_convenio" text,
	"provincia_convenio" text,
	"inicio_convenio" date,
	"fin_convenio" date
);
--> statement-breakpoint
CREATE TABLE "domicilios" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer NOT NULL,
	"bedomcalle" text,
	"bedomnumer" text,
	"localidad" text,
	"departamento" text,
	"provincia" text,
	"codpostal" text,
	"telefono" text,
	"telcelular" text,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "enrolamientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer NOT NULL,
	"gravcodgra" integer NOT NULL,
	"enprfecvig" date NOT NULL,
	"enprfecbaj" date DEFAULT '0001-01-01' NOT NULL,
	"enprfecinf" date,
	"enprnromie" text
);
--> statement-breakpoint
CREATE TABLE "grupos_familiares" (
	"id" serial PRIMARY KEY NOT NULL,
	"titular_idafi" integer
);
--> statement-breakpoint
CREATE TABLE "motivos_baja" (
	"bambacodig" integer PRIMARY KEY NOT NULL,
	"bambadescr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notas" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer NOT NULL,
	"fecha_cambio" date NOT NULL,
	"descripcion_cambio" text NOT NULL,
	"nombre_usuario" text
);
--> statement-breakpoint
CREATE TABLE "autorizaciones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nroautorizacion" bigint NOT NULL,
	"numautreferenciada" bigint,
	"num_exp" text,
	"idafi" integer,
	"nroafiliado" text,
	"nombreafiliado" text,
	"cuil" text,
	"practica" text NOT NULL,
	"subitem" text,
	"descpractica" text,
	"cobertura" integer,
	"autorizo" text NOT NULL,
	"modalidad" text NOT NULL,
	"estadoambint" text,
	"nrointernacion" integer,
	"fecha" date NOT NULL,
	"hora" time,
	"fechaemision" date,
	"fechasolicitud" date,
	"fechavto" date,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"tipopago" text,
	"coseguro" numeric(14, 2),
	"estado" text,
	"entidad" text,
	"delegacion" text,
	"tipo_delegacion" text,
	"usuarioautorizacion" text,
	"usuarioauditoria" text,
	"fecha_hora_carga" timestamp,
	"fecha_hora_carga_original" timestamp,
	"fecha_hora_auditoria" timestamp,
	"matmedprescriptor" text,
	"nommedprescriptor" text,
	"codigo_efector" text,
	"matmedefector" text,
	"nommedefector" text,
	"responsable" text,
	"cuit_responsable" text,
	"anulado" boolean DEFAULT false NOT NULL,
	"autoken" text,
	"montoautgasto" numeric(14, 2),
	"montoauthonorario" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "consumos_farmacia" (
	"id" serial PRIMARY KEY NOT NULL,
	"idafi" integer,
	"dni" text NOT NULL,
	"farma_mombre" text,
	"farma_provincia" text,
	"farma_prestador" text,
	"fecha_receta" date DEFAULT '1900-01-01' NOT NULL,
	"fecha_dispensa" date DEFAULT '1900-01-01' NOT NULL,
	"producto" text,
	"cant_unidades" integer,
	"descuento" numeric(5, 2),
	"plan_programa" text
);
--> statement-breakpoint
CREATE TABLE "internaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero_orden" integer NOT NULL,
	"idafi" integer NOT NULL,
	"fecha_interna" date NOT NULL,
	"dias_solic" integer,
	"dias_autorizados" integer,
	"fecha_salida" date,
	"oi_cobertura" text,
	"tipo_interna" text,
	"entidad_nombre" text,
	CONSTRAINT "internaciones_numero_orden_unique" UNIQUE("numero_orden")
);
--> statement-breakpoint
CREATE TABLE "practicas" (
	"id" serial PRIMARY KEY NOT NULL,
	"practica" text NOT NULL,
	"descripcion" text NOT NULL,
	"seccion" text,
	"capitulo" text,
	"subcapitulo" text,
	"secuencia" text,
	"subitem" text DEFAULT '' NOT NULL,
	"origen" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnos_auditores" (
	"id" serial PRIMARY KEY NOT NULL,
	"auditor" text NOT NULL,
	"inicio_turno" time NOT NULL,
	"fin_turno" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fichas_onco" (
	"id" serial PRIMARY KEY NOT NULL,
	"nro_ficha" integer DEFAULT nextval('fichas_onco_nro_ficha_seq') NOT NULL,
	"estado_ficha" text DEFAULT 'INGRESO' NOT NULL,
	"fecha" date NOT NULL,
	"afi_dni" text NOT NULL,
	"afi_nro_afi" text NOT NULL,
	"afi_parentesco" text NOT NULL,
	"afi_sexo" text NOT NULL,
	"afi_nombre" text NOT NULL,
	"afi_estado_civil" text NOT NULL,
	"afi_domicilio" text NOT NULL,
	"afi_localidad" text NOT NULL,
	"afi_departamento" text DEFAULT 'Capital' NOT NULL,
	"afi_provincia" text DEFAULT 'Catamarca' NOT NULL,
	"afi_telefono" text,
	"afi_celular" text,
	"afi_email" text,
	"hospital" text,
	"prescriptor_nombre" text,
	"prescriptor_matricula_prof" text,
	"prescriptor_matricula_espe" text,
	"prescriptor_email" text,
	"fecha_diagnostico" date NOT NULL,
	"edad_al_dianostico_anios" smallint,
	"edad_al_dianostico_meses" smallint,
	"diagnostico_histologico" text NOT NULL,
	"organo_id" integer,
	"resumen_historia_clinica" text NOT NULL,
	"estudios_realizados" text,
	"controles_previos" text,
	"estado_actual" boolean DEFAULT false NOT NULL,
	"estado_adyuvancia" boolean DEFAULT false NOT NULL,
	"estado_avanzado" boolean DEFAULT false NOT NULL,
	"cirugia" boolean DEFAULT false NOT NULL,
	"fecha_cirugia" date,
	"tipo_cirugia" text,
	"quimioterapia" boolean DEFAULT false NOT NULL,
	"fecha_quimioterapia" date,
	"esquema_quimioterapia" text,
	"radioterapia" boolean DEFAULT false NOT NULL,
	"fecha_radioterapia" date,
	"esquema_radioterapia" text,
	"homonoterapia" boolean DEFAULT false NOT NULL,
	"fecha_homonoterapia" date,
	"esquema_homonoterapia" text,
	"diagnostico" text NOT NULL,
	"estadio" text,
	"peso" numeric(6, 2) NOT NULL,
	"talla" numeric(6, 2) NOT NULL,
	"sup_corporal" numeric(5, 2) NOT NULL,
	"observacion" text,
	"editable" boolean DEFAULT true NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fichas_onco_nro_ficha_unique" UNIQUE("nro_ficha"),
	CONSTRAINT "fichas_onco_estado_ficha_chk" CHECK ("fichas_onco"."estado_ficha" in ('INGRESO', 'CAMBIO_MEDICAMENTO', 'REINGRESO'))
);
--> statement-breakpoint
CREATE TABLE "fichas_onco_monodrogas" (
	"id" serial PRIMARY KEY NOT NULL,
	"ficha_id" integer NOT NULL,
	"droga" text NOT NULL,
	"mgrs_protocolo" numeric(10, 2),
	"cantidad" integer,
	"dosis_dia" numeric(10, 2),
	"dosis_total" numeric(12, 2),
	"presentacion" text,
	"presentacion_cantidad" integer,
	"ciclos" integer,
	"frecuencia" smallint
);
--> statement-breakpoint
CREATE TABLE "medicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"apeynom" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monodrogas" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	CONSTRAINT "monodrogas_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "organos" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	CONSTRAINT "organos_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "turnos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nro_turno" integer NOT NULL,
	"tipo_tramite" text NOT NULL,
	"fecha_turno" date NOT NULL,
	"hora_turno" time NOT NULL,
	"puesto" smallint NOT NULL,
	"dni_afiliado" text NOT NULL,
	"apeynom_afiliado" text NOT NULL,
	"id_afiliado" integer,
	"estado_turno" text DEFAULT 'ASIGNADO' NOT NULL,
	"observacion" text,
	"operador" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turnos_slot_uq" UNIQUE("tipo_tramite","fecha_turno","hora_turno","puesto"),
	CONSTRAINT "turnos_estado_turno_chk" CHECK ("turnos"."estado_turno" in ('VACIO', 'ASIGNADO', 'CONFIRMADO', 'CANCELADO', 'ATENDIDO'))
);
--> statement-breakpoint
CREATE TABLE "turnos_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_tramite" text NOT NULL,
	"cant_puesto" smallint NOT NULL,
	"tiempo_por_turno" smallint NOT NULL,
	"inicio_turno" time NOT NULL,
	"fin_turno" time NOT NULL,
	CONSTRAINT "turnos_config_tipo_tramite_unique" UNIQUE("tipo_tramite")
);
--> statement-breakpoint
CREATE TABLE "capa_integrantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"capa_id" integer NOT NULL,
	"afi_dni_integrante" text NOT NULL,
	"afi_nombre_integrante" text,
	"afi_edad_integrante" smallint
);
--> statement-breakpoint
CREATE TABLE "capa_registros" (
	"id" serial PRIMARY KEY NOT NULL,
	"nro_registro" integer DEFAULT nextval('capa_registros_nro_registro_seq') NOT NULL,
	"fecha_registracion" date NOT NULL,
	"afi_dni" text NOT NULL,
	"afi_nro_afi" text,
	"afi_parentesco" text,
	"afi_nombre" text,
	"afi_localidad" text NOT NULL,
	"afi_edad" smallint,
	"afi_telefono" text NOT NULL,
	"afi_telefono_alternativo" text,
	"afi_email" text,
	"fecha_positivo" date NOT NULL,
	"esquema_vacunacion" text DEFAULT 'Incompleto' NOT NULL,
	"cant_integrantes" smallint DEFAULT 0 NOT NULL,
	"tipo_modulo" text,
	"nro_autorizacion_sia" text,
	"estado_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capa_registros_nro_registro_unique" UNIQUE("nro_registro"),
	CONSTRAINT "capa_registros_esquema_chk" CHECK ("capa_registros"."esquema_vacunacion" in ('Completo', 'Incompleto')),
	CONSTRAINT "capa_registros_modulo_chk" CHECK ("capa_registros"."tipo_modulo" is null or "capa_registros"."tipo_modulo" in ('modulo3046', 'modulo3047'))
);
--> statement-breakpoint
CREATE TABLE "mae_alumnos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_ficha" integer NOT NULL,
	"dni" text NOT NULL,
	"apeynom" text NOT NULL,
	"expediente" text NOT NULL,
	"horario" text NOT NULL,
	"escuela" text NOT NULL,
	"escuela_nivel" text NOT NULL,
	"observacion" text,
	"estado" boolean DEFAULT true NOT NULL,
	"fecha_inactivacion" date,
	"anio_lectivo" smallint DEFAULT 2024 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mae_fichas" (
	"id" serial PRIMARY KEY NOT NULL,
	"dni" text NOT NULL,
	"apeynom" text NOT NULL,
	"titulo_mae" text NOT NULL,
	"anio_lectivo" smallint DEFAULT 2024 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mae_fichas_dni_anio_uq" UNIQUE("dni","anio_lectivo")
);
--> statement-breakpoint
CREATE TABLE "colegios" (
	"id" serial PRIMARY KEY NOT NULL,
	"sptpmdescr" text NOT NULL,
	CONSTRAINT "colegios_sptpmdescr_unique" UNIQUE("sptpmdescr")
);
--> statement-breakpoint
CREATE TABLE "efectores" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"matriculas" text,
	"nommedefector" text,
	"matmedefector" text,
	CONSTRAINT "efectores_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "prestadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"apellido" text NOT NULL,
	"nombre" text NOT NULL,
	"matricula" text NOT NULL,
	"colegio_id" integer,
	"especialidad" text,
	"domicilio" text,
	"localida" text,
	"telefono" text
);
--> statement-breakpoint
CREATE TABLE "responsables" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"cuit" text NOT NULL,
	CONSTRAINT "responsables_cuit_unique" UNIQUE("cuit")
);
--> statement-breakpoint
CREATE TABLE "tramites" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_documento" text NOT NULL,
	"nrotramite" integer NOT NULL,
	"anio" smallint NOT NULL,
	"letra" text,
	"extracto" text,
	"iniciador" text,
	"fecini" date,
	"area" text,
	"dni" text
);
--> statement-breakpoint
CREATE TABLE "vademecum" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto" text NOT NULL,
	"presentacion" text,
	"laboratorio" text,
	"droga" text,
	"familia" text,
	"cobertura" text,
	"plan" text,
	"tamanio" text
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_us_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."us_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_operaciones" ADD CONSTRAINT "us_operaciones_us_pantalla_id_us_pantallas_id_fk" FOREIGN KEY ("us_pantalla_id") REFERENCES "public"."us_pantallas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_perfil_operaciones" ADD CONSTRAINT "us_perfil_operaciones_us_operacion_id_us_operaciones_id_fk" FOREIGN KEY ("us_operacion_id") REFERENCES "public"."us_operaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_perfil_operaciones" ADD CONSTRAINT "us_perfil_operaciones_us_perfil_id_us_perfiles_id_fk" FOREIGN KEY ("us_perfil_id") REFERENCES "public"."us_perfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_perfil_pantallas" ADD CONSTRAINT "us_perfil_pantallas_us_pantalla_id_us_pantallas_id_fk" FOREIGN KEY ("us_pantalla_id") REFERENCES "public"."us_pantallas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_perfil_pantallas" ADD CONSTRAINT "us_perfil_pantallas_us_perfil_id_us_perfiles_id_fk" FOREIGN KEY ("us_perfil_id") REFERENCES "public"."us_perfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_usuarios" ADD CONSTRAINT "us_usuarios_us_perfil_id_us_perfiles_id_fk" FOREIGN KEY ("us_perfil_id") REFERENCES "public"."us_perfiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afiliados" ADD CONSTRAINT "afiliados_grupo_familiar_id_grupos_familiares_id_fk" FOREIGN KEY ("grupo_familiar_id") REFERENCES "public"."grupos_familiares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afiliados" ADD CONSTRAINT "afiliados_codmotbaja_motivos_baja_bambacodig_fk" FOREIGN KEY ("codmotbaja") REFERENCES "public"."motivos_baja"("bambacodig") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aportes" ADD CONSTRAINT "aportes_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convenios_reciprocidad" ADD CONSTRAINT "convenios_reciprocidad_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domicilios" ADD CONSTRAINT "domicilios_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolamientos" ADD CONSTRAINT "enrolamientos_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolamientos" ADD CONSTRAINT "enrolamientos_gravcodgra_coberturas_gravcodgra_fk" FOREIGN KEY ("gravcodgra") REFERENCES "public"."coberturas"("gravcodgra") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos_familiares" ADD CONSTRAINT "grupos_familiares_titular_idafi_afiliados_idafi_fk" FOREIGN KEY ("titular_idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumos_farmacia" ADD CONSTRAINT "consumos_farmacia_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internaciones" ADD CONSTRAINT "internaciones_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichas_onco" ADD CONSTRAINT "fichas_onco_organo_id_organos_id_fk" FOREIGN KEY ("organo_id") REFERENCES "public"."organos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichas_onco_monodrogas" ADD CONSTRAINT "fichas_onco_monodrogas_ficha_id_fichas_onco_id_fk" FOREIGN KEY ("ficha_id") REFERENCES "public"."fichas_onco"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_id_afiliado_afiliados_idafi_fk" FOREIGN KEY ("id_afiliado") REFERENCES "public"."afiliados"("idafi") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capa_integrantes" ADD CONSTRAINT "capa_integrantes_capa_id_capa_registros_id_fk" FOREIGN KEY ("capa_id") REFERENCES "public"."capa_registros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mae_alumnos" ADD CONSTRAINT "mae_alumnos_id_ficha_mae_fichas_id_fk" FOREIGN KEY ("id_ficha") REFERENCES "public"."mae_fichas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_colegio_id_colegios_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."colegios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_at_idx" ON "auditoria" USING btree ("at");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id","at");--> statement-breakpoint
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion","at");--> statement-breakpoint
CREATE INDEX "login_intentos_usuario_idx" ON "login_intentos" USING btree ("usuario","at");--> statement-breakpoint
CREATE INDEX "login_intentos_address_idx" ON "login_intentos" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "us_perfil_operaciones_uq" ON "us_perfil_operaciones" USING btree ("us_perfil_id","us_operacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "us_perfil_pantallas_uq" ON "us_perfil_pantallas" USING btree ("us_perfil_id","us_pantalla_id");--> statement-breakpoint
CREATE UNIQUE INDEX "us_usuarios_usuario_uq" ON "us_usuarios" USING btree (lower("usuario"));--> statement-breakpoint
CREATE INDEX "afiliados_numdoc_idx" ON "afiliados" USING btree ("numdoc");--> statement-breakpoint
CREATE INDEX "afiliados_nroafi_idx" ON "afiliados" USING btree ("nroafi");--> statement-breakpoint
CREATE INDEX "afiliados_cuil_idx" ON "afiliados" USING btree ("cuil_nrocentral","cuil_prefijo","cuil_dtoverific");--> statement-breakpoint
CREATE INDEX "afiliados_familia_idx" ON "afiliados" USING btree ("grupo","nromedio","nroparentesco");--> statement-breakpoint
CREATE INDEX "afiliados_grupo_familiar_idx" ON "afiliados" USING btree ("grupo_familiar_id");--> statement-breakpoint
CREATE INDEX "afiliados_clasificacion_idx" ON "afiliados" USING btree ("descclasificacion");--> statement-breakpoint
CREATE INDEX "afiliados_apeynom_norm_trgm_idx" ON "afiliados" USING gin ("apeynom_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "afiliados_apeynom_norm_prefix_idx" ON "afiliados" USING btree ("apeynom_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "aportes_cuit_fecha_idx" ON "aportes" USING btree ("cuit","fecha");--> statement-breakpoint
CREATE INDEX "aportes_idafi_idx" ON "aportes" USING btree ("idafi");--> statement-breakpoint
CREATE INDEX "convenios_reciprocidad_idafi_idx" ON "convenios_reciprocidad" USING btree ("idafi");--> statement-breakpoint
CREATE INDEX "domicilios_idafi_idx" ON "domicilios" USING btree ("idafi");--> statement-breakpoint
CREATE INDEX "enrolamientos_idafi_idx" ON "enrolamientos" USING btree ("idafi");--> statement-breakpoint
CREATE INDEX "enrolamientos_cobertura_idx" ON "enrolamientos" USING btree ("gravcodgra","enprfecbaj");--> statement-breakpoint
CREATE INDEX "grupos_familiares_titular_idx" ON "grupos_familiares" USING btree ("titular_idafi");--> statement-breakpoint
CREATE INDEX "notas_idafi_idx" ON "notas" USING btree ("idafi","fecha_cambio");--> statement-breakpoint
CREATE INDEX "autorizaciones_nroautorizacion_idx" ON "autorizaciones" USING btree ("nroautorizacion");--> statement-breakpoint
CREATE INDEX "autorizaciones_idafi_fecha_idx" ON "autorizaciones" USING btree ("idafi","fecha");--> statement-breakpoint
CREATE INDEX "autorizaciones_fecha_idx" ON "autorizaciones" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "autorizaciones_nrointernacion_idx" ON "autorizaciones" USING btree ("nrointernacion");--> statement-breakpoint
CREATE INDEX "autorizaciones_numautreferenciada_idx" ON "autorizaciones" USING btree ("numautreferenciada");--> statement-breakpoint
CREATE INDEX "autorizaciones_auditoria_idx" ON "autorizaciones" USING btree ("usuarioauditoria","fecha_hora_auditoria");--> statement-breakpoint
CREATE INDEX "autorizaciones_efector_fecha_idx" ON "autorizaciones" USING btree ("matmedefector","fecha");--> statement-breakpoint
CREATE INDEX "autorizaciones_responsable_fecha_idx" ON "autorizaciones" USING btree ("responsable","fecha");--> statement-breakpoint
CREATE INDEX "consumos_farmacia_dni_idx" ON "consumos_farmacia" USING btree ("dni","fecha_dispensa");--> statement-breakpoint
CREATE INDEX "consumos_farmacia_idafi_idx" ON "consumos_farmacia" USING btree ("idafi");--> statement-breakpoint
CREATE INDEX "internaciones_idafi_idx" ON "internaciones" USING btree ("idafi","fecha_interna");--> statement-breakpoint
CREATE UNIQUE INDEX "practicas_codigo_uq" ON "practicas" USING btree ("practica","subitem","origen");--> statement-breakpoint
CREATE INDEX "practicas_clasificacion_idx" ON "practicas" USING btree ("seccion","capitulo","subcapitulo","secuencia");--> statement-breakpoint
CREATE INDEX "practicas_descripcion_trgm_idx" ON "practicas" USING gin ("descripcion" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "turnos_auditores_auditor_idx" ON "turnos_auditores" USING btree ("auditor");--> statement-breakpoint
CREATE INDEX "fichas_onco_afi_dni_idx" ON "fichas_onco" USING btree ("afi_dni");--> statement-breakpoint
CREATE INDEX "fichas_onco_fecha_idx" ON "fichas_onco" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "fichas_onco_organo_idx" ON "fichas_onco" USING btree ("organo_id","fecha");--> statement-breakpoint
CREATE INDEX "fichas_onco_monodrogas_ficha_idx" ON "fichas_onco_monodrogas" USING btree ("ficha_id");--> statement-breakpoint
CREATE INDEX "turnos_fecha_tipo_idx" ON "turnos" USING btree ("fecha_turno","tipo_tramite");--> statement-breakpoint
CREATE INDEX "turnos_dni_idx" ON "turnos" USING btree ("dni_afiliado");--> statement-breakpoint
CREATE INDEX "capa_integrantes_capa_idx" ON "capa_integrantes" USING btree ("capa_id");--> statement-breakpoint
CREATE INDEX "capa_registros_fecha_idx" ON "capa_registros" USING btree ("fecha_registracion");--> statement-breakpoint
CREATE INDEX "capa_registros_afi_dni_idx" ON "capa_registros" USING btree ("afi_dni");--> statement-breakpoint
CREATE INDEX "mae_alumnos_ficha_idx" ON "mae_alumnos" USING btree ("id_ficha");--> statement-breakpoint
CREATE INDEX "mae_alumnos_dni_idx" ON "mae_alumnos" USING btree ("dni");--> statement-breakpoint
CREATE INDEX "mae_fichas_anio_idx" ON "mae_fichas" USING btree ("anio_lectivo","apeynom");--> statement-breakpoint
CREATE INDEX "efectores_matmedefector_idx" ON "efectores" USING btree ("matmedefector");--> statement-breakpoint
CREATE INDEX "prestadores_apellido_idx" ON "prestadores" USING btree (lower("apellido") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prestadores_nombre_idx" ON "prestadores" USING btree (lower("nombre") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prestadores_matricula_idx" ON "prestadores" USING btree ("matricula");--> statement-breakpoint
CREATE INDEX "prestadores_colegio_idx" ON "prestadores" USING btree ("colegio_id");--> statement-breakpoint
CREATE INDEX "tramites_nro_anio_idx" ON "tramites" USING btree ("nrotramite","anio");--> statement-breakpoint
CREATE INDEX "tramites_dni_idx" ON "tramites" USING btree ("dni");--> statement-breakpoint
CREATE INDEX "tramites_fecini_idx" ON "tramites" USING btree ("fecini");--> statement-breakpoint
CREATE INDEX "vademecum_producto_trgm_idx" ON "vademecum" USING gin ("producto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vademecum_droga_trgm_idx" ON "vademecum" USING gin ("droga" gin_trgm_ops);