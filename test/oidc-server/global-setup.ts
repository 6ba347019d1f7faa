// vitest globalSetup for the worker project: a REAL local OpenID Connect provider (oauth2-mock-server,
// in Node) that the Worker's Google sign-in code talks to from inside workerd over HTTP. Its issuer URL
// reaches the workerd tests as the TEST_OIDC_ISSUER binding (vitest.config.ts).
//
// The tests act as the browser at the authorize endpoint, and choose "which Google account signs in"
// by adding `mock_identity` (base64url JSON of ID-token claims) to the authorize URL. The server
// remembers it per authorization code and puts those claims into the tokens it issues for that code.
// `mock_identity.badKid: true` makes the ID token name a signing key the JWKS doesn't have.
import { OAuth2Server } from "oauth2-mock-server";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    oidcIssuer: string;
  }
}

interface MockIdentity {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  badKid?: boolean;
}

function readIdentity(raw: unknown): MockIdentity | null {
  if (typeof raw !== "string" || !raw) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return typeof v === "object" && v !== null ? (v as MockIdentity) : null;
  } catch {
    return null;
  }
}

export default async function setup(project: TestProject) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map<string, MockIdentity>();

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: { url?: string }) => {
    const query = new URL(req.url ?? "/", "http://mock").searchParams;
    const identity = readIdentity(query.get("mock_identity"));
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
  project.provide("oidcIssuer", issuer);
  return async () => {
    await server.stop();
  };
}
