// A REAL local OpenID Connect provider (oauth2-mock-server) for the Google sign-in tests, in Node.
//
// Tests acting as the browser choose "which Google account signs in" by adding `mock_identity`
// (base64url JSON of ID-token claims) to the authorize URL; the provider remembers it per authorization
// code and puts those claims into the tokens it issues for that code. `mock_identity.badKid: true`
// makes the ID token name a signing key the JWKS doesn't have. Without `mock_identity`, the
// `defaultIdentity` given at start is used (for real-browser tests, which can't add parameters).
import { OAuth2Server } from "oauth2-mock-server";

export interface MockIdentity {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  badKid?: boolean;
}

export interface MockOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

function readIdentity(raw: string | null): MockIdentity | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return typeof v === "object" && v !== null ? (v as MockIdentity) : null;
  } catch {
    return null;
  }
}

export async function startMockOidcProvider(opts: { defaultIdentity?: MockIdentity } = {}): Promise<MockOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map<string, MockIdentity>();

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: { url?: string }) => {
    const query = new URL(req.url ?? "/", "http://mock").searchParams;
    const identity = readIdentity(query.get("mock_identity")) ?? opts.defaultIdentity;
    const code = redirect.url.searchParams.get("code");
    if (identity && code) byCode.set(code, identity);
  });

  server.service.on(
    "beforeTokenSigning",
    (token: { header: Record<string, unknown>; payload: Record<string, unknown> }, req: { body?: Record<string, unknown> }) => {
      const code = req.body?.["code"];
      const identity = typeof code === "string" ? byCode.get(code) : undefined;
      if (!identity) return;
      const { badKid, ...claims } = identity;
      Object.assign(token.payload, claims);
      if (badKid) token.header["kid"] = "not-in-the-jwks";
    },
  );

  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url;
  if (!issuer) throw new Error("oauth2-mock-server did not report its issuer URL");
  return { issuer, stop: () => server.stop() };
}
