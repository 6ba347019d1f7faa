// Pure helpers for the Echo grid.
import type { Echo } from "../../protocol/echo";

/** Puts `echo` in its place (newest updatedAt first, the API's order), replacing an older copy. */
export function upsertEcho(list: Echo[], echo: Echo): Echo[] {
  const current = list.find((e) => e.id === echo.id);
  if (current && current.updatedAt > echo.updatedAt) return list; // a newer copy already arrived
  const rest = list.filter((e) => e.id !== echo.id);
  return [...rest, echo].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
