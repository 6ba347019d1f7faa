// The SPA's files: every path no other route claims. wrangler.toml runs the Worker first for every
// request, so the files come through here (the ASSETS binding; unknown paths get index.html, the
// single-page-application fallback) and leave with the security headers (worker/http/security-headers.ts).
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";

export const assetRoutes = new Hono<AppEnv>().all("*", (c) => c.env.ASSETS.fetch(c.req.raw));
