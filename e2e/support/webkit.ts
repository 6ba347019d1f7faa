// Real WebKit (Debian's WebKitGTK: webkit2gtk-driver's WebKitWebDriver and its MiniBrowser, the engine
// Safari is built on) in a virtual X display (xvfb-run), driven over W3C WebDriver by selenium-webdriver.
// One browser per file. A stand-in for Safari, not Safari: same engine family, other media stack
// (GStreamer here, AVFoundation on Apple platforms).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { Builder, type WebDriver } from "selenium-webdriver";
import { afterAll, beforeAll } from "vitest";

const DRIVER = "/usr/bin/WebKitWebDriver";

/** MiniBrowser of the installed WebKitGTK (its path names the machine's multiarch triplet). */
function miniBrowser(): string {
  for (const triplet of readdirSync("/usr/lib").filter((d) => d.includes("-linux-"))) {
    const path = `/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  throw new Error("WebKitGTK's MiniBrowser not found: run `apt-get install webkit2gtk-driver` (.ci/run does).");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${log()}`);
    try {
      const res = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`WebKitWebDriver did not answer within 20 s: ${log()}`);
}

export interface TestWebKit {
  driver(): WebDriver;
}

/** Call at the top of a test file: starts WebKit before its tests and stops it after them. */
export function useWebKit(): TestWebKit {
  let child: ChildProcess | undefined;
  let driver: WebDriver | undefined;
  beforeAll(async () => {
    if (!existsSync(DRIVER) || !existsSync("/usr/bin/xvfb-run")) {
      throw new Error("WebKit not installed: run `apt-get install webkit2gtk-driver xvfb xauth gstreamer1.0-plugins-good` (.ci/run does).");
    }
    const binary = miniBrowser();
    const port = await freePort();
    let output = "";
    // Its own process group, so the X server and the driver stop together.
    child = spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x900x24", DRIVER, `--port=${port}`], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    for (const s of [child.stdout, child.stderr]) s?.on("data", (b: Buffer) => (output = (output + b.toString()).slice(-4000)));
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, child, () => output);
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary, args: ["--automation"] } })
      .build();
  }, 60_000);
  afterAll(async () => {
    await driver?.quit().catch(() => undefined);
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  });
  return {
    driver() {
      if (!driver) throw new Error("WebKit is not running (useWebKit's beforeAll failed)");
      return driver;
    },
  };
}
