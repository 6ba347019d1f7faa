// Helpers for the account-security tests: requests through the real Worker as a browser would send
// them, sign-up with a real session cookie, and the development outbox's mail (D1 table dev_outbox).
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { SESSION_COOKIE } from "../../../worker/auth/session";

export const ORIGIN = "https://echo.test";
let seq = 0;
export const uniqueEmail = (tag = "acct") => `${tag}${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export interface CallOpts {
  cookie?: string;
  ip?: string;
  userAgent?: string;
}

export async function call(method: string, path: string, body?: unknown, opts: CallOpts = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": opts.ip ?? `198.51.100.${(seq % 250) + 1}` };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.userAgent) headers["User-Agent"] = opts.userAgent;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return exports.default.fetch(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The session token a response set, or null. */
export function sessionTokenFrom(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const token = header?.slice(SESSION_COOKIE.length + 1).split(";")[0];
  return token ? token : null;
}

export const cookieFor = (token: string) => `${SESSION_COOKIE}=${token}`;

export async function signUp(email: string, password = "tidal-marmot-42", opts: CallOpts = {}): Promise<{ token: string; cookie: string; userId: string }> {
  const res = await call("POST", "/api/auth/sign-up", { email, password }, opts);
  expect(res.status).toBe(201);
  const token = sessionTokenFrom(res);
  if (!token) throw new Error("no session cookie");
  const { user } = (await res.json()) as { user: { id: string } };
  return { token, cookie: cookieFor(token), userId: user.id };
}

export async function signIn(email: string, password: string, opts: CallOpts = {}): Promise<Response> {
  return call("POST", "/api/auth/sign-in", { email, password }, opts);
}

export async function me(cookie: string): Promise<{ id: string; email: string; emailVerified: boolean } | null> {
  const res = await call("GET", "/api/auth/me", undefined, { cookie });
  return ((await res.json()) as { user: { id: string; email: string; emailVerified: boolean } | null }).user;
}

interface OutboxRow {
  subject: string;
  text: string;
}

/** The outbox's mail to `to`, newest first. */
export async function outbox(to: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("select subject, text from dev_outbox where `to` = ? order by created_at desc").bind(to.toLowerCase()).all<OutboxRow>();
  return results;
}

/** Waits (mail goes out after the answer) until `count` messages reached `to`; returns the newest. */
export async function nextMail(to: string, count = 1): Promise<OutboxRow> {
  for (let i = 0; i < 200; i++) {
    const rows = await outbox(to);
    if (rows.length >= count) return rows[0]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail #${count} to ${to}`);
}

/** The token in a mail's link (…#token=…). */
export function linkToken(mail: OutboxRow): string {
  const token = /#token=([a-z0-9]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error("no link in the mail");
  return token;
}

export async function expectError(res: Response, status: number, code: string, message?: string): Promise<void> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
  if (message) expect(body.error.message).toBe(message);
}
