// 'Reportes Programados' (issue 29, docs/decisions/058): the message of the last action, the form that creates a
// schedule (operation 40), the schedules and the files, newest first. Everything works without JavaScript.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui";
import { ProgramacionFormSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import { AVISOS } from "~/modules/reportes-programados/rules";
import { ArchivosTable } from "./ArchivosTable";
import { ProgramacionForm } from "./ProgramacionForm";
import { ConfirmarEliminacion, ProgramacionesTable } from "./ProgramacionesTable";
import type { ActionResult, ProgramacionFormValue, ScreenData } from "./types";
import { useRefreshWhileRunning } from "./useRefreshWhileRunning";

export const TITLE = "Reportes Programados";

export function ReportesProgramadosScreen({ data, answer }: { data: ScreenData; answer: ActionResult | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ProgramacionFormValue>({
    id: "reportes-programados-form",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProgramacionFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const aviso = data.aviso ? AVISOS[data.aviso] : null;
  const runs = data.programaciones.map((p) => `${p.id}:${p.ultima_ejecucion}:${p.ultimo_error}`).join();
  useRefreshWhileRunning(data.aviso === "iniciada", `${data.archivos[0]?.id}|${runs}`);
  return (
    <section className="screen reportes-programados" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      {aviso && !answer && (
        <Alert severity={aviso.ok ? "success" : "error"}>
          {aviso.msg}
          {data.aviso === "iniciada" && (
            <>
              {" "}
              <Link to="/reportes-programados">Actualizar lista</Link>
            </>
          )}
        </Alert>
      )}
      {data.confirmar && <ConfirmarEliminacion p={data.confirmar} />}
      {data.canProgramar && (
        <ProgramacionForm
          form={form}
          fields={fields as never}
          reporte={String(fields.reporte.value ?? "")}
          responsables={data.responsables}
          busy={navigation.state === "submitting"}
        />
      )}
      <h3 className="rp-subtitle">Programaciones</h3>
      <ProgramacionesTable rows={data.programaciones} canProgramar={data.canProgramar} />
      <h3 className="rp-subtitle">Archivos generados</h3>
      <ArchivosTable rows={data.archivos} descargables={data.descargables} />
    </section>
  );
}
