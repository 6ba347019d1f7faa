// GET /api/echoes is paged (protocol/echo.ts): the dashboard's Echo lists follow `nextCursor` to the
// last page and show every Echo once, in the API's order (newest updated first).
import type { Echo, EchoList } from "../../protocol/echo";
import { api } from "./api";

/** Pages followed at most (ECHOES_PAGE_DEFAULT Echoes each): a cursor that never ends stops here. */
export const ECHO_PAGES_MAX = 20;

function withCursor(path: string, cursor: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

/** Every Echo of `path` (e.g. "/api/echoes?active=true"): its first page, then each next one. */
export async function allEchoes(path: string, get: (url: string) => Promise<EchoList> = (url) => api<EchoList>(url)): Promise<EchoList> {
  const byId = new Map<string, Echo>();
  let url = path;
  for (let page = 0; page < ECHO_PAGES_MAX; page++) {
    const body = await get(url);
    // An Echo edited between two pages moves up and may come twice: the newer copy stays.
    for (const echo of body.echoes) {
      const seen = byId.get(echo.id);
      if (!seen || seen.updatedAt < echo.updatedAt) byId.set(echo.id, echo);
    }
    if (!body.nextCursor) break;
    url = withCursor(path, body.nextCursor);
  }
  const echoes = [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { echoes, nextCursor: null };
}
