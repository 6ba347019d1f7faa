// The answer for a path under /api, /ws or /twilio that no route takes: a JSON 405 with `Allow` when
// the path has routes for other methods, a JSON 404 otherwise, whatever the method. Never the SPA's
// page and never a 500.
import type { Context, Hono } from "hono";
import type { AppEnv } from "./app-env";
import { ApiError } from "./errors";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** The methods the app's own routes (not middleware, not catch-alls: those are "ALL") take on `path`. */
export function allowedMethods(app: Hono<AppEnv>, path: string): string[] {
  return METHODS.filter((method) => app.router.match(method, path)[0].some(([[, route]]) => route.method === method));
}

/** The catch-all handler for one app: throws the 405 or the 404 (handleError answers in JSON). */
export function unknownRoute(app: Hono<AppEnv>): (c: Context<AppEnv>) => never {
  return (c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length > 0) {
      const allow = allowed.includes("GET") ? [...allowed, "HEAD"] : allowed;
      c.header("Allow", allow.join(", "));
      throw new ApiError(405, "method-not-allowed", `This endpoint does not take ${c.req.method} requests (it takes ${allow.join(", ")}).`);
    }
    throw new ApiError(404, "not-found", "No such API endpoint.");
  };
}
