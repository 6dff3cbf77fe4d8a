// bench:live's plain approach, measured in the same run: desks that do not listen but fetch the grid's data every
// `periodMs` (what 'Ver Turnos' pressed on a timer, or a polling page, would do), each starting at a random phase.
// Each notes when a chip's accessible name first shows in the data it fetched (Date.now()).
type GridData = {
  grilla: { turnos: { hora_turno: string; puesto: number; nro_turno: number; estado_turno: string }[] } | null;
};

export type Poller = { seen: Map<string, number>; requests: () => number; stop: () => Promise<void> };

export function startPoller(origin: string, cookie: string, dataPath: string, periodMs: number): Poller {
  const seen = new Map<string, number>();
  let stopped = false;
  let requests = 0;
  const loop = (async () => {
    await new Promise((r) => setTimeout(r, Math.random() * periodMs));
    while (!stopped) {
      const started = Date.now();
      const res = await fetch(`${origin}${dataPath}`, { headers: { cookie } });
      requests++;
      const data = (await res.json()) as GridData;
      const at = Date.now();
      for (const t of data.grilla?.turnos ?? []) {
        if (t.estado_turno === "VACIO") continue;
        const name = `${String(t.nro_turno).padStart(3, "0")} - ${t.estado_turno}, ${t.hora_turno.slice(0, 5)}, puesto ${t.puesto}`;
        if (!seen.has(name)) seen.set(name, at);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, periodMs - (Date.now() - started))));
    }
  })();
  return {
    seen,
    requests: () => requests,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}
