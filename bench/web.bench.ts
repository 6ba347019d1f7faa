// The landing page on a mid-range phone: the production build (`npm run build`) served by
// `vite preview` (the built Worker in workerd, the SPA from dist/client), loaded by Chromium with a
// fresh cache each time under a mid-range-phone profile (CDP: 4× CPU slowdown, 40 ms RTT, 9 Mbit/s
// down and up, a 412×823 phone screen). Targets (issue 11): landing LCP p50 ≤ 1.0 s, landing
// JavaScript ≤ 60 KB gzip.
//
// Absolute times differ 2× between machines, so the same run also loads a reference: the landing
// exactly as it looks once loaded (its DOM, scripts removed), saved as a static page beside the
// build and served by the same server under the same profile — what the landing would cost with no
// JavaScript at all. The ratio landing / reference is the figure to compare across machines.
//
// Also: whole-app JS (every .js file of the build, gzip), and whether the landing loaded any
// dashboard code (a script containing the dashboard's tab bar label).
// WEB_BENCH_LOADS (default 9) sets the loads per page; landing and reference loads alternate.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type Page, chromium } from "playwright-core";
import { freePort, type LocalServer, startServer } from "../scripts/local-server";
import { type Figure, defineBench, stats } from "./support/bench";

const LOADS = Number(process.env.WEB_BENCH_LOADS ?? 9);
const TARGET_LCP_MS = 1000;
const TARGET_LANDING_JS_KB = 60;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Text only the dashboard's code holds (its tab bar's aria-label in web/dashboard/Dashboard.tsx). */
const DASHBOARD_MARKER = "Dashboard sections";
const REFERENCE_FILE = "bench-reference.html";

const PHONE_PROFILE = {
  cpuSlowdown: 4,
  rttMs: 40,
  bytesPerSecond: 9_000_000 / 8,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

const repo = resolve(import.meta.dirname, "..");
const client = join(repo, "dist/client");

const gzipKb = (bytes: Buffer | string) => gzipSync(bytes).length / 1024;

interface Load {
  lcpMs: number;
  scripts: { url: string; body: Buffer }[];
}

/** One cold load of `url` under the phone profile: its LCP and the scripts it fetched. */
async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE_PROFILE.viewport, deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_PROFILE.cpuSlowdown });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE_PROFILE.rttMs,
      downloadThroughput: PHONE_PROFILE.bytesPerSecond,
      uploadThroughput: PHONE_PROFILE.bytesPerSecond,
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = Number.NaN;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const pending: Promise<{ url: string; body: Buffer } | null>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      pending.push(res.body().then((body) => ({ url: res.url(), body }), () => null));
    });
    await page.goto(url, { waitUntil: "load" });
    // Done when the page shows the phone number (the last thing the landing fills in) and the network is quiet.
    await page.locator('main a[href^="tel:"]').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    if (!Number.isFinite(lcpMs)) throw new Error(`no largest-contentful-paint entry for ${url}`);
    const scripts = (await Promise.all(pending)).filter((s) => s !== null);
    return { lcpMs, scripts };
  } finally {
    await context.close();
  }
}

/** The landing as a visitor sees it once loaded, as static HTML (scripts removed). */
async function landingSnapshot(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.locator('main a[href^="tel:"]').first().waitFor();
  return page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true) as HTMLElement;
    for (const el of doc.querySelectorAll('script, link[rel="modulepreload"]')) el.remove();
    return `<!doctype html>\n${doc.outerHTML}`;
  });
}

async function preview(): Promise<{ base: string; server: LocalServer }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startServer({ args: ["vite", "preview", "--port", String(port), "--strictPort"], env: process.env, readyURL: `${base}/api/config` });
  return { base, server };
}

export default defineBench({
  name: "web",
  async run(ctx) {
    ctx.log("npm run build …");
    const build = spawnSync("npm", ["run", "build"], { cwd: repo, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    rmSync(join(client, REFERENCE_FILE), { force: true });
    const appFiles = readdirSync(join(client, "assets")).filter((f) => f.endsWith(".js"));
    const wholeAppKb = appFiles.reduce((sum, f) => sum + gzipKb(readFileSync(join(client, "assets", f))), 0);

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
    try {
      // The reference page must exist before the server starts (the asset list is read at start).
      let running = await preview();
      try {
        const page = await browser.newPage();
        writeFileSync(join(client, REFERENCE_FILE), await landingSnapshot(page, running.base));
        await page.close();
      } finally {
        await running.server.stop();
      }
      running = await preview();
      try {
        const served = await (await fetch(`${running.base}/${REFERENCE_FILE}`)).text();
        if (served.includes("<script")) throw new Error(`${REFERENCE_FILE} is not served as saved (got a page with scripts)`);
        const landing: Load[] = [];
        const reference: Load[] = [];
        await load(browser, `${running.base}/`); // warm the server (first-request compile), not measured
        for (let i = 0; i < LOADS; i++) {
          landing.push(await load(browser, `${running.base}/`));
          reference.push(await load(browser, `${running.base}/${REFERENCE_FILE}`));
        }
        const first = landing[0]!;
        const landingKb = first.scripts.reduce((sum, s) => sum + gzipKb(s.body), 0);
        const dashboardScripts = first.scripts.filter((s) => s.body.toString("utf8").includes(DASHBOARD_MARKER));
        ctx.log(`landing scripts: ${first.scripts.map((s) => `${new URL(s.url).pathname} (${gzipKb(s.body).toFixed(1)} KB gz)`).join(", ") || "none"}`);
        ctx.log(`whole app: ${appFiles.length} JS files; dashboard code on the landing: ${dashboardScripts.map((s) => new URL(s.url).pathname).join(", ") || "none"}`);
        const lcp = stats(landing.map((l) => l.lcpMs));
        const ref = stats(reference.map((l) => l.lcpMs));
        ctx.log(`landing LCP ms: ${landing.map((l) => l.lcpMs.toFixed(0)).join(" ")}; reference: ${reference.map((l) => l.lcpMs.toFixed(0)).join(" ")}`);
        const figures: Figure[] = [
          { name: `landing LCP p50 (phone profile, ${LOADS} loads)`, value: lcp.p50, unit: "ms", target: { kind: "max", value: TARGET_LCP_MS } },
          { name: "reference LCP p50 (same page, static, no JS)", value: ref.p50, unit: "ms" },
          { name: "landing LCP / reference LCP", value: lcp.p50 / ref.p50, unit: "×" },
          { name: "landing JS (gzip)", value: landingKb, unit: "KB", target: { kind: "max", value: TARGET_LANDING_JS_KB } },
          { name: "whole-app JS (gzip)", value: wholeAppKb, unit: "KB" },
          { name: "landing scripts holding dashboard code", value: dashboardScripts.length, unit: "files", target: { kind: "max", value: 0 } },
        ];
        return figures;
      } finally {
        await running.server.stop();
      }
    } finally {
      await browser.close();
      rmSync(join(client, REFERENCE_FILE), { force: true });
    }
  },
});
