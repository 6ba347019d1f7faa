// Call History that agrees with itself (issue 44 §2, §3): filters by Echo, status, kind and dates kept in
// the URL (a reload keeps them) and done by the server, paging within them, the filtered list as CSV;
// a call in progress reads the same in Call History and Live Calls (Live, its duration ticking, what was
// said); Join Call says "Joined · listening" and Leave closes the listening socket.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { DemoCall, DemoData, DemoEcho, DemoEntry } from "../scripts/seed/demo";
import { demoSql, runLocalSql } from "../scripts/seed/sql";
import { signUpViaApi } from "./support/auth";
import { collectDialogs, DESKTOP, PHONE, useBrowser } from "./support/browser";

const POLL = { timeout: 45_000, interval: 250 };
const DAY = 86_400_000;
const browser = useBrowser();

const history = (page: Page) => page.getByRole("region", { name: "Call History" });
const rows = (page: Page) => history(page).getByRole("list", { name: "Past calls" }).locator("li[data-call-id]");
const rowIds = (page: Page) => rows(page).evaluateAll((lis) => lis.map((li) => li.getAttribute("data-call-id")));
const liveItems = (page: Page) => page.getByRole("region", { name: "Live Calls" }).locator("li[data-live-call-id]");

/** YYYY-MM-DD of a time, in the browser's (and this process's) local calendar. */
const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

describe("Call History", () => {
  it("filters by Echo, status, kind and dates in the URL, pages within the filter, and exports the filtered list as CSV", { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await signUpViaApi(page, inject("baseURL"), undefined, "/calls");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const now = Date.now();
    const echo = (name: string): DemoEcho => ({
      id: `${me.user.id.slice(0, 8)}-${name}`,
      name,
      description: `${name}, seeded`,
      personality: "calm",
      expertise: "general",
      instructions: "",
      voiceStyle: "warm",
      isActive: true,
      recordCalls: true,
      rememberCallers: true,
      totalCalls: 0,
      starter: false,
      createdAt: now - 5 * DAY,
      updatedAt: now - 5 * DAY,
    });
    const sage = echo("Sage");
    const max = echo("Max");
    const call = (id: string, echoId: string, status: string, startTime: number, callType: DemoCall["callType"] = "phone"): DemoCall => ({
      id: `${me.user.id.slice(0, 8)}-${id}`,
      echoId,
      callType,
      status,
      startTime,
      endTime: startTime + 30_000,
      duration: 30,
      fromNumber: callType === "phone" ? "+15550107777" : null,
      endReason: "caller_hung_up",
    });
    const old = call("sage-old", sage.id, "completed", now - 3 * DAY);
    const recent = call("sage-new", sage.id, "abandoned", now - 60_000, "browser_test");
    // 22 of Max's calls: more than a page.
    const maxCalls = Array.from({ length: 22 }, (_, i) => call(`max-${String(i).padStart(2, "0")}`, max.id, "completed", now - 2 * DAY - i * 60_000));
    const formula: DemoEntry = { id: `${maxCalls[0]!.id}-0`, callId: maxCalls[0]!.id, seq: 0, speaker: "caller", text: "=HYPERLINK(\"http://x\") is what I typed", timestamp: maxCalls[0]!.startTime + 500, emotions: {}, interrupted: false, latency: null };
    const data: DemoData = { echoes: [sage, max], calls: [old, recent, ...maxCalls], entries: [formula], summaries: [] };
    runLocalSql(demoSql(me.user.id, data), inject("stateDir"));
    await page.reload();
    await expect.poll(() => rows(page).count(), POLL).toBe(20);

    // By Echo: only Sage's two, newest first; the URL says so.
    const region = history(page);
    await region.getByRole("combobox", { name: "Echo" }).selectOption({ label: "Sage" });
    await expect.poll(() => rowIds(page), POLL).toEqual([recent.id, old.id]);
    expect(new URL(page.url()).searchParams.get("echo")).toBe(sage.id);

    // And by status: the completed one; a reload keeps both filters (the list is addressable).
    await region.getByRole("combobox", { name: "Status" }).selectOption({ label: "completed" });
    await expect.poll(() => rowIds(page), POLL).toEqual([old.id]);
    await page.reload();
    await expect.poll(() => rowIds(page), POLL).toEqual([old.id]);
    expect(await history(page).getByRole("combobox", { name: "Echo" }).inputValue()).toBe(sage.id);
    expect(await history(page).getByRole("combobox", { name: "Status" }).inputValue()).toBe("completed");

    // By dates: from today, Sage's completed call (3 days ago) is out; the empty state offers to clear.
    await history(page).getByLabel("From", { exact: true }).fill(localDay(now));
    await expect.poll(() => history(page).innerText(), POLL).toContain("No calls match these filters");
    await history(page).getByLabel("To", { exact: true }).fill(localDay(now - DAY));
    await expect.poll(() => history(page).innerText(), POLL).toContain("The end date is before the start date.");
    await history(page).getByRole("button", { name: "Clear filters" }).first().click();
    await expect.poll(() => rows(page).count(), POLL).toBe(20);
    expect(new URL(page.url()).search).toBe("");

    // Kind and a date range together: the browser test of today.
    await history(page).getByRole("combobox", { name: "Kind" }).selectOption({ label: "Browser tests" });
    await history(page).getByLabel("From", { exact: true }).fill(localDay(now - DAY));
    await history(page).getByLabel("To", { exact: true }).fill(localDay(now));
    await expect.poll(() => rowIds(page), POLL).toEqual([recent.id]);
    await history(page).getByRole("button", { name: "Clear filters" }).click();

    // Max's calls page within the filter: 20, then Load more brings the other 2, all Max's.
    await history(page).getByRole("combobox", { name: "Echo" }).selectOption({ label: "Max" });
    await expect.poll(() => rowIds(page), POLL).toEqual(maxCalls.slice(0, 20).map((c) => c.id));
    await history(page).getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rowIds(page), POLL).toEqual(maxCalls.map((c) => c.id));

    // Export CSV: the filtered list (all 22, not the page), quoted, the formula cell guarded.
    const [download] = await Promise.all([page.waitForEvent("download"), history(page).getByRole("link", { name: /^Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^echo-calls-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Call ID,Started (UTC),Ended (UTC),Duration (s),Status,Type,Echo,Caller,Safety alert,Summary or transcript");
    expect(lines).toHaveLength(23);
    expect(lines.slice(1).every((l) => l.includes(",Max,"))).toBe(true);
    expect(lines[1]).toContain(`${maxCalls[0]!.id},`);
    expect(lines[1]).toMatch(/,'\+15550107777,,"'=HYPERLINK\(""http:\/\/x""\) is what I typed"$/);

    // On a phone (390 × 844) the filters wrap inside the page: nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), POLL).toBeLessThanOrEqual(PHONE.width);
    const box = await history(page).getByRole("search", { name: "Filter calls" }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it("a live call reads the same in Call History and Live Calls; Join Call listens until Leave", { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const dialogs = collectDialogs(page, "accept");
    const liveSockets = new Set<string>();
    let closedLive = 0;
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/ws/live/")) return;
      liveSockets.add(ws.url());
      ws.on("close", () => closedLive++);
    });
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    await expect.poll(() => page.getByRole("combobox", { name: "Echo", exact: true }).inputValue(), POLL).not.toBe("");
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => page.locator("section[data-call-phase]").getAttribute("data-call-phase"), POLL).toBe("connected");
    const said = "I planted tomatoes and basil in the garden today.";
    await page.getByLabel("Type a message").fill(said);
    await page.getByLabel("Type a message").press("Enter");
    await expect.poll(() => page.getByRole("log", { name: "Transcript" }).locator("li[data-speaker=caller]").count(), POLL).toBe(1);

    await page.getByRole("tab", { name: "Calls" }).click();
    await expect.poll(() => liveItems(page).count(), POLL).toBe(1);
    const live = liveItems(page).first();
    const row = rows(page).first();
    await expect.poll(() => row.getAttribute("data-live"), POLL).toBe("true");

    // The same status word in both, never a raw "in-progress".
    const liveWord = await live.locator("span", { hasText: /^Live$/ }).first().innerText();
    expect(liveWord).toBe("Live");
    expect(await row.innerText()).toContain(liveWord);
    expect(await row.innerText()).not.toMatch(/in.progress/i);

    // Its duration ticks in Call History as in Live Calls.
    const duration = row.getByTestId("call-duration");
    const first = await duration.innerText();
    await expect.poll(() => duration.innerText(), POLL).not.toBe(first);
    expect(await duration.innerText()).not.toBe("0:00");

    // What was said shows in the row (the transcript so far) as in Live Calls' View Transcript.
    await expect.poll(() => row.getByTestId("call-preview").innerText(), POLL).toContain(said);
    await live.getByRole("button", { name: /^View Transcript/ }).click();
    const modal = page.getByRole("dialog", { name: "Live transcript" });
    await expect.poll(() => modal.getByRole("log", { name: "Live transcript" }).innerText(), POLL).toContain(said);
    await modal.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => closedLive, POLL).toBe(1);

    // Join Call: the spec's alert, then the row says it is joined and listening, with Leave.
    await live.getByRole("button", { name: /^Join Call/ }).click();
    await expect.poll(() => dialogs.at(-1), POLL).toBe("Call joining feature coming soon! For now, you can view the live transcript.");
    await expect.poll(() => live.getByRole("status").innerText(), POLL).toBe("Joined · listening");
    expect(await live.getByRole("button", { name: /^Join Call/ }).count()).toBe(0);
    expect(liveSockets.size).toBeGreaterThan(0);

    // Leave: the listening socket closes and Join Call is back.
    await live.getByRole("button", { name: /^Leave/ }).click();
    await expect.poll(() => closedLive, POLL).toBe(2);
    await live.getByRole("button", { name: /^Join Call/ }).waitFor();
    expect(await live.getByRole("status").count()).toBe(0);

    // The call ends: Call History has it as ended, with its final duration; Live Calls no more.
    await page.getByRole("tab", { name: "Test Call" }).click();
    await page.getByRole("button", { name: "End Call" }).click();
    await page.getByRole("tab", { name: "Calls" }).click();
    await expect.poll(() => liveItems(page).count(), POLL).toBe(0);
    await expect.poll(() => rows(page).first().getAttribute("data-live"), POLL).toBeNull();
    expect(await rows(page).first().innerText()).not.toContain("Live");
    await page.context().close();
  });
});
