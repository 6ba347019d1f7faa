// Environment for the local tools (`npm run dev`, migrations, the dev servers tests and benchmarks
// start). Wrangler/Miniflare fetch a sample `Request.cf` object from workers.cloudflare.com at start;
// offline that prints a red "getaddrinfo ENOTFOUND" stack. Echo never reads `request.cf`, so the
// lookup is off and Miniflare's built-in placeholder is used. A value you set yourself wins.

/** @type {Record<string, string>} */
export const LOCAL_TOOL_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** `env` with the local tool settings underneath (the caller's own values win). */
export function localToolEnv(env = process.env) {
  return { ...LOCAL_TOOL_ENV, ...env };
}
