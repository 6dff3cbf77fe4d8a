// The member detail's adapter (nested in 'Consulta de Padrón de Afiliados'): the loader's data of
// /consultar-padron/{idafi} — the member (404 'Afiliado no encontrado' when the id is not one), the tabs the user's
// operations open, the active tab's data (only that one is read: ?tab=) and the view recorded in the audit log with its
// tab. The route has checked the screen.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { notFound } from "~/lib/http.server";
import { idafiSchema, parseInput, queryOf } from "~/lib/input";
import {
  aportesOfMember,
  getMemberDetail,
  listNotas,
  MEMBER_NOT_FOUND,
  recordMemberView,
} from "~/modules/afiliados/detalle.server";
import { loadFichaConsumo } from "~/modules/afiliados/ficha-consumo.server";
import { loadInternaciones } from "~/modules/afiliados/internaciones.server";
import { detailHref, searchQueryString, SEARCH_PATH } from "~/modules/afiliados/padron.schema";

/** The tabs of spec §2 in order, each with its operation code. */
const TABS = [
  { value: "afiliacion", label: "Afiliación", op: OP.VER_AFILIACION },
  { value: "notas", label: "Notas", op: OP.VER_NOTAS },
  { value: "consumo", label: "Ficha de Consumo", op: OP.VER_FICHA_CONSUMO },
  { value: "internaciones", label: "Internaciones", op: OP.VER_INTERNACIONES },
  { value: "aportes", label: "Aportes", op: OP.VER_APORTES },
  { value: "laborales", label: "Datos Laborales", op: OP.VER_DATOS_LABORALES },
  { value: "expedientes", label: "Expedientes", op: OP.VER_EXPEDIENTES },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** The active tab's data: only that tab is read. */
async function tabData(
  tab: TabValue | null,
  idafi: number,
  url: URL,
  detail: NonNullable<Awaited<ReturnType<typeof getMemberDetail>>>,
) {
  switch (tab) {
    case "notas":
      return { tab, notas: await listNotas(idafi) };
    case "aportes":
      return { tab, aportes: await aportesOfMember(detail.afiliado) };
    case "consumo":
      return { tab, consumo: await loadFichaConsumo(idafi, url.searchParams) };
    case "internaciones":
      return { tab, internaciones: await loadInternaciones(idafi, url.searchParams) };
    default:
      return { tab };
  }
}

/** The loader's data of /consultar-padron/{idafi}: the member, its tabs and the active tab's data. */
export async function memberDetailScreen(request: Request, user: SessionUser, rawIdafi: string | undefined) {
  const id = parseInput(idafiSchema, rawIdafi);
  if (!id.ok) throw notFound(MEMBER_NOT_FOUND); // the ErrorBoundary shows 'Afiliado no encontrado' (ADR 006)
  const idafi = id.data;
  const detail = await getMemberDetail(idafi);
  if (!detail) throw notFound(MEMBER_NOT_FOUND);
  const url = new URL(request.url);
  const visible = TABS.filter((t) => can(user, t.op));
  const asked = queryOf(url).tab;
  const tab: TabValue | null = (visible.find((t) => t.value === asked) ?? visible[0])?.value ?? null;
  const data = await tabData(tab, idafi, url, detail);
  await recordMemberView(user, idafi, { tab });
  const qs = searchQueryString(url.searchParams);
  return json({
    detail,
    today: todayISO(),
    qs,
    tab,
    tabs: visible.map((t) => ({ value: t.value, label: t.label, href: detailHref(idafi, qs, t.value) })),
    data,
    constanciaHref: can(user, OP.IMPRIMIR_CONSTANCIA) ? `${SEARCH_PATH}/${idafi}/constancia` : null,
    notasExportHref: can(user, OP.EXPORTAR_NOTAS) ? `${SEARCH_PATH}/${idafi}/notas.xlsx` : null,
  });
}
