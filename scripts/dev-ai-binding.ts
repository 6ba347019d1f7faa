// `npm run dev` needs no Cloudflare account: the Cloudflare plugin runs with remote bindings off. An
// [ai] binding uncommented in wrangler.toml (as the README says, for Workers AI) then exists in the
// local app but can reach nothing: every model call throws "needs to be run remotely", while
// AI_PROVIDER=auto picks Workers AI because the binding is there. So the dev server says so as it
// starts; ECHO_REMOTE_BINDINGS=1 turns remote bindings on for a developer signed in with `wrangler login`.

/** Whether the developer asked for remote bindings (Workers AI for real, through their account). */
export function remoteBindingsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ECHO_REMOTE_BINDINGS === "1";
}

/** True when the TOML text declares the [ai] binding (not commented out). */
export function declaresAiBinding(toml: string): boolean {
  return /^[ \t]*\[ai\][ \t]*(#.*)?$/m.test(toml);
}

/** The warning for a dev server whose [ai] binding can't reach Workers AI, or null when there is none to give. */
export function localAiBindingWarning(toml: string, remote: boolean): string | null {
  if (remote || !declaresAiBinding(toml)) return null;
  return [
    "wrangler.toml declares the [ai] binding, but `npm run dev` runs without a Cloudflare account (remote bindings off):",
    "every Workers AI call would fail, and AI_PROVIDER=auto would still pick Workers AI.",
    "Comment out [ai] to use the local engines, or run with ECHO_REMOTE_BINDINGS=1 after `npx wrangler login`.",
  ].join("\n  ");
}
