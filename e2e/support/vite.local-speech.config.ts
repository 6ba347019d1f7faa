// The Vite config of e2e/local-speech.test.ts's own app: the project's vite.config.ts with a cache
// folder of its own. Its config differs from the suite's app (which leaves the engines out with an
// alias), and Vite keys its pre-bundled dependencies by config: sharing node_modules/.vite, each start
// re-bundled them under the other, still running, server ("Re-optimizing dependencies because vite
// config has changed").
import { type ConfigEnv, defineConfig, type UserConfig } from "vite";
import projectConfig from "../../vite.config";

export default defineConfig(async (env: ConfigEnv): Promise<UserConfig> => ({
  ...(await projectConfig(env)),
  cacheDir: "node_modules/.vite-local-speech",
}));
