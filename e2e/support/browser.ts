// Real Chromium (Debian's /usr/bin/chromium) through playwright-core, with a fake microphone, and the
// per-file setup every browser test shares: one browser per file, a fresh context per page.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface LaunchOptions {
  /** A WAV file the fake microphone plays on a loop. */
  fakeAudioWav?: string;
  /** More Chromium switches, for a test that needs them (say why where it asks). */
  extraArgs?: string[];
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(opts: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run \`apt-get install chromium\` (.ci/run does).`);
  const args = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ];
  if (opts.fakeAudioWav) args.push(`--use-file-for-fake-audio-capture=${opts.fakeAudioWav}`);
  args.push(...(opts.extraArgs ?? []));
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

export interface TestBrowser {
  /** A page in a fresh browser context (its own cookies), by default at DESKTOP size, with reduced motion. */
  newPage(context?: BrowserContextOptions): Promise<Page>;
}

/** Call at the top of a test file: launches Chromium before its tests and closes it after them. */
export function useBrowser(opts: LaunchOptions = {}): TestBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(opts);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(context = { viewport: DESKTOP }) {
      if (!browser) throw new Error("useBrowser(): the browser is not launched yet (use it inside a test)");
      // Reduced motion (the app's decorative animations stop): a pulsing badge repaints its page 60
      // times a second, which on a 2-core machine takes CPU from the servers under test.
      return (await browser.newContext({ reducedMotion: "reduce", ...context })).newPage();
    },
  };
}

/** Answers every alert/confirm on the page ("dismiss" or "accept") and collects their texts. */
export function collectDialogs(page: Page, answer: "dismiss" | "accept" = "dismiss"): string[] {
  const texts: string[] = [];
  page.on("dialog", (d) => {
    texts.push(d.message());
    void (answer === "accept" ? d.accept() : d.dismiss());
  });
  return texts;
}
