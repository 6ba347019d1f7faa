// Origin checks: state-changing requests and WebSocket upgrades must come from our own origin.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isAllowedOrigin(origin: string | null | undefined, requestUrl: string, extra?: string): boolean {
  if (!origin) return false;
  const self = new URL(requestUrl).origin;
  if (origin === self) return true;
  return (extra ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(origin);
}

/** 403 for a mutating request or WebSocket upgrade whose Origin is missing or foreign. */
export const requireSameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const upgrade = c.req.header("upgrade")?.toLowerCase() === "websocket";
  if (!upgrade && SAFE_METHODS.has(c.req.method)) return next();
  if (!isAllowedOrigin(c.req.header("origin"), c.req.url, c.env.ALLOWED_ORIGINS)) {
    return c.json(errorBody("forbidden-origin", "Cross-origin request refused."), 403);
  }
  return next();
};
