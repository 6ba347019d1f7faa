// Reading a call's recording back in workerd tests (recordings.test.ts, recordings-phone.test.ts).
import { env, exports } from "cloudflare:workers";
import type { TestUser } from "./users";

/** GET /api/calls/:id/recording as `user`, with an optional Range header. */
export function getRecording(user: TestUser, callId: string, range?: string): Promise<Response> {
  const headers: Record<string, string> = { Cookie: user.cookie };
  if (range) headers.Range = range;
  return exports.default.fetch(`https://echo.test/api/calls/${callId}/recording`, { headers });
}

/** The call row's recording start (null: nothing recorded). */
export async function recordingStartedAt(callId: string): Promise<number | null> {
  const row = await env.DB.prepare("select recording_started_at as t from calls where id = ?").bind(callId).first<{ t: number | null }>();
  return row?.t ?? null;
}

/** The loudest sample's magnitude. */
export const peak = (pcm: Int16Array) => pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

export type R2Put = (key: string, value: Uint8Array) => Promise<unknown>;

/** `bucket`, with its writes going through `put` (given the bucket's own): outages, slow or late writes. */
export function withPut(bucket: R2Bucket, put: (real: R2Put, key: string, value: Uint8Array) => Promise<unknown>): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      if (prop === "put") return (key: string, value: Uint8Array) => put((k, v) => target.put(k, v), key, value);
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
