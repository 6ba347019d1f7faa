// Summaries and Insights in real Chromium against the real app: a summarized call's summary at the top
// of Call Details and as its Call History preview; a call without one gets it from "Retry summary"
// (the offline engine: extractive); the Insights panel shows the seeded calls' figures.
import { describe, expect, inject, it } from "vitest";
import type { DemoData } from "../scripts/seed/demo";
import { demoSql, runLocalSql } from "../scripts/seed/sql";
import { signUpViaApi } from "./support/auth";
import { DESKTOP, useBrowser } from "./support/browser";

const POLL = { timeout: 15_000, interval: 100 };
const browser = useBrowser();

function seed(userId: string): { summarized: string; plain: string } {
  const summarized = `e2e-sum-${userId.slice(0, 8)}`;
  const plain = `e2e-plain-${userId.slice(0, 8)}`;
  const t = Date.now() - 3_600_000;
  const data: DemoData = {
    echoes: [],
    calls: [
      { id: summarized, echoId: null, callType: "phone", status: "completed", startTime: t, endTime: t + 65_000, duration: 65, fromNumber: "+15550142424", endReason: "caller_hung_up" },
      { id: plain, echoId: null, callType: "phone", status: "failed", startTime: t - 60_000, endTime: t - 25_000, duration: 35, fromNumber: "+15550142425", endReason: "error" },
    ],
    entries: [
      { id: `${summarized}-0`, callId: summarized, seq: 0, speaker: "caller", text: "I am so excited about the pineapple festival this weekend!", timestamp: t + 2000, emotions: { joy: 0.8, calm: 0.2 }, interrupted: false, latency: null },
      { id: `${plain}-0`, callId: plain, seq: 0, speaker: "caller", text: "My boiler broke again this morning.", timestamp: t - 58_000, emotions: { anger: 0.7, calm: 0.3 }, interrupted: false, latency: null },
      { id: `${plain}-1`, callId: plain, seq: 1, speaker: "caller", text: "Please call me back tomorrow with a plumber.", timestamp: t - 50_000, emotions: { calm: 0.6, anger: 0.4 }, interrupted: false, latency: null },
    ],
    summaries: [
      {
        callId: summarized,
        method: "model",
        text: "The caller is going to the pineapple festival and can't wait.",
        moodArc: "happy throughout",
        followUps: ["Send the festival map"],
        topics: ["pineapple festival"],
        callerEmotions: { joy: 0.8, calm: 0.2 },
        updatedAt: t + 70_000,
      },
    ],
  };
  runLocalSql(demoSql(userId, data, { echoes: false }), inject("stateDir"));
  return { summarized, plain };
}

describe("summaries and insights", () => {
  it("shows a summary, retries a missing one, and sums the calls up in Insights", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const { summarized, plain } = seed(me.user.id);

    await page.getByRole("tab", { name: "Calls" }).click();
    const history = page.getByRole("region", { name: "Call History" });
    const row = history.locator(`li[data-call-id="${summarized}"]`);
    await row.waitFor();
    expect(await row.getByTestId("call-preview").innerText()).toBe("The caller is going to the pineapple festival and can't wait.");
    expect(await history.locator(`li[data-call-id="${plain}"]`).getByTestId("call-preview").innerText()).toContain("My boiler broke again");

    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    const summary = details.getByTestId("call-summary");
    await summary.waitFor();
    const text = await summary.innerText();
    for (const s of ["The caller is going to the pineapple festival and can't wait.", "Mood: happy throughout", "Send the festival map", "pineapple festival"]) expect(text).toContain(s);
    await details.getByRole("button", { name: "Close" }).first().click();
    await details.waitFor({ state: "detached" });

    await history.locator(`li[data-call-id="${plain}"]`).getByRole("button", { name: "View Details" }).click();
    await details.getByText("No summary was made for this call.").waitFor();
    await details.getByRole("button", { name: "Retry summary" }).click();
    await expect
      .poll(() => details.getByTestId("call-summary-text").innerText(), POLL)
      .toBe("In 2 turns, the caller opened with “My boiler broke again this morning.” and closed with “Please call me back tomorrow with a plumber.”");
    expect(await summary.innerText()).toContain("Extractive summary");
    expect(await summary.innerText()).toContain("Mood: angry → calm");
    await details.getByRole("button", { name: "Close" }).first().click();
    // The history row now previews the new summary.
    await expect.poll(() => history.locator(`li[data-call-id="${plain}"]`).getByTestId("call-preview").innerText(), POLL).toContain("In 2 turns, the caller opened with");

    // Insights has a page of its own, reached from the header.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Insights" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/insights");
    const insights = page.getByRole("region", { name: "Insights", exact: true });
    await expect.poll(() => insights.getByTestId("insights-calls").innerText(), POLL).toBe("2");
    expect(await insights.getByTestId("insights-total-duration").innerText()).toBe("1:40");
    expect(await insights.getByTestId("insights-average-duration").innerText()).toBe("0:50");
    expect(await insights.getByTestId("insights-failure-share").innerText()).toBe("50%");
    const topics = await insights.getByTestId("insights-topics").innerText();
    expect(topics).toContain("pineapple festival");
    expect(await insights.getByTestId("mix-bar").count()).toBe(1); // both calls are in today's bar
    await insights.getByLabel("Period", { exact: true }).selectOption("7d");
    await expect.poll(() => insights.getByTestId("insights-calls").innerText(), POLL).toBe("2");
    await page.context().close();
  });
});
