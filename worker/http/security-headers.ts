// Security headers on every answer the Worker gives: the API's, the WebSocket refusals', the Twilio
// webhooks' and the SPA's files (wrangler.toml runs the Worker first for every path; worker/http/assets.ts
// serves the files). A Content-Security-Policy without inline scripts except the ones the page itself
// carries, allowed by their SHA-256 (the prerendered landing's root guard in index.html; Vite's dev
// preamble under `vite dev`), computed from the HTML actually served, so the policy never drifts from
// the build. Styles keep 'unsafe-inline': the prerendered landing and React set style attributes, and
// a style can't run code. `frame-ancestors 'none'`, nosniff, a Referrer-Policy, HSTS on https, and
// `Cache-Control: no-store` on every API answer that doesn't say otherwise (they are personal).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

/** The page policy; `script-src` gets the page's inline script hashes appended. */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Google account pictures are https URLs of Google's; data: for the generated ones.
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  // Same-origin fetches and WebSockets (CSP3: 'self' matches ws:/wss: of the page's host).
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];
/** Anything that is not a page (JSON, audio, scripts, TwiML): nothing to run, nothing to frame. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const HSTS = "max-age=31536000";

/** The Content-Security-Policy of an HTML page whose inline scripts are `inlineScripts`. */
export async function pagePolicy(inlineScripts: readonly string[]): Promise<string> {
  const hashes = await Promise.all(inlineScripts.map(async (s) => `'sha256-${await sha256Base64(s)}'`));
  const unique = [...new Set(hashes)];
  return PAGE_POLICY.map((d) => (d.startsWith("script-src ") && unique.length > 0 ? `${d} ${unique.join(" ")}` : d)).join("; ");
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** The text of every inline (no `src`) script of an HTML document, exactly as a browser hashes it. */
export async function inlineScripts(html: string): Promise<string[]> {
  const found: string[] = [];
  let current: string | null = null;
  await new HTMLRewriter()
    .on("script", {
      element(el) {
        current = el.hasAttribute("src") ? null : "";
        if (current === "") el.onEndTag(() => {
          if (current !== null) found.push(current);
          current = null;
        });
      },
      text(chunk) {
        if (current !== null) current += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

function isHtml(res: Response): boolean {
  return (res.headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/html");
}

/** Outermost middleware: every answer but a WebSocket's 101 leaves with the headers. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const original = c.res;
  if (original.status === 101 || original.webSocket) return;
  let body: BodyInit | null = original.body;
  let policy = RESOURCE_POLICY;
  if (isHtml(original) && c.req.method !== "HEAD") {
    const html = await original.text();
    body = html;
    policy = await pagePolicy(await inlineScripts(html));
  }
  // A fetched response (the assets', a Durable Object's) has immutable headers: answer with a copy.
  const res = new Response(body, original);
  const headers = res.headers;
  const own = headers.get("Content-Security-Policy");
  // A 304 refreshes the headers of the page the browser has cached: a policy made from its empty body
  // would replace the page's own and block the page's inline script. The cached page keeps its policy.
  if (original.status === 304) headers.delete("Content-Security-Policy");
  else if (!own) headers.set("Content-Security-Policy", policy);
  else if (!own.includes("frame-ancestors")) headers.set("Content-Security-Policy", `${own}; frame-ancestors 'none'`);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "microphone=(self), camera=(), geolocation=(), payment=()");
  if (new URL(c.req.url).protocol === "https:") headers.set("Strict-Transport-Security", HSTS);
  if (c.req.path.startsWith("/api/") && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  c.res = undefined;
  c.res = res;
};
