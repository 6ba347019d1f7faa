// A deploy with a missing or malformed setting answers every request with what to fix, never a bare 500:
// JSON ({error: {code: "config", message}}) for the API and machines, a short readable page for a person
// opening the URL. The message names the setting (ConfigError). 503: the service is not usable until the
// operator fixes its configuration; nothing is wrong with the request.
import type { Context } from "hono";
import type { ConfigError } from "../config/config-error";
import { errorBody } from "./errors";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function configErrorResponse(err: ConfigError, c: Context): Response {
  console.error(JSON.stringify({ event: "config_error", setting: err.setting, message: err.message }));
  const wantsPage = !c.req.path.startsWith("/api/") && (c.req.header("Accept") ?? "").includes("text/html");
  if (!wantsPage) return c.json(errorBody("config", err.message), 503);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Echo is not configured</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Echo is not configured correctly</h1>
<p>The setting <code>${escapeHtml(err.setting)}</code> needs attention.</p>
<p>${escapeHtml(err.message)}</p>
</body></html>`;
  return c.html(page, 503);
}
