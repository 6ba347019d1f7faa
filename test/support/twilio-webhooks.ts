// Twilio's HTTP side for the simulator (tests inside workerd, benchmarks in Node): the network the
// simulated calls use, the signed webhooks Twilio POSTs (voice, status callback, signed with the official
// `twilio` library), its TwiML answer, and the D1 row a CallSid maps to.
import twilio from "twilio";

export interface SimNetwork {
  /** The public origin Twilio signs URLs with (PUBLIC_HOST), e.g. https://echo.test. */
  publicHost: string;
  fetch(path: string, init: RequestInit): Promise<Response>;
  /** WebSocket upgrade of `path` with these headers; socket is null unless the upgrade succeeded. */
  openSocket(path: string, headers: Record<string, string>): Promise<{ status: number; socket: WebSocket | null }>;
}


/** What Twilio POSTs to the voice webhook for an incoming call. */
export function voiceParams(opts: { callSid: string; from: string; to: string; accountSid: string }): Record<string, string> {
  return {
    AccountSid: opts.accountSid,
    ApiVersion: "2010-04-01",
    CallSid: opts.callSid,
    CallStatus: "ringing",
    Called: opts.to,
    Caller: opts.from,
    Direction: "inbound",
    From: opts.from,
    To: opts.to,
  };
}

/** A signed form POST exactly as Twilio sends webhooks. `signature: null` sends none; a string forges one. */
export async function postSigned(
  net: SimNetwork,
  path: string,
  params: Record<string, string>,
  opts: { authToken: string; signature?: string | null },
): Promise<Response> {
  const url = `${net.publicHost}${path}`;
  const signature = opts.signature === undefined ? twilio.getExpectedTwilioSignature(opts.authToken, url, params) : opts.signature;
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "TwilioProxy/1.1" };
  if (signature !== null) headers["X-Twilio-Signature"] = signature;
  return net.fetch(path, { method: "POST", headers, body: new URLSearchParams(params).toString() });
}

export interface ParsedTwiml {
  streamUrl: string;
  parameters: Record<string, string>;
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e]!);
}

/** <Response><Connect><Stream url="…"><Parameter name value/>…</Stream></Connect></Response>, or throws. */
export function parseConnectStream(xml: string): ParsedTwiml {
  const m = /<Response><Connect><Stream url="([^"]*)">((?:<Parameter name="[^"]*" value="[^"]*"\/>)*)<\/Stream><\/Connect><\/Response>/.exec(xml);
  if (!m) throw new Error(`not a <Connect><Stream> TwiML answer: ${xml}`);
  const parameters: Record<string, string> = {};
  for (const p of m[2]!.matchAll(/<Parameter name="([^"]*)" value="([^"]*)"\/>/g)) parameters[unescapeXml(p[1]!)] = unescapeXml(p[2]!);
  return { streamUrl: unescapeXml(m[1]!), parameters };
}

// ---- caller audio: 16 kHz PCM → 8 kHz μ-law, independently of the Worker's codec ----

/** A SimNetwork over a fetcher (inside workerd: `exports.default` from cloudflare:workers). */
export function fetcherNetwork(fetcher: { fetch(input: string, init?: RequestInit): Promise<Response> }, publicHost: string): SimNetwork {
  return {
    publicHost,
    fetch: (path, init) => fetcher.fetch(`${publicHost}${path}`, init),
    async openSocket(path, headers) {
      const res = await fetcher.fetch(`${publicHost}${path}`, { headers: { Upgrade: "websocket", ...headers } });
      const ws = (res as Response & { webSocket?: WebSocket | null }).webSocket ?? null;
      (ws as unknown as { accept(): void } | null)?.accept();
      return { status: res.status, socket: ws };
    },
  };
}

/** What Twilio POSTs to the status callback URL when a call changes status. */
export function statusParams(call: { callSid: string; from: string; to: string; accountSid: string }, status: string, durationSec?: number): Record<string, string> {
  const p: Record<string, string> = {
    AccountSid: call.accountSid,
    ApiVersion: "2010-04-01",
    CallSid: call.callSid,
    CallStatus: status,
    Called: call.to,
    Caller: call.from,
    Direction: "inbound",
    From: call.from,
    To: call.to,
    Timestamp: new Date().toUTCString(),
    CallbackSource: "call-progress-events",
    SequenceNumber: "0",
  };
  if (durationSec !== undefined) {
    p.CallDuration = String(durationSec);
    p.Duration = String(Math.ceil(durationSec / 60));
  }
  return p;
}

export interface PhoneCallRow {
  id: string;
  user_id: string | null;
  echo_id: string | null;
  call_type: string;
  status: string;
  start_time: number;
  end_time: number | null;
  from_number: string | null;
  duration: number | null;
  end_reason: string | null;
}

/** The D1 row of the call Twilio knows as `callSid` (a D1 binding, typed structurally). */
export async function callBySid(
  database: { prepare(query: string): { bind(...values: unknown[]): { first<T>(): Promise<T | null> } } },
  callSid: string,
): Promise<PhoneCallRow | null> {
  return database.prepare("select * from calls where provider_call_id = ?").bind(callSid).first<PhoneCallRow>();
}

/**
 * A SimNetwork over real HTTP (Node, against a local server on `baseURL`). `publicHost`: the origin
 * Twilio calls and signs: the app's PUBLIC_HOST when it has one (e.g. its own loopback origin), else
 * https on the app's host (without PUBLIC_HOST the app takes the request's host for https). Node's
 * WebSocket (undici) takes the upgrade's request headers as a non-standard init option.
 */
export function httpNetwork(baseURL: string, publicHost = `https://${new URL(baseURL).host}`): SimNetwork {
  return {
    publicHost,
    fetch: (path, init) => fetch(`${baseURL}${path}`, init),
    openSocket: (path, headers) =>
      new Promise((resolve) => {
        const init = { headers } as unknown as string[];
        const ws = new WebSocket(`${baseURL.replace(/^http/, "ws")}${path}`, init);
        ws.addEventListener("open", () => resolve({ status: 101, socket: ws }), { once: true });
        ws.addEventListener("error", () => resolve({ status: 0, socket: null }), { once: true });
      }),
  };
}
