// Creating Echoes from a signed-in page the quick way (POST /api/echoes), for tests about other things.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Echo, EchoInput } from "../../protocol/echo";

/** Creates an Echo for the page's user; expects 201 and returns the stored Echo. */
export async function createEchoViaApi(page: Page, input: EchoInput): Promise<Echo> {
  const { status, echo } = await page.evaluate(async (body) => {
    const res = await fetch("/api/echoes", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, echo: (await res.json()) as Echo };
  }, input);
  expect(status).toBe(201);
  expect(echo.id).toBeTruthy();
  return echo;
}
