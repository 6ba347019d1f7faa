// Caller memory in real Chromium against the real app (offline engine): what the caller typed in a test
// call shows in the Echo's Memory view with a link to its call; the next call's greeting welcomes them
// back with it; deleting an item there removes it from the greeting of the call after.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { EchoList } from "../protocol/echo";
import type { MemoryList } from "../protocol/memory";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const POLL = { timeout: 45_000, interval: 250 };
const browser = useBrowser();
const FOLLOW_UP = "Ask me about the speech at Maria's wedding next time.";

const entries = (page: Page, speaker: "caller" | "assistant") => page.getByRole("log", { name: "Transcript" }).locator(`li[data-speaker=${speaker}]`);
const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

/** A test call from the Test Call tab: its greeting, then each line typed and answered, then End Call. */
async function call(page: Page, lines: string[]): Promise<string> {
  await page.getByRole("tab", { name: "Test Call" }).click();
  await page.getByRole("button", { name: "Start Call" }).click();
  await expect.poll(() => phase(page), POLL).toBe("connected");
  await expect.poll(() => entries(page, "assistant").first().getAttribute("data-final"), POLL).toBe("true");
  const greeting = await entries(page, "assistant").first().innerText();
  for (const line of lines) {
    const before = await entries(page, "assistant").count();
    const box = page.getByLabel("Type a message");
    await box.fill(line);
    await box.press("Enter");
    await expect.poll(() => entries(page, "assistant").count(), POLL).toBeGreaterThan(before);
    await expect.poll(() => entries(page, "assistant").last().getAttribute("data-final"), POLL).toBe("true");
  }
  await page.getByRole("button", { name: "End Call" }).click();
  await expect.poll(() => phase(page), POLL).toBe("ended");
  return greeting;
}

describe("caller memory", () => {
  it("the Memory view shows what was said in a call, and deleting an item removes it from the next call's greeting", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    const [echo] = await page.evaluate(async () => ((await (await fetch("/api/echoes")).json()) as EchoList).echoes);
    const memory = () => page.evaluate(async (id) => ((await (await fetch(`/api/echoes/${id}/memory`)).json()) as MemoryList).items.map((i) => i.text), echo!.id);

    const first = await call(page, ["Hi, my name is Sam.", FOLLOW_UP]);
    expect(first).not.toContain("Welcome back");
    // Made after the call ends, beside its summary.
    await expect.poll(memory, POLL).toContain(FOLLOW_UP);

    await page.getByRole("tab", { name: "Echoes" }).click();
    await page.getByRole("button", { name: `Memory of ${echo!.name}` }).click();
    const view = page.getByRole("dialog", { name: `What ${echo!.name} remembers` });
    const list = view.getByRole("list", { name: `What ${echo!.name} remembers` });
    await list.waitFor();
    expect(await list.innerText()).toContain(FOLLOW_UP);
    expect(await list.innerText()).toContain("My name is Sam.");
    expect(await list.getByRole("link", { name: "From this call" }).first().getAttribute("href")).toMatch(/^\/calls\?call=/);
    await view.getByRole("button", { name: "Close" }).first().click();

    const second = await call(page, []);
    expect(second).toContain("Welcome back, Sam! How did the speech at Maria's wedding go?");

    await page.getByRole("tab", { name: "Echoes" }).click();
    await page.getByRole("button", { name: `Memory of ${echo!.name}` }).click();
    await list.waitFor();
    // It fits a small phone: nothing wider than the screen, the dialog's buttons within it.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = await list.getByRole("button", { name: `Delete: ${FOLLOW_UP}` }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await list.getByRole("button", { name: `Delete: ${FOLLOW_UP}` }).click();
    await expect.poll(() => list.innerText(), POLL).not.toContain(FOLLOW_UP);
    expect(await memory()).not.toContain(FOLLOW_UP);
    await view.getByRole("button", { name: "Close" }).first().click();

    const third = await call(page, []);
    expect(third).toContain("Welcome back, Sam!");
    expect(third).not.toContain("speech");
  });
});
