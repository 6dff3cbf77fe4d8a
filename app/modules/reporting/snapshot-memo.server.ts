// A memo of a report's read per reporting snapshot (docs/decisions/074-tiempos-read-cost.md). A snapshot never
// changes once built (a refresh builds a new file), so a read of one snapshot with the same parameters always answers
// the same: the screen's read serves the PDF the manager asks for next. Entries are keyed by the snapshot in service
// (its file, build instant and source) and the caller's normalised parameters; a few per report, least recently used
// out first; all of them dropped as soon as another snapshot is in service. Per process (each app instance its own).
import { usableSnapshot } from "~reporting/index";
import type { ReportResult } from "./snapshot.server";

/** Entries kept per memoised read (a period read is a few hundred KB at most). */
const MAX_ENTRIES = 8;

export type SnapshotMemo<Q, T> = ((q: Q) => Promise<ReportResult<T>>) & {
  /** Drop every entry (the bench's cold read; tests). */
  forget(): void;
};

/**
 * `read` memoised per snapshot: `keyOf` gives the parameters' normalised key. Only answers of a snapshot are kept
 * (not 'no snapshot yet', nor a failure); concurrent callers with the same key share one read. Callers must not
 * mutate what they get: the same value is handed to every caller of the entry.
 */
export function memoPerSnapshot<Q, T>(
  read: (q: Q) => Promise<ReportResult<T>>,
  keyOf: (q: Q) => string,
  max = MAX_ENTRIES,
): SnapshotMemo<Q, T> {
  let generation: string | null = null;
  const entries = new Map<string, Promise<ReportResult<T>>>();
  const drop = (key: string, entry: Promise<ReportResult<T>>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  const memo = (q: Q): Promise<ReportResult<T>> => {
    const info = usableSnapshot();
    if (!info) return read(q);
    const current = JSON.stringify([info.source, info.file, info.built_at]);
    if (current !== generation) {
      entries.clear();
      generation = current;
    }
    const key = keyOf(q);
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key); // most recently used last
      entries.set(key, hit);
      return hit;
    }
    // Read after the lookup: the reader opens this snapshot or a newer one; an entry filled from a newer one is
    // dropped with this generation at the next call, which sees the newer snapshot in service.
    const entry: Promise<ReportResult<T>> = read(q).then(
      (r) => {
        if (!r.ok) drop(key, entry);
        return r;
      },
      (e: unknown) => {
        drop(key, entry);
        throw e;
      },
    );
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
    return entry;
  };
  return Object.assign(memo, {
    forget() {
      entries.clear();
      generation = null;
    },
  });
}
