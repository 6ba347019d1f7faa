// Structure, phone layout and empty states (issue 44 §3–4), in Chromium against the production build:
// at 390×844 the Test Call tab fits (header one row, engine chip whole, Start Call above the fold, Mute
// on one line) and its banner collapses and stays collapsed; "who answers my calls" is an explicit
// choice shown on the Echoes tab and /settings, and deactivating it says what answers then; Duplicate
// and a saved edit are confirmed; empty states name their next step as a control; no tab is selected
// on /insights and /settings; the landing has one primary sign-up action and one footer sign-up link.
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { EMOTIONS } from "../protocol/call-messages";
import { demoSql, runLocalSql } from "../scripts/seed/sql";
import { EMOTION_COLORS } from "../web/lib/emotionColors";
import { signUpViaApi } from "./support/auth";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { createEchoViaApi, withoutStarterEcho } from "./support/echoes";

const POLL = { timeout: 20_000, interval: 100 };
const browser = useBrowser();
const SHOTS = process.env.ECHO_E2E_SHOTS; // a folder: screenshots to look at (not committed)

/** The element shows all of its content: nothing cut off or hidden by overflow. */
const fitsWhole = (l: Locator) => l.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
/** The element's text (its words, not its icon) is laid out on one line. */
const oneLine = (l: Locator) =>
  l.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size === 1;
  });
const toast = (page: Page) => page.getByTestId("toast");
const answerLine = (page: Page) => page.getByTestId("answers-your-phone");

describe("phone layout (390×844)", () => {
  it("the Test Call tab fits: header one row with the engine chip whole, Start Call above the fold, Mute on one line; the banner collapses and stays collapsed", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    const start = page.getByRole("button", { name: "Start Call" });
    await start.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/layout-test-call-390.png` });

    const header = page.locator("header").first();
    const signOut = (await page.getByRole("button", { name: "Sign Out" }).boundingBox())!;
    // The engine chip's short form, whole, in the same row, not under the page links.
    const chip = header.getByText("AI: offline", { exact: true });
    const chipBox = (await chip.boundingBox())!;
    expect(Math.abs(signOut.y + signOut.height / 2 - (chipBox.y + chipBox.height / 2))).toBeLessThan(12); // same row
    expect(await fitsWhole(chip.locator(".."))).toBe(true);
    const insights = (await header.getByRole("link", { name: "Insights" }).boundingBox())!;
    expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(insights.x);

    const startBox = (await start.boundingBox())!;
    expect(startBox.y + startBox.height).toBeLessThanOrEqual(PHONE.height);
    const mute = page.getByRole("button", { name: "Mute" });
    expect(await oneLine(mute)).toBe(true);
    expect(await oneLine(start)).toBe(true);
    expect(await fitsWhole(mute)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The banner collapses to its title, and stays so after a reload.
    const banner = page.getByRole("status").filter({ hasText: "type to talk" });
    const details = banner.getByText(/No speech recognizer runs offline/);
    expect(await details.isVisible()).toBe(true);
    await banner.getByRole("button", { name: "Hide details" }).click();
    await expect.poll(() => details.isVisible()).toBe(false);
    expect(await banner.getByRole("button", { name: "Show details" }).getAttribute("aria-expanded")).toBe("false");
    const collapsedStart = (await start.boundingBox())!;
    expect(collapsedStart.y).toBeLessThan(startBox.y);
    await page.reload();
    await banner.getByRole("button", { name: "Show details" }).waitFor();
    expect(await details.isVisible()).toBe(false);
    await banner.getByRole("button", { name: "Show details" }).click();
    await expect.poll(() => details.isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/layout-test-call-390-expanded.png` });
    await page.context().close();
  });
});

describe("who answers my calls", () => {
  it("is the starter until the user changes it: new and edited Echoes don't take over; the choice shows on the Echoes tab and /settings; deactivating it says what answers then", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    await expect.poll(() => answerLine(page).innerText(), POLL).toBe("Answers your phone: Echo");
    const nova = await createEchoViaApi(page, { name: "Nova", personality: "witty", expertise: "general", voiceStyle: "default" });
    // Editing Nova (now the most recently updated Echo) doesn't make it answer.
    await page.evaluate((id) => fetch(`/api/echoes/${id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ description: "edited" }) }), nova.id);
    await page.getByRole("article", { name: "Nova" }).waitFor();
    await page.reload();
    await expect.poll(() => answerLine(page).innerText(), POLL).toBe("Answers your phone: Echo");

    const line = page.getByRole("group", { name: /^Answers your phone:/ });
    await line.getByRole("button", { name: "Change" }).click();
    await line.getByLabel("Who answers your phone").selectOption({ label: "Nova" });
    await expect.poll(() => answerLine(page).innerText(), POLL).toBe("Answers your phone: Nova");
    await expect.poll(() => toast(page).innerText(), POLL).toBe("Nova answers your phone now.");
    // Its card says so; the starter's no longer does.
    const badge = (name: string) => page.getByRole("article", { name, exact: true }).getByText("Answers your phone", { exact: true });
    await expect.poll(() => badge("Nova").count(), POLL).toBe(1);
    expect(await badge("Echo").count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/layout-echoes.png`, fullPage: true });
    // The Phone card on the Echoes tab has no second picker.
    expect(await page.getByRole("region", { name: "Phone", exact: true }).getByLabel("Phone Echo").count()).toBe(0);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Settings" }).click();
    const phone = page.getByRole("region", { name: "Phone", exact: true });
    await expect.poll(() => phone.getByLabel("Phone Echo").inputValue(), POLL).toBe(nova.id);
    expect(await phone.getByText("Answering now: Nova").isVisible()).toBe(true);
    expect(await phone.getByRole("option").allInnerTexts()).toEqual(expect.arrayContaining(["Echo", "Nova"]));
    expect(await phone.getByRole("option", { name: /default/i }).count()).toBe(0);

    await page.getByRole("tab", { name: "Echoes" }).click();
    await page.getByRole("article", { name: "Nova" }).getByRole("button", { name: "Deactivate Nova" }).click();
    await expect.poll(() => toast(page).innerText(), POLL).toBe("Nova no longer answers your phone: Echo does now.");
    await expect.poll(() => answerLine(page).innerText(), POLL).toBe("Answers your phone: Echo");
    await expect.poll(() => badge("Echo").count(), POLL).toBe(1);
    // The confirmation is a polite live region.
    expect(await page.getByRole("status").filter({ has: toast(page) }).getAttribute("aria-live")).toBe("polite");
    await page.context().close();
  });
});

describe("Echoes: duplicate and save", () => {
  it("Duplicate makes '<name> (copy)', active; a saved edit says 'Saved'", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    await page.getByRole("article", { name: "Echo", exact: true }).getByRole("button", { name: "Duplicate Echo" }).click();
    const copy = page.getByRole("article", { name: "Echo (copy)" });
    await copy.waitFor(POLL);
    expect(await copy.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await copy.getByText("Starter", { exact: true }).count()).toBe(0);
    await expect.poll(() => toast(page).innerText(), POLL).toBe("Duplicated as “Echo (copy)”.");
    // Still the starter answers.
    expect(await answerLine(page).innerText()).toBe("Answers your phone: Echo");

    await copy.getByRole("button", { name: "Edit Echo (copy)" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Echo" });
    await dialog.getByLabel("Name").fill("Robin");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("article", { name: "Robin" }).waitFor(POLL);
    await expect.poll(() => toast(page).innerText(), POLL).toBe("Saved");
    await page.getByRole("status").filter({ has: toast(page) }).getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => toast(page).count()).toBe(0);
    await page.context().close();
  });
});

describe("empty states and pages", () => {
  it("name their next step as a control: no Echo → the greeting links to Echoes, Create comes before Phone linking; no calls → Try a test call", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    await page.getByRole("article", { name: "Echo", exact: true }).waitFor();
    expect(await page.getByTestId("greeting").innerText()).toBe("Call your Echo any time, then read the conversation here.");
    await withoutStarterEcho(page);
    await page.getByText("No Echoes yet").waitFor(POLL);
    await expect.poll(() => page.getByTestId("greeting").innerText(), POLL).toBe("No active Echo yet: create or activate one, then call it.");
    expect(await page.getByTestId("greeting").getByRole("link", { name: "create or activate one" }).getAttribute("href")).toBe("/echoes");
    const create = page.getByRole("main").getByRole("button", { name: "Create New Echo" });
    const phoneCard = page.getByRole("region", { name: "Phone", exact: true });
    await phoneCard.waitFor();
    expect(await create.evaluate((a, b) => Boolean(a.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING), await phoneCard.elementHandle())).toBe(true);
    expect(await page.getByTestId("answers-your-phone").count()).toBe(0);

    await page.getByRole("tab", { name: "Calls" }).click();
    const tryIt = page.getByRole("link", { name: "Try a test call" });
    await tryIt.waitFor(POLL);
    await tryIt.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/test-call");
    await page.context().close();
  });

  it("on /insights and /settings no tab is selected (nor styled so), and the tabs stay reachable by keyboard", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/calls");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("aria-selected")))).toEqual(["true", "false", "false"]);
    const selectedClass = (await page.getByRole("tab", { name: "Calls" }).getAttribute("class"))!;
    for (const path of ["/insights", "/settings"]) {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: path === "/insights" ? "Insights" : "Settings" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await page.locator("main h2:visible").first().waitFor();
      expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("aria-selected"))), path).toEqual(["false", "false", "false"]);
      for (const cls of await tabs.evaluateAll((els) => els.map((e) => e.className))) expect(cls, path).not.toBe(selectedClass);
      expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("tabindex"))), path).toEqual(["0", "-1", "-1"]);
    }
    await page.getByRole("tab", { name: "Calls" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/echoes");
    await page.context().close();
  });

  it("landing: the spec's header Sign In, one primary sign-up action in the hero, one sign-up link in the footer", async () => {
    const page = await browser.newPage();
    await page.goto(`${inject("baseURL")}/`);
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    const hero = page.locator("section[aria-labelledby=hero-heading]");
    const primary = hero.getByTestId("hero-primary");
    expect(await primary.innerText()).toBe("Create your free account");
    expect(new URL((await primary.getAttribute("href"))!, "http://x").searchParams.get("mode")).toBe("signup");
    // The phone link beside it is styled as the secondary choice.
    const heroLinks = hero.getByRole("link");
    const classes = await heroLinks.evaluateAll((els) => els.map((e) => e.className));
    expect(classes.filter((c) => c === classes[0]).length).toBe(1);
    const footerSignUps = await page.getByRole("navigation", { name: "Footer" }).getByRole("link").evaluateAll((els) =>
      els.filter((e) => (e.getAttribute("href") ?? "").includes("mode=signup")).map((e) => e.textContent),
    );
    expect(footerSignUps).toEqual(["Sign up"]);
    await page.context().close();
  });
});

describe("emotion names and colours", () => {
  it("the Insights emotion mix names and colours emotions as Call Details does, with a labelled share axis and dates", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signUpViaApi(page, inject("baseURL"), undefined, "/calls");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const callId = `e2e-mix-${me.user.id.slice(0, 8)}`;
    const t = Date.now() - 3_600_000;
    runLocalSql(
      demoSql(
        me.user.id,
        {
          echoes: [],
          calls: [{ id: callId, echoId: null, callType: "phone", status: "completed", startTime: t, endTime: t + 30_000, duration: 30, fromNumber: "+15550142426", endReason: "caller_hung_up" }],
          entries: [
            { id: `${callId}-0`, callId, seq: 0, speaker: "caller", text: "What? You did what with my car?", timestamp: t + 2000, emotions: { anger: 0.6, surprise: 0.4 }, interrupted: false, latency: null },
            { id: `${callId}-1`, callId, seq: 1, speaker: "caller", text: "Fine, thanks, that is lovely actually.", timestamp: t + 9000, emotions: { joy: 0.7, calm: 0.3 }, interrupted: false, latency: null },
          ],
          // Insights' emotion mix reads a call's summary (its caller emotions).
          summaries: [
            {
              callId,
              method: "extractive",
              text: "The caller was surprised about their car, then relieved.",
              moodArc: "surprised, then happy",
              followUps: [],
              topics: ["car"],
              callerEmotions: { anger: 0.3, surprise: 0.2, joy: 0.35, calm: 0.15 },
              updatedAt: t + 31_000,
            },
          ],
        },
        { echoes: false },
      ),
      inject("stateDir"),
    );
    const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("")}`;

    // Call Details: the emotion plot's legend.
    await page.reload();
    const row = page.getByRole("region", { name: "Call History" }).locator(`li[data-call-id="${callId}"]`);
    await row.waitFor(POLL);
    await row.getByRole("button", { name: "View Details" }).click();
    const legend = page.getByRole("dialog", { name: "Call Details" }).locator("figcaption li");
    await legend.first().waitFor(POLL);
    const details = await legend.evaluateAll((els) => els.map((li) => [li.querySelector("span")!.innerText, li.querySelector("line")!.getAttribute("stroke")!]));
    expect(details.length).toBeGreaterThanOrEqual(4);
    for (const [name, color] of details) expect(color, name).toBe(EMOTION_COLORS[name!.toLowerCase() as keyof typeof EMOTION_COLORS]);
    await page.keyboard.press("Escape");

    // Insights: the same names and colours, every emotion in the legend.
    await page.goto(`${inject("baseURL")}/insights`);
    const insights = page.getByRole("region", { name: "Insights", exact: true });
    await insights.getByTestId("mix-bar").first().waitFor(POLL);
    const mix = await insights.locator("figure figcaption > span").evaluateAll((els) =>
      els.map((el) => [(el as HTMLElement).innerText.trim(), getComputedStyle(el.querySelector("span")!).backgroundColor]),
    );
    expect(mix.map(([name]) => name)).toEqual(["Joy", "Sadness", "Anger", "Fear", "Surprise", "Calm"]);
    for (const [name, color] of mix) expect(hex(color!), name).toBe(EMOTION_COLORS[name!.toLowerCase() as (typeof EMOTIONS)[number]]);
    const mixColor = Object.fromEntries(mix.map(([name, color]) => [name, hex(color!)]));
    for (const [name, color] of details) expect(mixColor[name!], name).toBe(color);
    expect(await insights.getByTestId("mix-share-tick").count()).toBe(5);
    const dates = await insights.getByTestId("mix-date-tick").count();
    expect(dates).toBeGreaterThanOrEqual(2);
    expect(dates).toBeLessThanOrEqual(6);
    await page.context().close();
  });
});
