// 'Asignacion de Turnos' (spec part 2 §2, §4, §5, §8, §9). A GET form holds the screen in the URL
// (?tipo_tramite=&fecha_turno=): procedure type, date with previous/next day (dia=anterior|siguiente, redirected to
// the neighbouring date; previous does nothing on today), the weekday, 'Ver Turnos' → the grid of the day. The open
// dialog is in the URL too: &hora_turno=&puesto= the assignment dialog of a slot (operation 20), &turno=<id> the
// status dialog of a turno. Everything works without JavaScript; with it the chips are re-evaluated every 60 s and
// the status dialog closes itself a second after a save. The module decides again on every save.
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "~/lib/zod";
import { can, FORBIDDEN_OPERATION, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { Alert, Busy, DateField, Dialog, Field, useAutoHide, useHydrated } from "~/components/ui";
import { todayISO } from "~/lib/dates";
import { parseInput, positiveIntId, queryOf, type FieldError } from "~/lib/input";
import {
  AsignarTurnoDialog,
  INTENT_ASIGNAR,
  INTENT_BUSCAR,
  valoresDelTurno,
} from "~/modules/turnos/components/AsignarTurnoDialog";
import { EstadoTurnoDialog, INTENT_ESTADO, type EstadoResultado } from "~/modules/turnos/components/EstadoTurnoDialog";
import { GrillaTurnos } from "~/modules/turnos/components/GrillaTurnos";
import { turnosConfig } from "~/modules/turnos/config.server";
import { turnosDelDia } from "~/modules/turnos/grilla.server";
import {
  chipDelTurno,
  diaDeLaSemana,
  diaVecino,
  INTERVALO_BLOQUEO_MS,
  MENSAJE_TURNO_MS,
  opcionesDeEstado,
  problemaAsignacion,
  TURNO_MSG,
  type EstadoTurno,
  type Turno,
  type TurnoConfig,
} from "~/modules/turnos/rules";
import {
  asignarDesdeFormulario,
  cambiarEstadoDesdeFormulario,
  slotKey,
  type AsignacionResultado,
  type Conflicto,
} from "~/modules/turnos/screen.server";
import { grillaSchema, horaTurnoSchema } from "~/modules/turnos/turnos.schema";
import styles from "~/styles/turnos.css";

const TITLE = "Asignacion de Turnos";
const SCREEN = "/turnos";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The operations the grid's chips and the dialogs depend on (the rest of the user's codes stay on the server). */
const OPS_TURNOS = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO] as const;
const MENSAJES_OK = { asignado: TURNO_MSG.ASIGNADO, estado: TURNO_MSG.ESTADO_CAMBIADO } as const;

type Vista = { tipo_tramite: string; fecha_turno: string };

/** The screen's URL: the day of a procedure type, plus an open dialog or a message. */
function turnosHref(v: Partial<Vista>, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (v.tipo_tramite) p.set("tipo_tramite", v.tipo_tramite);
  if (v.fecha_turno) p.set("fecha_turno", v.fecha_turno);
  for (const [k, val] of Object.entries(extra)) p.set(k, val);
  const q = p.toString();
  return q ? `${SCREEN}?${q}` : SCREEN;
}

const SlotSchema = z.object({
  hora_turno: horaTurnoSchema,
  puesto: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/)
    .transform(Number),
});
const turnoIdSchema = positiveIntId(TURNO_MSG.TURNO_NO_EXISTE);

type Dialogo =
  | { kind: "asignar"; turno: Turno; key: string }
  | { kind: "estado"; turno: Turno & { id: number }; opciones: EstadoTurno[] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  const raw = queryOf(request);
  const today = todayISO();
  const tipoRaw = (raw.tipo_tramite ?? "").trim().slice(0, 60);
  const fechaRaw = (raw.fecha_turno ?? "").trim().slice(0, 10);
  const fechaOk = fechaRaw === "" ? null : parseInput(grillaSchema.shape.fecha_turno, fechaRaw);

  // Previous / next day: the neighbouring date (previous stays on today), then the canonical URL.
  if (raw.dia === "anterior" || raw.dia === "siguiente") {
    const base = fechaOk?.ok ? fechaOk.data : today;
    const fecha = diaVecino(base, raw.dia === "anterior" ? -1 : 1, today);
    throw redirect(turnosHref({ tipo_tramite: tipoRaw && tipoRaw !== "-" ? tipoRaw : undefined, fecha_turno: fecha }));
  }

  const configs = await turnosConfig();
  const ops = OPS_TURNOS.filter((op) => can(user, op));
  const now = new Date();
  const values: Vista = { tipo_tramite: tipoRaw, fecha_turno: fechaRaw || today };
  const ok = raw.ok === "asignado" || raw.ok === "estado" ? MENSAJES_OK[raw.ok] : null;
  const base = {
    tipos: configs.map((c) => c.tipo_tramite),
    values,
    today,
    ops: ops as string[],
    nowMs: now.getTime(),
    mensaje: ok,
    errors: [] as FieldError[],
    grilla: null as { config: TurnoConfig; turnos: Turno[] } | null,
    errorCarga: null as string | null,
    dialogo: null as Dialogo | null,
    aviso: null as string | null,
  };

  if (fechaOk && !fechaOk.ok) return json({ ...base, errors: fechaOk.errors }, { status: 400 });
  if (!tipoRaw) return json(base);
  const vista = parseInput(grillaSchema, values);
  if (!vista.ok) return json({ ...base, errors: vista.errors }, { status: 400 });

  const dia = await turnosDelDia(vista.data.tipo_tramite, vista.data.fecha_turno);
  if (!dia.ok) return json({ ...base, errorCarga: dia.msg || TURNO_MSG.ERROR }, { status: dia.status });
  const config = dia.turnos_config.find((c) => c.tipo_tramite === vista.data.tipo_tramite) ?? dia.turnos_config[0];
  const grilla = { config, turnos: dia.turnos };

  // The open dialog: the slot's assignment dialog when its chip opens it now, or a turno's status dialog.
  let dialogo: Dialogo | null = null;
  let aviso: string | null = null;
  const slot = raw.hora_turno != null ? parseInput(SlotSchema, raw) : null;
  if (slot?.ok) {
    const turno = dia.turnos.find(
      (t) => t.hora_turno.slice(0, 5) === slot.data.hora_turno && t.puesto === slot.data.puesto,
    );
    if (turno) {
      const chip = chipDelTurno(turno, now, ops);
      if (chip.accion === "asignar") {
        dialogo = {
          kind: "asignar",
          turno,
          key: slotKey(turno.tipo_tramite, turno.fecha_turno, turno.hora_turno, turno.puesto),
        };
      } else if (turno.estado_turno !== "CONFIRMADO") {
        aviso =
          problemaAsignacion(turno.estado_turno, turno.fecha_turno, turno.hora_turno, now) ??
          (turno.estado_turno === "ATENDIDO" ? TURNO_MSG.YA_ASIGNADO : FORBIDDEN_OPERATION);
      }
    }
  } else if (raw.turno != null) {
    const id = parseInput(turnoIdSchema, raw.turno);
    const turno = id.ok ? dia.turnos.find((t) => t.id === id.data) : undefined;
    if (turno && turno.id != null && turno.estado_turno !== "VACIO") {
      dialogo = {
        kind: "estado",
        turno: { ...turno, id: turno.id },
        opciones: opcionesDeEstado(turno.estado_turno, ops),
      };
    }
  }
  return json({ ...base, grilla, dialogo, aviso });
}

type ActionResult = AsignacionResultado | Conflicto | EstadoResultado | { kind: "error"; msg: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  const url = new URL(request.url);
  const fd = await request.formData();
  const intent = fd.get("intent");
  const vista = {
    tipo_tramite: url.searchParams.get("tipo_tramite") ?? "",
    fecha_turno: url.searchParams.get("fecha_turno") ?? "",
  };

  if (intent === INTENT_ESTADO) {
    const { status, resultado, js } = await cambiarEstadoDesdeFormulario(fd, user);
    if (resultado.ok && !js) throw redirect(turnosHref(vista, { ok: "estado" }));
    return json<ActionResult>(resultado, { status });
  }
  if (intent !== INTENT_BUSCAR && intent !== INTENT_ASIGNAR) {
    return json<ActionResult>({ kind: "error", msg: TURNO_MSG.ERROR }, { status: 400 });
  }

  const out = await asignarDesdeFormulario(fd, user);
  if (out === "asignado") throw redirect(turnosHref(vista, { ok: "asignado" }));
  return json<ActionResult>(out.resultado, { status: out.status });
}

/** The blocking clock: the server's at first (no hydration mismatch), then the browser's, every 60 s. */
function useReloj(serverNowMs: number): Date {
  const [now, setNow] = useState(() => new Date(serverNowMs));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), INTERVALO_BLOQUEO_MS);
    return () => clearInterval(timer);
  }, [serverNowMs]);
  return now;
}

export default function AsignacionDeTurnos() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const now = useReloj(data.nowMs);
  const [fecha, setFecha] = useState(data.values.fecha_turno);
  const [cargaCerrada, setCargaCerrada] = useState(false);
  useEffect(() => {
    setFecha(data.values.fecha_turno);
    setCargaCerrada(false);
  }, [data.values.fecha_turno, location.search]);

  const vista = data.grilla ? { tipo_tramite: data.values.tipo_tramite, fecha_turno: data.values.fecha_turno } : null;
  const gridHref = vista ? turnosHref(vista) : SCREEN;
  const here = `${location.pathname}${location.search}`;
  const mensaje = useAutoHide(data.mensaje, MENSAJE_TURNO_MS, location.key);
  const conflicto = answer?.kind === "conflicto" ? answer : null;
  const conflictoMsg = useAutoHide(conflicto?.msg ?? null, MENSAJE_TURNO_MS, conflicto);
  const otroError = answer?.kind === "error" ? answer.msg : null;
  const aviso = useAutoHide(data.aviso, MENSAJE_TURNO_MS, location.key);
  const err = (param: string) => data.errors.find((e) => e.param === param)?.msg;
  const cargando =
    navigation.state === "loading" && navigation.location?.pathname === SCREEN && navigation.formMethod !== "POST";

  // The last member lookup of the open slot restarts its form with the lookup's values.
  const lookup = useRef<AsignacionResultado | null>(null);
  const dialogo = data.dialogo;
  const asignacion =
    answer?.kind === "asignar" && dialogo?.kind === "asignar" && answer.key === dialogo.key ? answer : null;
  // A new page (any GET navigation clears the action's answer) starts from the turno's values again.
  if (!answer) lookup.current = null;
  if (asignacion?.lookupAt) lookup.current = asignacion;
  if (lookup.current && (dialogo?.kind !== "asignar" || lookup.current.key !== dialogo.key)) lookup.current = null;

  const hrefFor = (t: Turno, accion: "asignar" | "estado") =>
    accion === "estado" && t.id != null
      ? turnosHref(vista ?? {}, { turno: String(t.id) })
      : turnosHref(vista ?? {}, { hora_turno: t.hora_turno.slice(0, 5), puesto: String(t.puesto) });

  return (
    <section className="screen turnos-screen">
      <Form method="get" action={SCREEN} className="turnos-filtros" noValidate preventScrollReset>
        <div className="filters">
          <Field label="Tipo de trámite" name="tipo_tramite" error={err("tipo_tramite")}>
            <select className="ui-input" defaultValue={data.values.tipo_tramite || "-"} key={data.values.tipo_tramite}>
              <option value="-">-Seleccione-</option>
              {data.tipos.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <div className="turnos-fecha">
            <button
              type="submit"
              name="dia"
              value="anterior"
              className="ui-button ui-button--secondary turnos-dia"
              aria-label="Día anterior"
              title="Día anterior"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <DateField
              label="Fecha"
              name="fecha_turno"
              value={fecha}
              onChange={setFecha}
              error={err("fecha_turno")}
              key={data.values.fecha_turno}
            />
            <button
              type="submit"
              name="dia"
              value="siguiente"
              className="ui-button ui-button--secondary turnos-dia"
              aria-label="Día siguiente"
              title="Día siguiente"
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <Field label="Día" name="dia_semana" className="turnos-dia-semana">
            {/* Read-only and without a name: not part of the URL. */}
            {({ name: _name, ...p }) => (
              <input {...p} className="ui-input" type="text" readOnly value={diaSemanaSeguro(fecha)} />
            )}
          </Field>
          <button type="submit" className="ui-button ui-button--primary">
            Ver Turnos
          </button>
        </div>
      </Form>
      {mensaje ? <Alert severity="success">{mensaje}</Alert> : null}
      {conflictoMsg ? <Alert severity="error">{conflictoMsg}</Alert> : null}
      {otroError ? <Alert severity="error">{otroError}</Alert> : null}
      {aviso ? <Alert severity="warning">{aviso}</Alert> : null}
      {data.errorCarga && !hydrated ? (
        <Alert severity="error" title={TURNO_MSG.ERROR_CARGA}>
          {data.errorCarga}
        </Alert>
      ) : null}
      {data.errorCarga && hydrated ? (
        <Dialog
          open={!cargaCerrada}
          onOpenChange={(o) => !o && setCargaCerrada(true)}
          title={TURNO_MSG.ERROR_CARGA}
          size="small"
        >
          <Alert severity="error">{data.errorCarga}</Alert>
        </Dialog>
      ) : null}
      <Busy busy={cargando}>
        {data.grilla ? (
          <GrillaTurnos
            config={data.grilla.config}
            turnos={data.grilla.turnos}
            now={now}
            ops={data.ops}
            hrefFor={hrefFor}
          />
        ) : null}
      </Busy>
      {dialogo?.kind === "asignar" && !(conflicto && conflicto.key === dialogo.key) ? (
        <AsignarTurnoDialog
          turno={dialogo.turno}
          valores={lookup.current?.valores ?? asignacion?.valores ?? valoresDelTurno(dialogo.turno)}
          formKey={`${dialogo.key}|${lookup.current?.lookupAt ?? 0}`}
          lastResult={asignacion?.result}
          mensaje={asignacion?.mensaje ?? null}
          mensajeKey={asignacion}
          formAction={here}
          closeHref={gridHref}
        />
      ) : null}
      {dialogo?.kind === "estado" ? (
        <EstadoTurnoDialog
          turno={dialogo.turno}
          opciones={dialogo.opciones}
          closeHref={gridHref}
          savedHref={turnosHref(vista ?? {}, { ok: "estado" })}
          formAction={here}
          resultado={answer?.kind === "estado" ? answer : null}
        />
      ) : null}
    </section>
  );
}

/** The weekday of a date typed in the box ('' while it is not a whole date). */
function diaSemanaSeguro(fecha: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? diaDeLaSemana(fecha) : "";
}
