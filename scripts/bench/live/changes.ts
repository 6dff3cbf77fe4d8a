// bench:live's committing desk: through the API (PUT /api/turnos, PUT /api/turnos/cambiar-estado), one change at a
// time every `gapMs`, it assigns every free slot of the grid and then confirms the first ones, up to `count` changes.
// Each change is noted with the chip's accessible name it leads to and the moment its request was sent: the commit
// happens after that, so a delay measured from it includes the write itself (an upper bound of commit → screen).
export type Change = { label: string; committedAt: number };
type ApiSlot = { hora_turno: string; puesto: number; nro_turno: number; estado_turno: string };

const nro = (n: number) => String(n).padStart(3, "0");
export const chipName = (estado: string, s: Pick<ApiSlot, "hora_turno" | "puesto" | "nro_turno">) =>
  `${nro(s.nro_turno)} - ${estado}, ${s.hora_turno.slice(0, 5)}, puesto ${s.puesto}`;

async function call(origin: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { "x-auth-token": token, "content-type": "application/json", origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Active members with a 7–8 digit DNI (their ids), from the member list. */
export async function memberIds(origin: string, token: string): Promise<number[]> {
  const r = await call(origin, token, "GET", "/api/afiliado/listado-afiliados/?page=1&size=100&obtener_total=false");
  const rows = r.listado as { id: number; numdoc: string; fechbaja: string }[];
  return rows.filter((m) => /^\d{7,8}$/.test(m.numdoc.trim()) && m.fechbaja === "0001-01-01").map((m) => m.id);
}

export async function freeSlots(origin: string, token: string, tipo: string, fecha: string): Promise<ApiSlot[]> {
  const q = new URLSearchParams({ tipo_tramite: tipo, fecha_turno: fecha });
  const r = await call(origin, token, "GET", `/api/turnos/turnostipotramite/?${q}`);
  return (r.turnos as ApiSlot[]).filter((t) => t.estado_turno === "VACIO");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `count` changes of the grid: assignments of its free slots, then confirmations; one every `gapMs`. */
export async function commitChanges(
  o: { origin: string; token: string; tipo: string; fecha: string },
  count: number,
  gapMs: number,
): Promise<Change[]> {
  const slots = await freeSlots(o.origin, o.token, o.tipo, o.fecha);
  const members = await memberIds(o.origin, o.token);
  const done: Change[] = [];
  const assigned: { slot: ApiSlot; id: number; version: number }[] = [];
  for (let i = 0; done.length < count && i < slots.length; i++) {
    const slot = slots[i];
    const sentAt = Date.now();
    const r = await call(o.origin, o.token, "PUT", "/api/turnos", {
      tipo_tramite: o.tipo,
      fecha_turno: o.fecha,
      hora_turno: slot.hora_turno,
      puesto: slot.puesto,
      id_afiliado: members[i % members.length],
    });
    done.push({ label: chipName("ASIGNADO", slot), committedAt: sentAt });
    const turno = r.turno as { id: number; version: number };
    assigned.push({ slot, ...turno });
    await sleep(gapMs);
  }
  for (const a of assigned) {
    if (done.length >= count) break;
    const sentAt = Date.now();
    await call(o.origin, o.token, "PUT", "/api/turnos/cambiar-estado", {
      id: a.id,
      estado_turno: "CONFIRMADO",
      version: a.version,
    });
    done.push({ label: chipName("CONFIRMADO", a.slot), committedAt: sentAt });
    await sleep(gapMs);
  }
  return done;
}
