// Table columns the statistics screens share: counts and times, right-aligned, '-' where the metric does not exist.
import type { Column } from "~/components/ui";
import { formatMetricCount, formatMetricMinutes } from "~/modules/estadisticas/rules";

type Metric<T> = (row: T) => number | null | undefined;

/** A count with es-AR thousands ('1.234'). */
export function countColumn<T>(key: string, header: string, get: Metric<T>): Column<T> {
  return { key, header, align: "right", render: (r) => formatMetricCount(get(r)), value: (r) => get(r) };
}

/** A time in minutes ('12,5 min', '2 h 05 min'). */
export function minutesColumn<T>(key: string, header: string, get: Metric<T>): Column<T> {
  return { key, header, align: "right", render: (r) => formatMetricMinutes(get(r)), value: (r) => get(r) };
}
