// Settings for the apps the tests start (workerd projects, the browser tests' dev server): every
// setting the Worker reads gets an explicit value — wrangler.toml's [vars], else empty (= unset) — so
// the developer's own .dev.vars (Twilio, Google, AI keys) can't change what a test sees.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { SETTING_NAMES, type SettingName } from "../worker/config/setting-names";

function rawConfig() {
  return experimental_readRawConfig({ config: "wrangler.toml" }).rawConfig;
}

export function defaultSettings(): Record<SettingName, string> {
  const vars = rawConfig().vars ?? {};
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, typeof vars[name] === "string" ? vars[name] : ""])) as Record<SettingName, string>;
}

/**
 * Writes wrangler.toml's config (paths made absolute) and a .dev.vars holding `settings` over the
 * defaults into `dir`, and returns the config's path. Wrangler reads .dev.vars beside the config it is
 * given, so a dev server started with this config (vite.config.ts, ECHO_WRANGLER_CONFIG) sees exactly
 * these settings and never the project's own .dev.vars.
 */
export function writeIsolatedConfig(dir: string, settings: Partial<Record<SettingName, string>>): string {
  const raw = rawConfig();
  const config = {
    ...raw,
    main: raw.main ? resolve(raw.main) : undefined,
    d1_databases: raw.d1_databases?.map((db: { migrations_dir?: string }) => ({ ...db, ...(db.migrations_dir ? { migrations_dir: resolve(db.migrations_dir) } : {}) })),
  };
  const path = join(dir, "wrangler.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  const all = { ...defaultSettings(), ...settings };
  writeFileSync(join(dir, ".dev.vars"), Object.entries(all).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`).join(""));
  return path;
}
