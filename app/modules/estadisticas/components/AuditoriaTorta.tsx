// Pie chart 'Autorizaciones por Auditor' (@nivo/pie, spec part 2 §9: 12-colour palette). The chart is drawn only
// in the browser (loaded on demand after hydration); the legend list beside it is the server-rendered and
// accessible version of the same figures.
import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui";
import { formatCount } from "~/lib/numbers";

const pct = new Intl.NumberFormat("es-AR", { style: "percent", maximumFractionDigits: 1 });

/** The pie's 12 colours (spec §9); auditors beyond the 12th reuse them in order. */
const PIE_PALETTE = [
  "#1565c0",
  "#2e7d32",
  "#f9a825",
  "#c62828",
  "#6a1b9a",
  "#00838f",
  "#ef6c00",
  "#4e342e",
  "#ad1457",
  "#558b2f",
  "#283593",
  "#757575",
] as const;

export type TortaDato = { id: string; value: number };

const colour = (i: number) => PIE_PALETTE[i % PIE_PALETTE.length];

/** The pie's props (data and look), shared by the screen's chart and the PDF's (the same @nivo/pie). */
export function pieProps(datos: TortaDato[]) {
  return {
    data: datos.map((d, i) => ({ id: d.id, label: d.id, value: d.value, color: colour(i) })),
    colors: { datum: "data.color" },
    margin: { top: 20, right: 20, bottom: 20, left: 20 },
    innerRadius: 0,
    padAngle: 0.5,
    activeOuterRadiusOffset: 6,
    enableArcLinkLabels: false,
    arcLabelsSkipAngle: 12,
    arcLabelsTextColor: "#ffffff",
    animate: false,
  } as const;
}

/** Each auditor's share of the total, as the legend shows it ('35,2 %'). */
export function pieShare(value: number, total: number): string {
  return pct.format(total ? value / total : 0);
}

const Pie = lazy(() => import("@nivo/pie").then((m) => ({ default: m.ResponsivePie })));

export function AuditoriaTorta({ datos }: { datos: TortaDato[] }) {
  const hydrated = useHydrated();
  const total = datos.reduce((s, d) => s + d.value, 0);
  return (
    <figure className="aud-torta" aria-labelledby="aud-torta-title">
      <figcaption id="aud-torta-title" className="aud-torta__title">
        Autorizaciones por Auditor
      </figcaption>
      <div className="aud-torta__body">
        {hydrated && total > 0 && (
          <div className="aud-torta__chart" aria-hidden="true" data-testid="aud-torta-chart">
            <Suspense fallback={null}>
              <Pie {...pieProps(datos)} />
            </Suspense>
          </div>
        )}
        <ul className="aud-torta__legend">
          {datos.map((d, i) => (
            <li key={d.id}>
              <span className="aud-torta__swatch" style={{ background: colour(i) }} aria-hidden="true" />
              <span>
                {d.id}: {formatCount(d.value)} ({pieShare(d.value, total)})
              </span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
