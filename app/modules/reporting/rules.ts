// What a screen shows of the reporting snapshot (SnapshotBar): browser-safe types of snapshot.server.ts.

export type ReportSnapshot = {
  /** 'dd/mm/yyyy hh:mm' of the snapshot in service (insurer's time zone), or null when none is built yet. */
  datos_al: string | null;
  /** Why the last refresh request was not started (?actualizacion=busy|error after the form without JavaScript). */
  aviso: string | null;
  /** The user may trigger a refresh and watch its progress. */
  canRefresh: boolean;
  /** The refresh's state, for users who may refresh (null otherwise). */
  estado: RefreshEstado | null;
};

export type RefreshEstado = { running: boolean; texto: string; datos_al: string | null; error: string | null };
