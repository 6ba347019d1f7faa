// The lock that keeps two builds from holding the deploy config at once (scripts/build-app.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { lockFile } from "../../../scripts/file-lock";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function lockPath(): string {
  dir = mkdtempSync(join(tmpdir(), "echo-lock-"));
  return join(dir, "deploy", "config.json.lock");
}

it("a second taker waits until the first lets go, then holds it alone", async () => {
  const path = lockPath();
  const order: string[] = [];
  const release = await lockFile(path, 5_000);
  expect(readFileSync(path, "utf8")).toBe(String(process.pid));
  const second = lockFile(path, 5_000).then((release2) => {
    order.push("second took it");
    return release2;
  });
  await new Promise((r) => setTimeout(r, 300));
  order.push("first lets go");
  release();
  (await second)();
  expect(order).toEqual(["first lets go", "second took it"]);
  expect(existsSync(path)).toBe(false);
});

it("a lock left by a process that is gone is taken over", async () => {
  const path = lockPath();
  const gone = spawn(process.execPath, ["-e", ""]);
  const pid = gone.pid!;
  await new Promise((r) => gone.on("exit", r));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, String(pid));
  const release = await lockFile(path, 1_000);
  expect(readFileSync(path, "utf8")).toBe(String(process.pid));
  release();
});

it("a live owner that never lets go is a clear error once the wait is over", async () => {
  const path = lockPath();
  const release = await lockFile(path, 1_000);
  await expect(lockFile(path, 300)).rejects.toThrow(`still held by process ${process.pid}`);
  release();
});
