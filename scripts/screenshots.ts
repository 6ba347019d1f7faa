// `npm run screenshots`: re-takes the README's pictures (docs/screenshots/*.png) from today's app, each
// at desktop (1280×800, `name.png`) and phone (390×844, `name-phone.png`) size, in Debian's Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core, with the demo account of `npm run
// seed` (scripts/seed/: Echoes, 60 calls with transcripts, emotions, summaries and recordings).
//   landing       the landing page, signed out
//   calls         the Calls tab: call history and Insights
//   call-details  a call's details: summary, emotion plot, recording player, transcript
//   echoes        the Echoes tab: the demo's assistants and the Phone card
//   test-call     a browser test call in progress: a typed message and the Echo's reply
// The first four come from the production build served by `vite preview` (scripts/preview-app.ts,
// as the browser tests run it). The test call comes from the development app with the local speech
// engines (e2e/support/local-speech-app.ts, what `npm run dev` runs), because that is the test call a
// newcomer gets: the production build has no local speech, and its test call would show the offline
// engine, which cannot recognise speech. That app takes 40–100 s to start; both start side by side.
// `npm run screenshots -- test-call calls` takes only the pictures named (and starts only their app).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { SESSION_COOKIE } from "../protocol/api";
import { buildWav } from "../worker/audio/wav";
import { launchBrowser } from "../e2e/support/browser";
import { launchLocalSpeechApp } from "../e2e/support/local-speech-app";
import { type PreviewApp, startPreviewApp } from "./preview-app";
import { buildDemoData } from "./seed/demo";
import { addDemoRecordings, putLocalRecordings } from "./seed/recordings";
import { demoSql, runLocalSql, sessionSql, userSql } from "./seed/sql";

const OUT = resolve(import.meta.dirname, "../docs/screenshots");
const SIZES = [
  { suffix: "", viewport: { width: 1280, height: 800 } },
  { suffix: "-phone", viewport: { width: 390, height: 844 } },
] as const;
const WAIT = { timeout: 60_000 };
/** The demo Echo the test call is made to (scripts/seed/demo.ts), and what the caller types. */
const TEST_CALL_ECHO = "Luna";
const TYPED = "I've had a long week and I could use some help planning the weekend.";

/** Seeds the demo account (as `npm run seed` does) into a state folder; answers its session token. */
function seedDemo(stateDir: string): string {
  const now = Date.now();
  const userId = crypto.randomUUID();
  const token = randomBytes(20).toString("hex");
  const data = buildDemoData({ calls: 60, days: 30, now, idPrefix: userId.slice(0, 8) });
  const recordings = addDemoRecordings(data, 8);
  runLocalSql(
    [
      ...userSql({ id: userId, email: "demo@echo.local", displayName: "Demo User", passwordHash: null, createdAt: now - 37 * 86_400_000 }),
      ...sessionSql(createHash("sha256").update(token).digest("hex"), userId, now),
      ...demoSql(userId, data),
    ],
    stateDir,
  );
  putLocalRecordings(recordings, stateDir);
  return token;
}

/** One page per size, signed in with `token` when given; `shoot` leaves it as the picture should be. */
async function capture(browser: Browser, baseURL: string, token: string | null, name: string, shoot: (page: Page) => Promise<void>): Promise<void> {
  for (const { suffix, viewport } of SIZES) {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce", deviceScaleFactor: 1 });
    if (token) await context.addCookies([{ name: SESSION_COOKIE, value: token, domain: new URL(baseURL).hostname, path: "/", secure: true }]); // __Host-: Secure, host-only
    const page = await context.newPage();
    try {
      await shoot(page);
      await page.waitForTimeout(500);
      const file = join(OUT, `${name}${suffix}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
    } finally {
      await context.close();
    }
  }
}

async function landing(page: Page, baseURL: string) {
  await page.goto(baseURL);
  await page.getByRole("link", { name: "Sign In", exact: true }).waitFor(WAIT);
}

async function calls(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/calls`);
  const history = page.getByRole("region", { name: "Call History" });
  await history.getByRole("button", { name: /View Details/ }).first().waitFor(WAIT);
}

async function callDetails(page: Page, baseURL: string) {
  await calls(page, baseURL);
  // The newest call has a recording (scripts/seed/recordings.ts).
  await page.getByRole("region", { name: "Call History" }).getByRole("button", { name: /View Details/ }).first().click();
  const details = page.getByRole("dialog", { name: "Call Details" });
  await details.locator("ol[aria-label=Transcript] li").first().waitFor(WAIT);
  await details.getByRole("img").first().waitFor(WAIT);
  // The emotion plot at the top of the dialog, the transcript below it.
  await details.locator("#emotion-heading").evaluate((h) => h.scrollIntoView({ block: "start" }));
}

async function echoes(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/echoes`);
  await page.getByRole("heading", { name: "Echoes", level: 2 }).waitFor(WAIT);
  await page.getByRole("article").first().waitFor(WAIT);
}

async function testCall(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/test-call`);
  await page.getByRole("heading", { name: "Test Call", level: 2 }).waitFor(WAIT);
  const picker = page.getByRole("combobox", { name: "Echo", exact: true });
  await picker.locator("option", { hasText: TEST_CALL_ECHO }).waitFor({ ...WAIT, state: "attached" });
  await picker.selectOption({ label: TEST_CALL_ECHO });
  await page.getByRole("button", { name: "Start Call" }).click();
  await page.locator("section[data-call-phase=connected]").waitFor(WAIT);
  const box = page.getByLabel("Type a message");
  await box.fill(TYPED);
  await box.press("Enter");
  const replies = page.getByRole("log", { name: "Transcript" }).locator("li[data-speaker=assistant][data-final=true]");
  await page.waitForFunction(() => document.querySelectorAll('li[data-speaker=caller]').length > 0, undefined, WAIT);
  await replies.last().waitFor(WAIT);
  // The reply's last words are spoken after its text is final; leave the call connected.
  await page.waitForTimeout(1500);
  // Typing scrolled the page to the message box. On a desktop the call's card fits from its heading
  // (the Echo, the controls, the transcript with the reply) below the sticky tabs; the engine notice
  // above it does not fit beside them. On a phone the transcript stays in view.
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await page.locator("input:focus, textarea:focus").evaluateAll((els) => els.forEach((el) => (el as HTMLElement).blur()));
    await page.getByRole("heading", { name: "Call", exact: true }).evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 84));
  }
}

/** `npm run screenshots -- test-call calls`: only those pictures (default: all). */
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);

const PREVIEW_SHOTS = ["landing", "calls", "call-details", "echoes"];

async function main() {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(resolve(import.meta.dirname, "../.e2e-state"), { recursive: true });
  const work = mkdtempSync(resolve(import.meta.dirname, "../.e2e-state/screenshots-"));
  const previewState = mkdtempSync(join(tmpdir(), "echo-screenshots-"));
  // The local speech app starts (and migrates its own state) first: it is the slow one.
  const localApp = wanted("test-call") ? await launchLocalSpeechApp(work) : null;
  const localToken = localApp ? seedDemo(join(work, "state")) : "";
  let browser: Browser | undefined;
  let preview: PreviewApp | undefined;
  try {
    // A silent microphone: Chromium's default fake device beeps, which local speech would hear.
    const silence = join(work, "silence.wav");
    writeFileSync(silence, buildWav(new Int16Array(16_000 * 120), 16_000));
    browser = await launchBrowser({ fakeAudioWav: silence });
    if (PREVIEW_SHOTS.some(wanted)) {
      let token = "";
      preview = await startPreviewApp(previewState, {}, (dir) => void (token = seedDemo(dir)));
      const base = preview.baseURL;
      if (wanted("landing")) await capture(browser, base, null, "landing", (p) => landing(p, base));
      if (wanted("calls")) await capture(browser, base, token, "calls", (p) => calls(p, base));
      if (wanted("call-details")) await capture(browser, base, token, "call-details", (p) => callDetails(p, base));
      if (wanted("echoes")) await capture(browser, base, token, "echoes", (p) => echoes(p, base));
      await preview.stop();
      preview = undefined;
    }
    if (localApp) {
      await localApp.ready;
      await capture(browser, localApp.baseURL, localToken, "test-call", (p) => testCall(p, localApp.baseURL));
    }
  } finally {
    await browser?.close();
    await preview?.stop();
    await localApp?.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(previewState, { recursive: true, force: true });
  }
}

await main();
