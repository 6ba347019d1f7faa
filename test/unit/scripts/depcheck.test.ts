// The dependency check (`npm run depcheck`, .dependency-cruiser.cjs) must really fail on a broken
// rule: it runs here on small fixture trees, one that breaks every rule and one that keeps them all.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../../..");
const depcruise = join(repo, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const trees: string[] = [];

/** Writes `files` (path → source) into a fresh folder laid out like the repository. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "echo-depcheck-"));
  trees.push(root);
  const all = {
    "tsconfig.web.json": JSON.stringify({ compilerOptions: { jsx: "react-jsx", allowImportingTsExtensions: true } }),
    // A stand-in for the openai package (the rule that keeps it loaded lazily looks for it).
    "node_modules/openai/package.json": JSON.stringify({ name: "openai", version: "0.0.0", main: "index.js", types: "index.d.ts" }),
    "node_modules/openai/index.js": "export default class OpenAI {}\n",
    "node_modules/openai/index.d.ts": "export default class OpenAI {}\n",
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [depcruise, "web", "worker", "protocol", "--config", join(repo, ".dependency-cruiser.cjs")], { cwd: root, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  for (const t of trees.splice(0)) rmSync(t, { recursive: true, force: true });
});

// Each test spawns the real CLI (Node start-up plus the TypeScript parser: ~3 s on an idle 2-core
// machine), more than vitest's default 5 s budget allows on a busy one.
describe("dependency check", { timeout: 30_000 }, () => {
  it("passes a tree that keeps every rule", () => {
    const root = fixture({
      "protocol/call.ts": `export const PATH = "/ws/call";\n`,
      "worker/db/calls.ts": `import { PATH } from "../../protocol/call";\nexport const q = PATH;\n`,
      "worker/twilio/twiml.ts": `export const twiml = "<Response/>";\n`,
      "worker/call/session.ts": `import { twiml } from "../twilio/twiml";\nimport { q } from "../db/calls";\nexport const s = twiml + q;\n`,
      "web/lib/api.ts": `import { PATH } from "../../protocol/call";\nexport const api = PATH;\n`,
      "web/calls/List.tsx": `import { api } from "../lib/api";\nexport const List = () => api;\n`,
      "web/live/Live.tsx": `import { api } from "../lib/api";\nexport const Live = () => api;\n`,
      "web/dashboard/Tab.tsx": `import { List } from "../calls/List";\nimport { Live } from "../live/Live";\nexport const Tab = () => [List(), Live()];\n`,
      "web/App.tsx": `import { Tab } from "./dashboard/Tab";\nexport const App = Tab;\n`,
      "worker/ai/openai/sdk.ts": `import type * as Sdk from "openai";\nexport const load = (): Promise<typeof Sdk> => import("openai");\n`,
      "worker/ai/openai/engine.ts": `import type OpenAI from "openai";\nimport { load } from "./sdk";\nexport const client = async (): Promise<OpenAI> => new (await load()).default();\n`,
    });
    const { status, output } = check(root);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("counts an import circle made only of type-only imports", () => {
    const root = fixture({
      "worker/ai/engines.ts": `import type { Settings } from "./settings";\nexport type Engine = { settings: Settings };\nexport const ENGINE_IDS = ["offline"];\n`,
      "worker/ai/settings.ts": `import type { Engine } from "./engines";\nexport type Settings = { engine: Engine | null };\n`,
      "web/lib/api.ts": `export const api = 1;\n`,
      "protocol/call.ts": `export const PATH = "/ws/call";\n`,
    });
    const { status, output } = check(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-circular: worker\/ai\/(engines|settings)\.ts → /);
  });

  it("fails, naming each broken rule and the import that breaks it", () => {
    const root = fixture({
      "protocol/call.ts": `import { session } from "../worker/call/session";\nexport const PATH = session;\n`,
      "worker/call/session.ts": `export const session = 1;\n`,
      "worker/pipeline/stage.ts": `import { session } from "../call/session";\nexport const stage = session;\n`,
      "worker/twilio/media.ts": `import { session } from "../call/session";\nexport const media = session;\n`,
      "web/lib/api.ts": `import { session } from "../../worker/call/session";\nimport { List } from "../calls/List";\nexport const api = [session, List];\n`,
      "web/calls/List.tsx": `import { Live } from "../live/Live";\nimport { App } from "../App";\nimport { format } from "../lib/format";\nexport const List = () => [Live, App, format];\n`,
      "web/lib/format.ts": `export const format = 1;\n`,
      "web/live/Live.tsx": `import { Cycle } from "./Cycle";\nexport const Live = () => Cycle;\n`,
      "web/live/Cycle.ts": `import { Live } from "./Live";\nexport const Cycle = Live;\n`,
      "web/App.tsx": `export const App = 1;\n`,
      "worker/ai/openai/engine.ts": `import OpenAI from "openai";\nexport const client = new OpenAI();\n`,
    });
    const { status, output } = check(root);
    expect(status).not.toBe(0);
    for (const line of [
      "protocol-imports-nothing-ours: protocol/call.ts → worker/call/session.ts",
      "core-not-lines: worker/pipeline/stage.ts → worker/call/session.ts",
      "twilio-not-call: worker/twilio/media.ts → worker/call/session.ts",
      "web-not-worker: web/lib/api.ts → worker/call/session.ts",
      "web-shared-not-feature: web/lib/api.ts → web/calls/List.tsx",
      "web-feature-not-feature: web/calls/List.tsx → web/live/Live.tsx",
      "web-shell-not-imported: web/calls/List.tsx → web/App.tsx",
      "no-circular: web/live/Cycle.ts → ",
      "no-folder-cycle: web/calls → ",
      "openai-sdk-lazy: worker/ai/openai/engine.ts → node_modules/openai/",
    ]) {
      expect(output).toContain(line);
    }
  });
});
