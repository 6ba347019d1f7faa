// Browser helpers for signing in, shared by every e2e test. Stable interface:
//   freshCredentials(tag?)                → unique { displayName, email, password }
//   signUpInPage(page, baseURL, creds?)   → signs up through the real auth screen, waits for the dashboard
//   signUpViaApi(page, baseURL, creds?)   → faster: POST /api/auth/sign-up from the page (cookie lands in
//                                           the browser), then loads the dashboard
//   signInInPage(page, baseURL, creds)    → signs in through the auth screen, waits for the dashboard
import type { Page } from "playwright-core";

export interface Credentials {
  displayName: string;
  email: string;
  password: string;
}

let counter = 0;

export function freshCredentials(tag = "user"): Credentials {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { displayName: `Test ${tag} ${counter}`, email: `${tag}-${id}@example.com`, password: `pw-${id}` };
}

/** Resolves once the dashboard greets the user. */
export async function waitForDashboard(page: Page, creds: Credentials): Promise<void> {
  await page.getByText(`Welcome, ${creds.displayName}`).waitFor({ state: "visible", timeout: 20_000 });
}

export async function signUpInPage(page: Page, baseURL: string, creds: Credentials = freshCredentials()): Promise<Credentials> {
  await page.goto(`${baseURL}/?auth=true&mode=signup`);
  await page.getByRole("heading", { name: "Create your account" }).waitFor();
  await page.getByLabel("Full Name").fill(creds.displayName);
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await waitForDashboard(page, creds);
  return creds;
}

export async function signInInPage(page: Page, baseURL: string, creds: Credentials): Promise<void> {
  await page.goto(`${baseURL}/?auth=true`);
  await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await waitForDashboard(page, creds);
}

export async function signUpViaApi(page: Page, baseURL: string, creds: Credentials = freshCredentials(), path = "/"): Promise<Credentials> {
  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/?auth=true`);
  const status = await page.evaluate(async (body) => {
    const res = await fetch("/api/auth/sign-up", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return res.status;
  }, creds);
  if (status !== 201) throw new Error(`sign-up failed with HTTP ${status}`);
  await page.goto(`${baseURL}${path}`);
  await waitForDashboard(page, creds);
  return creds;
}
