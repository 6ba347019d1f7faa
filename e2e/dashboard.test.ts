// The dashboard's data in real Chromium against the real app: Echo create → live in a second open
// dashboard without reload → edit → deactivate/activate; a seeded call's details with its transcript,
// emotion percents, plot and export; transcript search.
import { readFileSync } from "node:fs";
import type { Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { type DemoData, buildDemoData } from "../scripts/seed/demo";
import { demoSql, runLocalSql } from "../scripts/seed/sql";
import { signUpViaApi } from "./support/auth";
import { withoutStarterEcho } from "./support/echoes";
import { collectDialogs, DESKTOP, useBrowser } from "./support/browser";

const POLL = { timeout: 15_000, interval: 100 };

const browser = useBrowser();

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** A marker that survives only as long as the page is not reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}
async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
}

/** One known call of `userId`, written straight into the app's local D1 (what a finished call leaves). */
function seedCall(userId: string): { callId: string; startTime: number } {
  const callId = `e2e-call-${userId.slice(0, 8)}`;
  const startTime = Date.now() - 3_600_000;
  const data: DemoData = {
    echoes: [],
    calls: [
      { id: callId, echoId: null, callType: "phone", status: "completed", startTime, endTime: startTime + 65_000, duration: 65, fromNumber: "+15550142424", endReason: "caller_hung_up" },
    ],
    summaries: [],
    entries: [
      { id: `${callId}-0`, callId, seq: 0, speaker: "caller", text: "I am so excited about the pineapple festival this weekend!", timestamp: startTime + 2000, emotions: { joy: 0.8234, surprise: 0.1, calm: 0.0766 }, interrupted: false, latency: null },
      { id: `${callId}-1`, callId, seq: 1, speaker: "assistant", text: "That sounds wonderful! What are you", timestamp: startTime + 6000, emotions: {}, interrupted: true, latency: { transcribeMs: 210, firstTokenMs: 480, firstAudioMs: 730 } },
      { id: `${callId}-2`, callId, seq: 2, speaker: "caller", text: "Honestly I'm a bit nervous about the crowds.", timestamp: startTime + 30_000, emotions: { joy: 0.2, fear: 0.6512, calm: 0.1488 }, interrupted: false, latency: null },
    ],
  };
  runLocalSql(demoSql(userId, data, { echoes: false }), inject("stateDir"));
  return { callId, startTime };
}

describe("dashboard data", () => {
  it("creates, edits and toggles an Echo, live in every open dashboard", async () => {
    const page = await browser.newPage();
    const dialogs = collectDialogs(page);
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    await withoutStarterEcho(page);
    await page.getByRole("heading", { name: "Echoes", level: 2 }).waitFor();
    await page.getByText("No Echoes yet").waitFor();

    // A second dashboard of the same user, left alone: it must follow every change without reloading.
    const other = await page.context().newPage();
    await other.goto(`${inject("baseURL")}/echoes`);
    await other.getByText("No Echoes yet").waitFor();
    await markPage(other);

    // Create: name is required first.
    await page.getByRole("button", { name: "Create New Echo" }).first().click();
    const modal = page.getByRole("dialog", { name: "Create New Echo" });
    await modal.waitFor();
    await modal.getByRole("button", { name: "Create Echo" }).click();
    await modal.getByText("Echo name is required.").waitFor();
    await modal.getByLabel("Name").fill("Nova");
    await modal.getByLabel("Description").fill("Sparks ideas for side projects");
    await modal.getByLabel("Personality").selectOption("witty");
    await modal.getByLabel("Expertise").selectOption("creativity");
    await modal.getByLabel("Voice style").selectOption("energetic");
    await modal.getByLabel("Instructions").fill("Offer three ideas, then ask which one excites them.");
    await modal.getByRole("button", { name: "Create Echo" }).click();
    await modal.waitFor({ state: "detached" });

    const nova = card(page, "Nova");
    await nova.waitFor();
    const text = await nova.innerText();
    for (const s of ["Sparks ideas for side projects", "Witty", "Creativity", "Energetic", "Active"]) expect(text).toContain(s);
    expect(await nova.getByTestId("echo-total-calls").innerText()).toBe("0");
    await card(other, "Nova").waitFor({ timeout: POLL.timeout });

    // Edit.
    await nova.getByRole("button", { name: "Edit Nova" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Echo" });
    await expect.poll(() => edit.getByLabel("Name").inputValue(), POLL).toBe("Nova");
    expect(await edit.getByLabel("Personality").inputValue()).toBe("witty");
    await edit.getByLabel("Name").fill("Nova Prime");
    await edit.getByLabel("Personality").selectOption("calm");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    const prime = card(page, "Nova Prime");
    await prime.waitFor();
    expect(await prime.innerText()).toContain("Calm");
    await card(other, "Nova Prime").waitFor({ timeout: POLL.timeout });
    await expect.poll(() => card(other, "Nova").count(), POLL).toBe(0);

    // Deactivate, then activate again.
    await prime.getByRole("button", { name: "Deactivate Nova Prime" }).click();
    await expect.poll(() => prime.getAttribute("data-active"), POLL).toBe("false");
    expect(await prime.innerText()).toContain("Inactive");
    await expect.poll(() => card(other, "Nova Prime").getAttribute("data-active"), POLL).toBe("false");
    await prime.getByRole("button", { name: "Activate Nova Prime" }).click();
    await expect.poll(() => prime.getAttribute("data-active"), POLL).toBe("true");
    await expect.poll(() => card(other, "Nova Prime").getAttribute("data-active"), POLL).toBe("true");

    // Test Call alerts the number to call.
    const { phoneNumber } = await page.evaluate(() => fetch("/api/config").then((r) => r.json() as Promise<{ phoneNumber: string }>));
    await prime.getByRole("button", { name: "Test Call Nova Prime" }).click();
    await expect.poll(() => dialogs.length, POLL).toBe(1);
    expect(dialogs[0]).toContain(phoneNumber);

    expect(await notReloaded(other)).toBe(true);
    await page.context().close();
  });

  it("shows a call's details: transcript, emotion percents, plot, export; and finds it by search", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    await withoutStarterEcho(page);
    await page.getByText("No Echoes yet").waitFor();
    const { callId } = seedCall(me.user.id);

    await page.getByRole("tab", { name: "Calls" }).click();
    const history = page.getByRole("region", { name: "Call History" });
    const row = history.locator(`li[data-call-id="${callId}"]`);
    await row.waitFor();
    const rowText = await row.innerText();
    for (const s of ["+15550142424", "completed", "1:05", "I am so excited about the pineapple festival"]) expect(rowText).toContain(s);
    expect((await row.getByTestId("call-preview").innerText()).replace(/…$/, "").length).toBeLessThanOrEqual(100);

    // Its View Details says which call it opens (every row has one).
    expect(await row.getByRole("button", { name: "View Details" }).getAttribute("aria-label")).toMatch(/^View Details of the call from \+15550142424 at /);
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await details.getByTestId("call-details").waitFor();
    const entries = details.getByTestId("transcript-entry");
    expect(await entries.count()).toBe(3);
    expect(await entries.nth(0).innerText()).toContain("I am so excited about the pineapple festival this weekend!");
    const firstScores = await entries.nth(0).getByTestId("emotion-score").allInnerTexts();
    expect(firstScores.map((s) => s.replace(/\s+/g, " ").toLowerCase())).toEqual(["joy 82.3%", "surprise 10.0%", "calm 7.7%"]);
    expect(await entries.nth(1).innerText()).toContain("Interrupted");
    expect(await entries.nth(1).getByTestId("turn-latency").innerText()).toContain("730 ms");
    expect(await entries.nth(2).innerText()).toContain("65.1%");

    // The plot: one line per emotion the caller showed.
    const chart = details.getByTestId("emotion-chart");
    const emotions = await chart.locator("g[data-emotion]").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-emotion")));
    expect(emotions).toEqual(["joy", "fear", "surprise", "calm"]);
    expect(await chart.locator("g[data-emotion='joy'] polyline").count()).toBe(1);
    expect(await chart.locator("svg[role=img]").getAttribute("aria-label")).toContain("joy peaks at 82.3%");

    // Export as text.
    const [download] = await Promise.all([page.waitForEvent("download"), details.getByRole("link", { name: "Export text" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^echo-call-\d{4}-\d{2}-\d{2}-[a-z0-9]+\.txt$/);
    const exported = readFileSync((await download.path())!, "utf8");
    expect(exported).toContain("[0:02] Caller: I am so excited about the pineapple festival this weekend! (joy 82.3%");
    expect(exported).toContain("[interrupted]");
    await details.getByRole("button", { name: "Close" }).last().click();
    await details.waitFor({ state: "detached" });

    // Search across transcripts.
    await page.getByLabel("Search transcripts").fill("crowds");
    const results = page.getByRole("list", { name: "Search results" });
    await results.waitFor();
    expect(await results.locator("mark").allInnerTexts()).toEqual(["crowds"]);
    await results.getByRole("button", { name: "View Details" }).click();
    await details.getByTestId("call-details").waitFor();
    expect(await details.getByTestId("transcript-entry").count()).toBe(3);
    await page.context().close();
  });

  it("closes a modal left open when Back leaves its tab, so the page stays usable", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const { callId } = seedCall(me.user.id);

    await page.getByRole("tab", { name: "Calls" }).click();
    const row = page.getByRole("region", { name: "Call History" }).locator(`li[data-call-id="${callId}"]`);
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await details.getByTestId("call-details").waitFor();

    // Back: the Test Call tab shows, the Calls tab (and its modal) is hidden. No modal dialog is left
    // open to make the page inert.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/test-call");
    await page.getByRole("heading", { name: "Test Call", level: 2 }).waitFor();
    await details.waitFor({ state: "detached", timeout: 5_000 });
    expect(await page.evaluate(() => document.querySelectorAll("dialog[open]").length)).toBe(0);

    // A tab answers a click.
    await page.getByRole("tab", { name: "Echoes" }).click({ timeout: 5_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5_000 }).toBe("/echoes");
    await page.getByRole("heading", { name: "Echoes", level: 2 }).waitFor();
    // The Calls tab comes back without the modal.
    await page.getByRole("tab", { name: "Calls" }).click();
    await row.waitFor();
    expect(await details.count()).toBe(0);
    await page.context().close();
  });

  it("a half-written Echo form steps aside on Back (the page stays usable) and comes back, draft and all, on Forward", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/calls");
    await page.getByRole("tab", { name: "Echoes" }).click();
    await page.getByRole("button", { name: "Create New Echo" }).first().click();
    const modal = page.getByRole("dialog", { name: "Create New Echo" });
    await modal.getByLabel("Name").fill("Half-written");
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/calls");
    await modal.waitFor({ state: "detached", timeout: 5_000 });
    expect(await page.evaluate(() => document.querySelectorAll("dialog[open]").length)).toBe(0);
    await page.goForward();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/echoes");
    await expect.poll(() => modal.getByLabel("Name").inputValue(), { timeout: 5_000 }).toBe("Half-written");
    await page.context().close();
  });

  it("pages through a long call history with Load more and filters it by type", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const data = buildDemoData({ calls: 45, now: Date.now(), idPrefix: me.user.id.slice(0, 8), seed: 3 });
    runLocalSql(demoSql(me.user.id, data), inject("stateDir"));
    const browserTests = data.calls.filter((c) => c.callType === "browser_test").length;
    expect(browserTests).toBeGreaterThan(0);

    await page.getByRole("tab", { name: "Calls" }).click();
    const rows = page.getByRole("list", { name: "Past calls" }).locator("li[data-call-id]");
    await expect.poll(() => rows.count(), POLL).toBe(20);
    const newestFirst = [...data.calls].sort((a, b) => b.startTime - a.startTime).map((c) => c.id);
    expect(await rows.evaluateAll((lis) => lis.map((li) => li.getAttribute("data-call-id")))).toEqual(newestFirst.slice(0, 20));
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count(), POLL).toBe(40);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count(), POLL).toBe(45);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    expect(await rows.evaluateAll((lis) => lis.map((li) => li.getAttribute("data-call-id")))).toEqual(newestFirst);

    await page.getByRole("region", { name: "Call History" }).getByRole("combobox", { name: "Kind" }).selectOption("browser_test");
    await expect.poll(() => rows.count(), POLL).toBe(Math.min(20, browserTests));
    expect(await rows.allInnerTexts()).toEqual(Array(Math.min(20, browserTests)).fill(expect.stringContaining("Browser test")));
    await page.context().close();
  });

  it("says what failed, in the spec's words, when the server fails", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    await withoutStarterEcho(page);
    await page.getByText("No Echoes yet").waitFor();
    const fail = (route: Route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal","message":"boom"}}' });

    // Saving fails, then succeeds once the server is back: nothing typed is lost.
    await page.route("**/api/echoes", (route) => (route.request().method() === "POST" ? fail(route) : route.fallback()));
    await page.getByRole("button", { name: "Create New Echo" }).first().click();
    const modal = page.getByRole("dialog", { name: "Create New Echo" });
    await modal.getByLabel("Name").fill("Echo One");
    await modal.getByRole("button", { name: "Create Echo" }).click();
    await modal.getByText("Failed to save echo. Please try again.").waitFor();
    await page.unroute("**/api/echoes");
    expect(await modal.getByLabel("Name").inputValue()).toBe("Echo One");
    await modal.getByRole("button", { name: "Create Echo" }).click();
    await card(page, "Echo One").waitFor();

    // Toggling fails: the card keeps its state.
    await page.route("**/api/echoes/*", (route) => (route.request().method() === "PATCH" ? fail(route) : route.fallback()));
    await card(page, "Echo One").getByRole("button", { name: "Deactivate Echo One" }).click();
    await page.getByText("Failed to update echo status.").waitFor();
    expect(await card(page, "Echo One").getAttribute("data-active")).toBe("true");
    await page.unroute("**/api/echoes/*");

    // Loading fails on a fresh dashboard; Try again recovers.
    await page.route("**/api/echoes", fail);
    await page.route("**/api/calls?*", fail);
    await page.reload();
    await page.getByText("Failed to load echoes").waitFor();
    await page.getByRole("tab", { name: "Calls" }).click();
    await page.getByText("Failed to load calls").waitFor();
    await page.unroute("**/api/calls?*");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No calls yet").waitFor();
    await page.getByRole("tab", { name: "Echoes" }).click();
    await page.unroute("**/api/echoes");
    await page.getByRole("button", { name: "Try again" }).click();
    await card(page, "Echo One").waitFor();
    // Insights (a page of its own) says so too when its Echo filter can't load, and offers its own reload.
    await page.route("**/api/echoes", fail);
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    // (Call History's own Echo filter, on the Calls tab left behind, says it too: look on the Insights page.)
    const insightsPage = page.getByRole("region", { name: "Insights page" });
    await insightsPage.getByText("Could not load your Echoes.").waitFor();
    await page.getByRole("button", { name: "Reload Echoes" }).waitFor();
    await page.unroute("**/api/echoes");
    await page.getByRole("button", { name: "Reload Echoes" }).click();
    const echoFilter = page.getByRole("combobox", { name: "Echo", exact: true });
    await expect.poll(() => echoFilter.locator("option").allTextContents(), { timeout: 10_000 }).toContain("Echo One");
    expect(await insightsPage.getByText("Could not load your Echoes.").count()).toBe(0);
    await page.context().close();
  });
});
