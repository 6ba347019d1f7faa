// Failed sign-in throttling (worker/auth/throttle.ts): per account and per client IP, in D1.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, THROTTLE_WINDOW_MS, recordSignInAttempt, throttleKeys, assertNotThrottled } from "../../../worker/auth/throttle";
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../worker/index";
import { db } from "../../../worker/db/client";

const ORIGIN = "https://echo.test";
let seq = 0;
const uniqueEmail = () => `t${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const uniqueIp = () => `192.0.2.${(++seq % 250) + 1}-${crypto.randomUUID().slice(0, 4)}`;

function post(path: string, body: unknown, ip: string) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
}

async function code(res: Response): Promise<string> {
  return ((await res.json()) as { error?: { code: string } }).error?.code ?? `ok-${res.status}`;
}

// Each case signs in 10–25 times, and each attempt checks a password with scrypt (deliberately slow):
// beside the whole suite on a 2-core machine one case has taken 8 s, past vitest's default 5 s.
describe("sign-in throttling", { timeout: 30_000 }, () => {
  it(`locks an account after ${ACCOUNT_FAILURE_LIMIT} failures (429, even with the right password), other accounts unaffected`, async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    expect((await post("/api/auth/sign-up", { email: other, password: "right-pass" }, uniqueIp())).status).toBe(201);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      // Different IPs: the account limit alone must trip.
      expect(await code(await post("/api/auth/sign-in", { email, password: `wrong-${i}` }, uniqueIp()))).toBe("wrong-password");
    }
    const locked = await post("/api/auth/sign-in", { email, password: "right-pass" }, uniqueIp());
    expect(locked.status).toBe(429);
    const body = (await locked.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("too-many-requests");
    expect(body.error.message).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./);
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);

    expect((await post("/api/auth/sign-in", { email: other, password: "right-pass" }, uniqueIp())).status).toBe(200);
  });

  it("a successful sign-in resets the account's counter", async () => {
    const email = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) {
        expect(await code(await post("/api/auth/sign-in", { email, password: "nope-nope" }, uniqueIp()))).toBe("wrong-password");
      }
      expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, uniqueIp())).status).toBe(200);
    }
  });

  it(`locks a client IP after ${IP_FAILURE_LIMIT} failures across accounts; other IPs unaffected`, async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      expect(await code(await post("/api/auth/sign-in", { email: uniqueEmail(), password: "guess-123" }, ip))).toBe("user-not-found");
    }
    expect(await code(await post("/api/auth/sign-in", { email, password: "right-pass" }, ip))).toBe("too-many-requests");
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, uniqueIp())).status).toBe(200);
  });

  it("an IPv6 client that changes address within its /64 is still one client", async () => {
    const net = `2001:db8:${(++seq % 65535).toString(16)}:${crypto.randomUUID().slice(0, 4)}`;
    const email = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      expect(await code(await post("/api/auth/sign-in", { email: uniqueEmail(), password: "guess-123" }, `${net}::${(i + 1).toString(16)}`))).toBe("user-not-found");
    }
    expect(await code(await post("/api/auth/sign-in", { email, password: "right-pass" }, `${net}:aaaa:bbbb:cccc:dddd`))).toBe("too-many-requests");
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, "2001:db8:ffff:ffff::1")).status).toBe(200);
  });

  it("attempts sent all at once cannot all pass the lock: only the limit's worth of passwords is checked", async () => {
    const email = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    const codes = await Promise.all(Array.from({ length: 12 }, (_, i) => post("/api/auth/sign-in", { email, password: `guess-${i}` }, uniqueIp()).then(code)));
    expect(codes.filter((c) => c === "wrong-password")).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(codes.filter((c) => c === "too-many-requests")).toHaveLength(12 - ACCOUNT_FAILURE_LIMIT);
    expect(await code(await post("/api/auth/sign-in", { email, password: "right-pass" }, uniqueIp()))).toBe("too-many-requests");
  });

  it("successful sign-ins from one client (an office behind one address) never lock it", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    expect((await post("/api/auth/sign-up", { email, password: "right-pass" }, uniqueIp())).status).toBe(201);
    for (let i = 0; i < IP_FAILURE_LIMIT + 2; i++) expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, ip)).status).toBe(200);
    const row = await env.DB.prepare("select failures, locked_until from auth_throttle where key = ?").bind(`ip:${ip}`).first<{ failures: number; locked_until: number }>();
    expect({ failures: row?.failures ?? 0, lockedUntil: row?.locked_until ?? 0 }).toEqual({ failures: 0, lockedUntil: 0 });
  });

  it("the lock ends with the window, and a new window starts counting from 1", async () => {
    const database = db(env.DB);
    const keys = throttleKeys(uniqueEmail(), uniqueIp());
    const t0 = Date.now() - THROTTLE_WINDOW_MS - 5_000;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await recordSignInAttempt(database, keys, t0 + i);
    await expect(assertNotThrottled(database, keys, t0 + 10)).rejects.toMatchObject({ status: 429 });
    await expect(assertNotThrottled(database, keys)).resolves.toBeUndefined();
    await recordSignInAttempt(database, keys);
    const row = await env.DB.prepare("select failures from auth_throttle where key = ?").bind(keys.counters[0]!.key).first<{ failures: number }>();
    expect(row?.failures).toBe(1);
  });

  it("the scheduled job deletes counters long past their window that lock nothing, and keeps the others", async () => {
    const now = Date.now();
    const day = 86_400_000;
    const rows = [
      ["ip:stale-old", now - 2 * day, 0],
      ["ip:stale-locked-long-ago", now - 2 * day, now - 2 * day + THROTTLE_WINDOW_MS],
      ["ip:current", now - 60_000, 0],
      ["acct:still-locked", now - 2 * day, now + 60_000],
    ] as const;
    for (const [key, windowStart, lockedUntil] of rows) {
      await env.DB.prepare("insert into auth_throttle (key, failures, window_start, locked_until) values (?, 3, ?, ?)").bind(key, windowStart, lockedUntil).run();
    }
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "30 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("select key from auth_throttle where key in (?, ?, ?, ?) order by key").bind(...rows.map((r) => r[0])).all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(["acct:still-locked", "ip:current"]);
  });
});
