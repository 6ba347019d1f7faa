// The lock that keeps two builds from holding the deploy config at once (scripts/file-lock.ts,
// scripts/build-app.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { lockFile } from "../../../scripts/file-lock";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function lockPath(): string {
  dir = mkdtempSync(join(tmpdir(), "echo-lock-"));
  return join(dir, "deploy", "build.lock");
}

/** A lock as a killed owner leaves it: made `agoMs` ago and not renewed since. */
function leftBehind(path: string, agoMs: number): void {
  mkdirSync(path, { recursive: true });
  const then = new Date(Date.now() - agoMs);
  utimesSync(path, then, then);
}

it("a second taker waits until the first lets go, then holds it alone", async () => {
  const path = lockPath();
  const order: string[] = [];
  const release = await lockFile(path, 5_000);
  expect(existsSync(path)).toBe(true);
  const second = lockFile(path, 5_000).then((release2) => {
    order.push("second took it");
    return release2;
  });
  await new Promise((r) => setTimeout(r, 300));
  order.push("first lets go");
  await release();
  await (await second)();
  expect(order).toEqual(["first lets go", "second took it"]);
  expect(existsSync(path)).toBe(false);
});

it("a lock its owner stopped renewing is taken over, whatever process ids are alive", async () => {
  const path = lockPath();
  leftBehind(path, 5_000); // no id in it to be mistaken for a live process
  const release = await lockFile(path, 1_000, 3_000);
  await release();
  expect(existsSync(path)).toBe(false);
});

it("two takers waiting at the same stale lock: one holds it, the other waits for it", async () => {
  const path = lockPath();
  leftBehind(path, 5_000);
  const holders: string[] = [];
  const take = async (name: string) => {
    const release = await lockFile(path, 5_000, 3_000);
    holders.push(`${name} in`);
    await new Promise((r) => setTimeout(r, 200));
    holders.push(`${name} out`);
    await release();
  };
  await Promise.all([take("a"), take("b")]);
  // Never both inside: each one's "in" is followed by its own "out".
  const first = holders[0]!.split(" ")[0];
  const second = first === "a" ? "b" : "a";
  expect(holders).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
});

it("a lock held by another process is renewed while it holds it, and is not taken over", async () => {
  const path = lockPath();
  // Another process takes the lock with a 3 s stale time and holds it for 4.5 s, renewing it.
  const script = `import("${join(import.meta.dirname, "../../../scripts/file-lock.ts").replaceAll("\\", "/")}").then(async ({ lockFile }) => {
    const release = await lockFile(${JSON.stringify(path)}, 1000, 3000);
    console.log("held");
    setTimeout(() => release().then(() => process.exit(0)), 4500);
  });`;
  const other = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((r) => other.on("exit", r));
  await new Promise<void>((resolve) => other.stdout.on("data", (d: Buffer) => String(d).includes("held") && resolve()));
  const started = Date.now();
  const release = await lockFile(path, 10_000, 3_000);
  expect(Date.now() - started).toBeGreaterThan(3_500); // waited for the owner to let go, past the stale time
  await release();
  expect(await exited).toBe(0);
}, 20_000);

it("a live owner that never lets go is a clear error once the wait is over", async () => {
  const path = lockPath();
  const release = await lockFile(path, 1_000);
  await expect(lockFile(path, 300)).rejects.toThrow("still held by another process after 0 s");
  await release();
});
