// 'Reportes Programados' (issue 29, docs/decisions/058): the message of the last action, the form that creates a
// schedule (operation 40), the schedules and the files, newest first. Everything works without JavaScript. After a
// creation the form starts empty (a new one for the new schedule); after 'Ejecutar ahora' the lists reload by
// themselves until the run's file is there (issue 38, docs/decisions/069).
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui";
import { ProgramacionFormSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import {
  AVISOS,
  FRECUENCIA_INICIAL,
  HORA_INICIAL,
  MSG,
  type ProgramacionVista,
} from "~/modules/reportes-programados/rules";
import { ArchivosTable } from "./ArchivosTable";
import { ProgramacionForm } from "./ProgramacionForm";
import { ConfirmarEliminacion, ProgramacionesTable } from "./ProgramacionesTable";
import type { ActionResult, Ejecucion, ProgramacionFormValue, ResponsableOption, ScreenData } from "./types";
import { useRefreshWhileRunning } from "./useRefreshWhileRunning";

export const TITLE = "Reportes Programados";

/** 'Nueva programación' with its own form state: keyed by the last created schedule, so it starts empty after one. */
function NuevaProgramacion({ answer, responsables }: { answer?: ActionResult; responsables: ResponsableOption[] }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ProgramacionFormValue>({
    id: "reportes-programados-form",
    lastResult: answer?.result,
    defaultValue: { frecuencia: FRECUENCIA_INICIAL, hora: HORA_INICIAL },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProgramacionFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ProgramacionForm
      form={form}
      fields={fields as never}
      reporte={String(fields.reporte.value ?? "")}
      frecuencia={String(fields.frecuencia.value ?? "")}
      responsables={responsables}
      busy={navigation.state === "submitting"}
    />
  );
}

/** The message after 'Ejecutar ahora': en curso (with 'Actualizar lista'), the file is there, or the run failed. */
function EjecucionAviso({ e }: { e: Ejecucion }) {
  if (e.estado === "terminada") return <Alert severity="success">{MSG.TERMINADA}</Alert>;
  if (e.estado === "fallida") return <Alert severity="error">{MSG.FALLIDA}</Alert>;
  return (
    <Alert severity="info">
      {MSG.INICIADA} <Link to={e.ref}>Actualizar lista</Link>
    </Alert>
  );
}

export function ReportesProgramadosScreen({ data, answer }: { data: ScreenData; answer: ActionResult | undefined }) {
  const aviso = data.aviso ? AVISOS[data.aviso] : null;
  const enCurso = data.ejecucion?.estado === "en-curso" ? data.ejecucion : null;
  useRefreshWhileRunning(enCurso?.ref ?? null);
  const running = (p: ProgramacionVista) => p.id === enCurso?.programacion;
  return (
    <section className="screen reportes-programados" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      {!answer &&
        (data.ejecucion ? (
          <EjecucionAviso e={data.ejecucion} />
        ) : (
          aviso && <Alert severity={aviso.ok ? "success" : "error"}>{aviso.msg}</Alert>
        ))}
      {data.confirmar && <ConfirmarEliminacion p={data.confirmar} />}
      {data.canProgramar && (
        <NuevaProgramacion key={data.creada ?? "nueva"} answer={answer} responsables={data.responsables} />
      )}
      <h3 className="rp-subtitle">Programaciones</h3>
      <ProgramacionesTable rows={data.programaciones} canProgramar={data.canProgramar} running={running} />
      <h3 className="rp-subtitle">Archivos generados</h3>
      <ArchivosTable rows={data.archivos} descargables={data.descargables} />
    </section>
  );
}
