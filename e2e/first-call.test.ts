// The first ten minutes (issue 44 §1): a brand-new account test-calls its starter Echo with no setup and
// is greeted; the picker preselects the only (then the last used) Echo; an Echo card's "Test in browser"
// opens the Test Call tab with that Echo chosen; with only inactive Echoes the picker offers to activate one.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Echo, EchoList } from "../protocol/echo";
import { signUpViaApi } from "./support/auth";
import { collectDialogs, useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";

const POLL = { timeout: 45_000, interval: 250 };
const browser = useBrowser();

const picker = (page: Page) => page.getByRole("combobox", { name: "Echo", exact: true });
const entries = (page: Page, speaker: "caller" | "assistant") => page.getByRole("log", { name: "Transcript" }).locator(`li[data-speaker=${speaker}]`);
const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

async function myEchoes(page: Page): Promise<Echo[]> {
  return page.evaluate(async () => ((await (await fetch("/api/echoes")).json()) as EchoList).echoes);
}

describe("a first call in one click", () => {
  it("a brand-new account starts a browser test call with no setup and is greeted; the picker remembers the Echo", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    const [starter] = await myEchoes(page);
    expect(starter).toMatchObject({ starter: true, isActive: true });

    // The only Echo is chosen already: one click starts the call.
    await picker(page).waitFor();
    expect(await picker(page).inputValue()).toBe(starter!.id);
    const start = page.getByRole("button", { name: "Start Call" });
    expect(await start.isEnabled()).toBe(true);
    await start.click();
    await expect.poll(() => phase(page), POLL).toBe("connected");

    // The Echo speaks first, in character (it says its name), before the caller says or types anything.
    await expect.poll(() => entries(page, "assistant").count(), POLL).toBeGreaterThan(0);
    expect(await entries(page, "assistant").first().innerText()).toContain(starter!.name);
    const first = page.getByRole("log", { name: "Transcript" }).locator("li[data-speaker]").first();
    expect(await first.getAttribute("data-speaker")).toBe("assistant");
    await page.getByRole("button", { name: "End Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("ended");

    // With a second Echo, the last one called stays chosen after a reload.
    await createEchoViaApi(page, { name: "Nova", personality: "witty", expertise: "general", voiceStyle: "default" });
    await page.reload();
    await picker(page).waitFor();
    await expect.poll(() => picker(page).locator("option").count(), POLL).toBeGreaterThanOrEqual(3); // placeholder + 2
    expect(await picker(page).inputValue()).toBe(starter!.id);
  });

  it("an Echo card keeps the Test Call alert and adds Test in browser, which opens the Test Call tab with that Echo", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const nova = await createEchoViaApi(page, { name: "Nova", personality: "calm", expertise: "general", voiceStyle: "warm" });
    const card = page.getByRole("article", { name: "Nova" });
    await card.waitFor();
    // The starter Echo is marked as such.
    await page.getByRole("article", { name: "Echo", exact: true }).getByText("Starter", { exact: true }).waitFor();
    // Test Call keeps the spec's alert with the number to call.
    const alerts = collectDialogs(page);
    await card.getByRole("button", { name: "Test Call Nova" }).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toContain("Nova");
    await card.getByRole("link", { name: "Test Nova in browser" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/test-call");
    await picker(page).waitFor();
    expect(await picker(page).inputValue()).toBe(nova.id);
    expect(await page.getByRole("button", { name: "Start Call" }).isEnabled()).toBe(true);
  });

  it("with only an inactive Echo, the picker says so and activates it in place", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"));
    const [starter] = await myEchoes(page);
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/echoes/${id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ isActive: false }) })).status,
      starter!.id,
    );
    expect(status).toBe(200);
    await page.goto(`${inject("baseURL")}/test-call`);
    await page.getByText(`${starter!.name} is inactive`).waitFor();
    expect(await page.getByText("No active Echoes yet").count()).toBe(0);
    await page.getByRole("button", { name: `Activate ${starter!.name}` }).click();
    await picker(page).waitFor();
    expect(await picker(page).inputValue()).toBe(starter!.id);
  });
});
