// Environment for the local tools (`npm run dev`, migrations, the dev servers tests and benchmarks
// start). Wrangler/Miniflare fetch a sample `Request.cf` object from workers.cloudflare.com at start;
// offline that prints a red "getaddrinfo ENOTFOUND" stack. Echo never reads `request.cf`, so the
// lookup is off and Miniflare's built-in placeholder is used.
// Wrangler and the Vite plugin also attach a local trace collector to the Worker by default (the local
// explorer's observability): every event — each WebSocket message, so 50 a second per call's audio —
// becomes a tail event stored in a SQLite database, fsync'd on the one thread every call shares
// (~45 fsyncs a second with one call speaking, single ones up to 130 ms on these machines: the other
// calls' stalls). Echo logs what it needs itself, so the collector is off; X_LOCAL_OBSERVABILITY=true
// turns it back on. A value you set yourself wins.

/** @type {Record<string, string>} */
export const LOCAL_TOOL_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", X_LOCAL_OBSERVABILITY: "false" };

/** `env` with the local tool settings underneath (the caller's own values win). */
export function localToolEnv(env = process.env) {
  return { ...LOCAL_TOOL_ENV, ...env };
}
