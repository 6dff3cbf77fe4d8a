// Tab 'Ranking de Consumos': Fecha Desde / Fecha Hasta (both required), 'Buscar', and the top efectores of the
// period (docs/decisions/014); each code opens that efector's consumption for the same period.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Form, Link } from "@remix-run/react";
import { PeriodFields } from "~/components/reporting/PeriodFields";
import { Alert, DataGrid } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { MSG_SIN_RESULTADO } from "~/lib/messages";
import type { RankingConsumo } from "~/modules/estadisticas/rules";
import {
  BUSCAR_RANKING,
  EFECTOR_KEYS,
  RANKING_KEYS,
  camposProblem,
  SCREEN_PATH,
  TAB_RANKING,
  type Aviso,
  type ScreenValues,
} from "~/modules/estadisticas/consumos.schema";
import { RANKING } from "~/modules/estadisticas/reports/consumos.columns";
import { gridColumns } from "~/modules/reporting/report-columns";
import { ExportarPdf } from "./ConsumosResultado";

export type ConsumosRankingTabProps = {
  values: ScreenValues;
  aviso: Aviso | null;
  ranking: { rows: RankingConsumo[]; datos_al: string } | null;
  busy: boolean;
  efectorHref: (codigo: string) => string;
  /** 'Exportar a PDF' of the ranking on screen; null without operation 35. */
  pdfHref: string | null;
};

/** The ranking's columns (ADR 072); a code links to that efector's consumption. */
function rankingColumns(efectorHref: (codigo: string) => string) {
  return gridColumns(RANKING.columns, {
    codigo: (r) => (
      <Link to={efectorHref(r.codigo)} aria-label={`Ver consumos del efector ${r.codigo}`}>
        {r.codigo}
      </Link>
    ),
  });
}

export function ConsumosRankingTab({ values, aviso, ranking, busy, efectorHref, pdfHref }: ConsumosRankingTabProps) {
  const [clientMsg, setClientMsg] = useState<string | null>(null);
  useEffect(() => setClientMsg(null), [aviso, ranking]);
  const msg = clientMsg ?? aviso?.msg ?? null;
  const errors = clientMsg ? {} : (aviso?.errors ?? {});

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const problem = camposProblem(new FormData(e.currentTarget), RANKING_KEYS);
    if (problem) e.preventDefault();
    setClientMsg(problem);
  };

  // once per period: new column objects make the grid measure and lay out every row again
  const columns = useMemo(() => rankingColumns(efectorHref), [values.ranking_desde, values.ranking_hasta]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="consumos-ranking">
      <Form method="get" action={SCREEN_PATH} className="filters consumos-form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="tab" value={TAB_RANKING} />
        {EFECTOR_KEYS.map((k) => (values[k] ? <input key={k} type="hidden" name={k} value={values[k]} /> : null))}
        <PeriodFields
          names={["ranking_desde", "ranking_hasta"]}
          ids={["ranking-desde", "ranking-hasta"]}
          values={values}
          errors={errors}
        />
        <button
          type="submit"
          name="buscar"
          value={BUSCAR_RANKING}
          className="ui-button ui-button--primary"
          disabled={busy}
        >
          {busy ? "Buscando..." : "Buscar"}
        </button>
      </Form>
      {msg && (
        <Alert severity="error" className="consumos-aviso">
          {msg}
        </Alert>
      )}
      {ranking && (
        <section className="consumos-resultado" aria-labelledby="ranking-title">
          <h3 id="ranking-title">
            Ranking de consumos del {formatDateAR(values.ranking_desde)} al {formatDateAR(values.ranking_hasta)}
          </h3>
          {pdfHref && <ExportarPdf href={pdfHref} filename="ranking-consumos.pdf" />}
          <DataGrid
            caption={RANKING.title}
            columns={columns}
            rows={ranking.rows}
            rowKey="codigo"
            emptyText={MSG_SIN_RESULTADO}
            paramPrefix={RANKING.paramPrefix}
            height={560}
          />
        </section>
      )}
    </div>
  );
}
