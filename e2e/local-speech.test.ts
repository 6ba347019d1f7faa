// Local speech in real Chromium, closed loop with real words: a fake microphone speaks flite-made
// sentences (test/fixtures/local-speech, scripts/make-speech-fixtures.ts) at real-time pace into a Test
// Call against an app that HAS the embedded engines (its own `vite dev`: the rest of the browser suite
// runs without them) → the transcript on the page holds the words (word error rate) → the sad
// sentence's emotion chips show sadness first → the Echo's reply audio reaches the page and, fed back
// to the recogniser (PocketSphinx in Node, the same wasm and model), yields words of the reply text.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerMessage } from "../protocol/call-messages";
import { base64ToPcm16 } from "../protocol/pcm16";
import { CALL_SOCKET_PATH } from "../protocol/sockets";
import { loadPocketSphinx } from "../bench/support/local-speech-node";
import { wordErrorRate, words } from "../bench/support/wer";
import { contentWords } from "../worker/ai/words";
import { buildWav, parseWav } from "../worker/audio/wav";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";
import { awaitLaunchedApp, launchedAppFromEnv, type LocalSpeechApp, startLocalSpeechApp } from "./support/local-speech-app";

const FIXTURES = resolve(import.meta.dirname, "../test/fixtures/local-speech");
const manifest = JSON.parse(readFileSync(join(FIXTURES, "manifest.json"), "utf8")) as Array<{ name: string; text: string }>;
/** What the microphone says, in order; the sad sentence last, so nothing cuts its reply short. */
const SPOKEN = ["plan-week", "call-mother", "weather", "sad-job"];
const RATE = 16_000;
/**
 * Between sentences: enough for the end of the turn to be detected and the reply to start; the next
 * sentence may cut a long reply short (barge-in), as a person would. 4 s and 7 s measured the same WER.
 */
const GAP_S = 4;
/** After the last sentence, before Chromium loops the file: longer than the rest of the test. */
const TAIL_S = 60;
const POLL = { timeout: 60_000, interval: 250 };

function concat(parts: Int16Array[]): Int16Array {
  const all = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return all;
}

/** 1 s of silence, the sentences with GAP_S between them, then TAIL_S of silence. 16 kHz mono PCM16. */
function microphoneWav(dir: string): string {
  const parts: Int16Array[] = [new Int16Array(RATE)];
  for (const name of SPOKEN) parts.push(parseWav(readFileSync(join(FIXTURES, `${name}.wav`))).samples, new Int16Array(GAP_S * RATE));
  parts.push(new Int16Array(TAIL_S * RATE));
  const path = join(dir, "microphone.wav");
  writeFileSync(path, buildWav(concat(parts), RATE));
  return path;
}

// The microphone file and the app's state and settings, inside the project (git-ignored .e2e-state).
mkdirSync(resolve(import.meta.dirname, "../.e2e-state"), { recursive: true });
const dir = mkdtempSync(resolve(import.meta.dirname, "../.e2e-state/local-speech-"));
const browser = useBrowser({ fakeAudioWav: microphoneWav(dir) });
let app: LocalSpeechApp;
beforeAll(async () => {
  const started = Date.now();
  // In the whole suite `npm test` launched it at the start of the run; alone, start it here.
  const launched = launchedAppFromEnv();
  app = launched ? await awaitLaunchedApp(launched) : await startLocalSpeechApp(dir);
  console.log(`local speech app answered after ${((Date.now() - started) / 1000).toFixed(1)} s${launched ? " more (launched by npm test at the start)" : ""}`);
}, 240_000);
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const callerEntries = (page: Page) => page.getByRole("log", { name: "Transcript" }).locator("li[data-speaker=caller]");
const assistantEntries = (page: Page) => page.getByRole("log", { name: "Transcript" }).locator("li[data-speaker=assistant]");
const section = (page: Page) => page.locator("section[data-call-phase]");

/** Every message the page's call socket receives. */
function tapCallSocket(page: Page): { received: ServerMessage[] } {
  const tap = { received: [] as ServerMessage[] };
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname === CALL_SOCKET_PATH) ws.on("framereceived", ({ payload }) => tap.received.push(JSON.parse(String(payload)) as ServerMessage));
  });
  return tap;
}

describe("local speech in Chromium", { timeout: 240_000 }, () => {
  it("hears the fake microphone's words, shows the sad sentence as sad, and speaks an intelligible reply", async () => {
    const page = await browser.newPage();
    const tap = tapCallSocket(page);
    await signUpViaApi(page, app.baseURL, freshCredentials("local"));
    await createEchoViaApi(page, { name: "Willow", description: "", personality: "empathetic", expertise: "general", instructions: "", voiceStyle: "default" });
    await page.reload();
    await page.getByRole("tab", { name: "Test Call" }).click();
    await page.getByText("Local speech: recognition is approximate", { exact: false }).waitFor();
    await page.getByRole("combobox", { name: "Echo", exact: true }).selectOption({ label: "Willow" });
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => section(page).getAttribute("data-call-phase"), POLL).toBe("connected");
    expect(await page.getByTestId("ai-engines").innerText()).toMatch(/^AI: Local speech · rule-based replies/);

    // Each sentence becomes a caller entry on the page, in order.
    await expect.poll(() => callerEntries(page).count(), { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(SPOKEN.length);
    const shown = await callerEntries(page).evaluateAll((lis) => lis.map((li) => li.querySelectorAll("p")[1]?.textContent?.trim() ?? ""));
    const pairs = SPOKEN.map((name, i) => ({ reference: manifest.find((m) => m.name === name)?.text ?? "", hypothesis: shown[i] ?? "" }));
    const wer = wordErrorRate(pairs);
    console.log(`local speech WER in Chromium: ${(wer * 100).toFixed(1)} %`, pairs);
    // Measured 5.6–16.7 % (2–6 words of 36 wrong) on the shared machine; an empty or garbled transcript
    // is ~100 %. The 20 % target is held where the recogniser hears the call's own audio
    // (test/worker/call/local-speech.test.ts, 8.9 %); here Chromium's fake microphone and capture path come
    // first, and run to run they move the turn's cut points (one run heard "sad day" for "sad about it").
    expect(wer).toBeLessThanOrEqual(0.25);

    // The sad sentence (said last) shows sadness as its strongest emotion chip.
    const chips = await callerEntries(page).nth(SPOKEN.indexOf("sad-job")).getByRole("list", { name: "Emotions" }).getByRole("listitem").allInnerTexts();
    console.log("sad sentence's emotion chips:", chips);
    expect(chips[0]).toMatch(/^sadness \d+\.\d%$/i);

    // The Echo answers it in full (nothing follows on the microphone) and takes up what was said: the
    // rule-based replies reflect the caller's words (unit-tested in test/unit/ai/offline/dialogue/).
    const sadTurn = tap.received.findLastIndex((m) => m.type === "transcription");
    const finalReply = () => tap.received.slice(sadTurn).find((m) => m.type === "ai_response" && m.final === true);
    await expect.poll(() => finalReply() !== undefined, POLL).toBe(true);
    const reply = finalReply();
    if (reply?.type !== "ai_response" || !reply.entry) throw new Error("no final reply with its entry");
    expect(reply.entry.interrupted ?? false).toBe(false);
    const shownReply = assistantEntries(page).last();
    await expect.poll(() => shownReply.getAttribute("data-final"), POLL).toBe("true");
    const replyText = (await shownReply.locator("p").nth(1).innerText()).trim();
    expect(replyText).toBe(reply.text.trim());
    // It takes up what the page showed as heard (the recogniser may mishear a word or two): the dialogue
    // manager reflects the caller's phrase ("you lost your job today"), so some of its words come back.
    const heardSad = shown[SPOKEN.indexOf("sad-job")] ?? "";
    const topic = contentWords(heardSad, 3);
    expect(topic.length).toBeGreaterThan(0);
    expect(topic.some((word) => replyText.toLowerCase().includes(word))).toBe(true);

    // Its voice reached the page and played; fed back to the recogniser, it yields the reply's words.
    const replyId = reply.entry.id;
    const audio = concat(tap.received.flatMap((m) => (m.type === "audio_response" && m.entryId === replyId ? [base64ToPcm16(m.data)] : [])));
    expect(audio.length / RATE).toBeGreaterThan(1);
    await expect.poll(async () => Number(await section(page).getAttribute("data-playback-played")), POLL).toBeGreaterThan(0);
    const recogniser = await loadPocketSphinx();
    const decoder = await recogniser.acquire();
    decoder.start();
    decoder.process(audio);
    const heardBack = decoder.end();
    const replyWords = new Set(words(reply.text));
    const recognised = new Set(words(heardBack).filter((w) => replyWords.has(w)));
    console.log("reply:", reply.text, "| heard back:", heardBack, `| ${recognised.size}/${replyWords.size} words`);
    expect(recognised.size / replyWords.size).toBeGreaterThan(0.5);

    // A typed goodbye: the Echo says a closing line and ends the call itself (no End Call click).
    const box = page.getByLabel("Type a message");
    await box.fill("Okay, I have to go now. Goodbye!");
    await box.press("Enter");
    await expect.poll(() => section(page).getAttribute("data-call-phase"), POLL).toBe("ended");
    expect(tap.received.some((m) => m.type === "call_ended")).toBe(true);
    await page.context().close();
  });
});
