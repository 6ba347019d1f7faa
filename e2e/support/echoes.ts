// Creating Echoes from a signed-in page the quick way (POST /api/echoes), for tests about other things;
// and an account with no Echo at all (every new account gets a starter Echo), for tests of empty states.
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { runLocalSql } from "../../scripts/seed/sql";
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

/**
 * Removes the signed-in user's starter Echo straight from the local D1 (the app offers no delete), then
 * reloads the page: the account has no Echo, as before starter Echoes.
 */
export async function withoutStarterEcho(page: Page): Promise<void> {
  const { user } = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
  if (!/^[0-9a-f-]{36}$/.test(user.id)) throw new Error(`unexpected user id ${user.id}`);
  runLocalSql([`DELETE FROM echoes WHERE user_id = '${user.id}' AND starter = 1;`], inject("stateDir"));
  await page.reload();
}
