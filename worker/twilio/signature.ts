// Twilio request validation: X-Twilio-Signature = base64(HMAC-SHA1(auth token, URL + every POST
// parameter's name and value, names sorted)). WebCrypto only; the comparison is crypto.subtle.verify,
// which is constant-time, so a forged signature learns nothing from timing.

export type TwilioParams = URLSearchParams | Record<string, string>;

/** The string Twilio signs: the URL, then name+value of each parameter in sorted-name order. */
export function signedPayload(url: string, params?: TwilioParams): string {
  const grouped = new Map<string, Set<string>>();
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params ?? {});
  for (const [name, value] of entries) {
    const values = grouped.get(name) ?? new Set<string>();
    values.add(value);
    grouped.set(name, values);
  }
  let data = url;
  // Code-unit order, as Twilio (and its helper library) sort; a repeated name contributes each
  // distinct value in sorted order.
  for (const name of [...grouped.keys()].sort()) {
    for (const value of [...grouped.get(name)!].sort()) data += name + value;
  }
  return data;
}

async function hmacKey(authToken: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, [usage]);
}

function base64Encode(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
}

function base64Decode(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The signature Twilio would send for this request. */
export async function twilioSignature(authToken: string, url: string, params?: TwilioParams): Promise<string> {
  const key = await hmacKey(authToken, "sign");
  return base64Encode(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signedPayload(url, params))));
}

/** The URL with and without its scheme's default port: Twilio may sign either form. */
function urlCandidates(url: string): string[] {
  const match = /^(https?|wss?):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const hostOnly = authority.replace(/:\d+$/, "");
  const defaultPort = /^(https|wss)$/i.test(scheme) ? ":443" : ":80";
  return [...new Set([`${scheme}://${hostOnly}${rest}`, `${scheme}://${hostOnly}${defaultPort}${rest}`, url])];
}

/**
 * True when `signature` is Twilio's signature of this URL and these parameters. A missing, empty or
 * malformed signature, or an empty auth token, is simply invalid.
 */
export async function verifyTwilioSignature(
  authToken: string,
  signature: string | null | undefined,
  url: string,
  params?: TwilioParams,
): Promise<boolean> {
  if (!authToken || !signature) return false;
  const given = base64Decode(signature.trim());
  if (!given || given.length !== 20) return false;
  const key = await hmacKey(authToken, "verify");
  for (const candidate of urlCandidates(url)) {
    const data = new TextEncoder().encode(signedPayload(candidate, params));
    if (await crypto.subtle.verify("HMAC", key, given, data)) return true;
  }
  return false;
}
