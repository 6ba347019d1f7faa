// The call recording player in real WebKit (WebKitGTK, the engine family of Safari; e2e/support/webkit.ts)
// against the real app: the WAV plays through the range-served route, the line being heard is
// highlighted as the audio moves on, and clicking a line seeks there. Safari itself is not run here.
import { By, type WebDriver, until } from "selenium-webdriver";
import { describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "../protocol/api";
import { freshCredentials } from "./support/auth";
import { seedRecordedCall } from "./support/recorded-call";
import { useWebKit } from "./support/webkit";

const POLL = { timeout: 20_000, interval: 100 };
const webkit = useWebKit();

/** Runs `body` (an async function body using fetch) in the page and returns its value. */
function inPage<T>(d: WebDriver, body: string, ...args: unknown[]): Promise<T> {
  return d.executeAsyncScript<T>(`const done = arguments[arguments.length - 1]; (async (...args) => { ${body} })(...arguments).then(done, (e) => done("error: " + e));`, ...args);
}

const audioState = (d: WebDriver) =>
  d.executeScript<{ time: number; duration: number; paused: boolean; error: number | null }>(
    'const a = document.querySelector("[data-testid=recording-player] audio"); return { time: a.currentTime, duration: a.duration, paused: a.paused, error: a.error && a.error.code };',
  );
const activeIndex = (d: WebDriver) =>
  d.executeScript<number>('return [...document.querySelectorAll("[data-testid=transcript-entry]")].findIndex((li) => li.getAttribute("aria-current") === "true");');

describe("call recording player in WebKit", () => {
  // One retry: WebKitGTK's GStreamer playback under a loaded CI machine has stalled a run now and then
  // (no time update for 20 s); a broken player fails both tries.
  it("plays the recording, highlights the line being heard, and seeks when a line is clicked", { retry: 1 }, async () => {
    const d = webkit.driver();
    const baseURL = inject("baseURL");
    // The session cookie is Secure, and WebKit (like Safari) keeps no Secure cookie from plain-http
    // localhost: sign up from here and hand WebKit the same session without the flag.
    const signUp = await fetch(`${baseURL}/api/auth/sign-up`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL },
      body: JSON.stringify(freshCredentials("webkit")),
    });
    expect(signUp.status).toBe(201);
    const session = signUp.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const [name, value] = session.split(";")[0]!.split("=") as [string, string];
    await d.get(`${baseURL}/?auth=true`); // a page of the app: an API answer's policy lets a document run nothing
    await d.manage().addCookie({ name, value, path: "/", httpOnly: true, secure: false });
    const me = await inPage<{ user: { id: string } }>(d, `return (await fetch("/api/auth/me")).json();`);
    const { callId, offsets } = seedRecordedCall(me.user.id);

    await d.get(`${baseURL}/calls`);
    const details = await d.wait(until.elementLocated(By.xpath(`//li[@data-call-id="${callId}"]//button[normalize-space()="View Details"]`)), 20_000);
    await details.click();
    const player = await d.wait(until.elementLocated(By.css('[data-testid="recording-player"]')), 20_000);
    // WebKit read the WAV's header through the route: it knows the length.
    await expect.poll(async () => (await audioState(d)).duration, POLL).toBeGreaterThan(offsets[2]!);
    expect(await activeIndex(d)).toBe(-1);

    // Double speed, then play: the first line lights up, then the Echo's reply as the audio reaches it.
    await player.findElement(By.css('select option[value="2"]')).click();
    await player.findElement(By.css('button[aria-label="Play recording"]')).click();
    await d.wait(until.elementLocated(By.css('[data-testid="recording-player"] button[aria-label="Pause recording"]')), 10_000);
    await expect.poll(() => activeIndex(d), POLL).toBe(0);
    await expect.poll(() => activeIndex(d), POLL).toBe(1);
    const playing = await audioState(d);
    expect(playing).toMatchObject({ paused: false, error: null });
    expect(playing.time).toBeGreaterThanOrEqual(offsets[1]! - 0.1);

    // The last line's "Play from" button jumps there. Three-quarter speed from here: the last line
    // then plays for 6.5 s, so the click back to the first line below lands well before the audio
    // ends (WebKit can drop a seek that races its end of stream on a loaded machine).
    const lines = await d.findElements(By.css('[data-testid="transcript-entry"]'));
    expect(lines).toHaveLength(3);
    await player.findElement(By.css('select option[value="0.75"]')).click();
    await lines[2]!.findElement(By.css('button[aria-label^="Play the recording from"]')).click();
    await expect.poll(() => activeIndex(d), POLL).toBe(2);
    expect((await audioState(d)).time).toBeGreaterThanOrEqual(offsets[2]! - 0.05);

    // Clicking the first line itself seeks back to its start (and plays from there). The highlight moves
    // at the click; the audio's position once WebKit has done the seek: wait for it.
    await lines[0]!.findElement(By.css("p")).click();
    await expect.poll(() => activeIndex(d), POLL).toBe(0);
    await expect.poll(async () => (await audioState(d)).time, POLL).toBeLessThan(offsets[1]!);
    expect((await audioState(d)).error).toBeNull();
  });
});
