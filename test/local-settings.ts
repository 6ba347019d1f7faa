// Settings for the apps the tests start (workerd projects, the browser tests' dev server): every
// setting the Worker reads gets an explicit value — wrangler.toml's [vars], else empty (= unset) — so
// the developer's own .dev.vars (Twilio, Google, AI keys) can't change what a test sees.
import { experimental_readRawConfig } from "wrangler";
import { SETTING_NAMES, type SettingName } from "../worker/setting-names.ts";

export function defaultSettings(): Record<SettingName, string> {
  const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
  const vars = rawConfig.vars ?? {};
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, typeof vars[name] === "string" ? vars[name] : ""])) as Record<SettingName, string>;
}
