// Settings → Callbacks and Time zone in Chromium: a scheduled callback (seeded straight into the local
// D1; e2e/call-actions.test.ts asks for one in a test call) is listed under Upcoming with its status, and
// Cancel moves it to Past as cancelled, as the server keeps it. The browser's time zone
// is stored on first load and can be changed on Settings.
import { describe, expect, inject, it } from "vitest";
import { runLocalSql } from "../scripts/seed/sql";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("callbacks on Settings", () => {
  it("lists a scheduled callback and cancels it; the time zone comes from the browser and can be changed", async () => {
    const page = await browser.newPage({ viewport: PHONE, timezoneId: "Europe/Berlin" });
    const baseURL = inject("baseURL");
    await signUpViaApi(page, baseURL, undefined, "/settings");
    const { user } = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    if (!/^[0-9a-f-]{36}$/.test(user.id)) throw new Error(`unexpected user id ${user.id}`);
    const id = crypto.randomUUID();
    const dueAt = Date.now() + 26 * 3_600_000;
    runLocalSql(
      [
        `INSERT INTO callbacks (id, user_id, reason, due_at, caller_named_time, status, attempts, created_at, updated_at) VALUES ('${id}', '${user.id}', 'to practise your speech', ${dueAt}, 1, 'scheduled', 0, ${Date.now()}, ${Date.now()});`,
      ],
      inject("stateDir"),
    );
    await page.reload();

    const region = page.getByRole("region", { name: "Callbacks" });
    const upcoming = region.getByRole("region", { name: "Upcoming" });
    const item = upcoming.getByRole("listitem");
    await item.getByText("to practise your speech").waitFor();
    expect(await item.getByText("Scheduled", { exact: true }).isVisible()).toBe(true);
    await item.getByRole("button", { name: /^Cancel the callback at / }).click();

    const past = region.getByRole("region", { name: "Past" });
    await past.getByRole("listitem").getByText("Cancelled", { exact: true }).waitFor();
    expect(await upcoming.getByText("Nothing scheduled.").isVisible()).toBe(true);
    const list = await page.evaluate(() => fetch("/api/callbacks").then((r) => r.json() as Promise<{ upcoming: unknown[]; past: { status: string }[] }>));
    expect(list.upcoming).toEqual([]);
    expect(list.past.map((c) => c.status)).toEqual(["cancelled"]);

    // The browser's zone was stored on first load; Settings changes it.
    const zoneRegion = page.getByRole("region", { name: "Time zone" });
    await zoneRegion.getByLabel("Time zone").waitFor();
    expect(await zoneRegion.getByLabel("Time zone").inputValue()).toBe("Europe/Berlin");
    await expect.poll(() => page.evaluate(() => fetch("/api/profile/time-zone").then((r) => r.json() as Promise<{ timeZone: string | null }>)).then((s) => s.timeZone)).toBe("Europe/Berlin");
    await zoneRegion.getByLabel("Time zone").selectOption("America/Chicago");
    await zoneRegion.getByRole("button", { name: "Save" }).click();
    await zoneRegion.getByText("Time zone saved.").waitFor();
    const saved = await page.evaluate(() => fetch("/api/profile/time-zone").then((r) => r.json() as Promise<{ timeZone: string | null }>));
    expect(saved.timeZone).toBe("America/Chicago");

    // Linking by a call from Echo: this app's Twilio API answers nobody, and the page says the call failed.
    const linkCall = page.getByRole("region", { name: "Link your number by a call from Echo" });
    await linkCall.getByLabel("Your phone number").fill("+1 555 010 1234");
    await linkCall.getByRole("button", { name: "Call me" }).click();
    await linkCall.getByRole("alert").getByText("Echo couldn't place the call just now.", { exact: false }).waitFor();
    await page.context().close();
  });
});
