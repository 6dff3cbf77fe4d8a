// Table columns the statistics screens share.
import type { Column } from "~/components/ui";
import { formatMetricCount } from "~/modules/estadisticas/rules";

type NumericKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** A count, right-aligned with es-AR thousands ('1.234'). */
export function countColumn<T>(key: NumericKey<T>, header: string): Column<T> {
  return { key, header, align: "right", render: (r) => formatMetricCount(r[key] as number) };
}
