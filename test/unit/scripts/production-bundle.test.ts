// The production build leaves local speech out (vite.config.ts swaps worker/ai/local/available.ts),
// and its bundle check (scripts/check-production-bundle.mjs) passes; a self-hosted build with
// ECHO_LOCAL_SPEECH=1 carries the engines, and the same check refuses it as a Cloudflare bundle.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../scripts/build-app";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function build(env: NodeJS.ProcessEnv): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), "echo-build-"));
  dirs.push(out);
  await (await buildApp(out, { ...process.env, ...env }))();
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

function check(dir: string): { status: number | null; output: string } {
  const env = { ...process.env };
  delete env.ECHO_LOCAL_SPEECH;
  const r = spawnSync("node", ["scripts/check-production-bundle.mjs", dir], { env, encoding: "utf8" });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe("production bundle", { timeout: 180_000 }, () => {
  it("has no local speech engine, and the check says so", async () => {
    const out = await build({ ECHO_LOCAL_SPEECH: "" });
    expect(files(out).filter((f) => /\.(wasm|bin)$/.test(f))).toEqual([]);
    const result = check(out);
    expect(result.output).toContain("no local speech engine");
    expect(result.status).toBe(0);
  });

  it("a self-hosted build carries the engines, and the check refuses it for Cloudflare", async () => {
    const out = await build({ ECHO_LOCAL_SPEECH: "1" });
    expect(files(out).some((f) => f.startsWith("flite") && f.endsWith(".wasm"))).toBe(true);
    const result = check(out);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/local speech engine/);
  });
});
