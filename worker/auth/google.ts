// Google sign-in as an OpenID Connect client (oauth4webapi): authorization code flow with PKCE (S256),
// state and nonce; the ID token is checked for signature (issuer JWKS), iss, aud, exp and nonce.
// Endpoints come from discovery at the configured issuer (GOOGLE_ISSUER, default
// https://accounts.google.com), so tests point it at a local OIDC server. Plain http is allowed only
// for a loopback issuer (localhost / 127.0.0.1 / [::1]).
import * as oauth from "oauth4webapi";
import { logError } from "../lib/safe-error";

export interface GoogleClientConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** What the browser must bring back to the callback (kept in a short-lived HttpOnly cookie). */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The verified identity from the ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** A sign-in failure with a message fit for the user. */
export class GoogleSignInError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveryCache = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function httpOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  return issuer.protocol === "http:" && isLoopback(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(cfg: GoogleClientConfig): Promise<oauth.AuthorizationServer> {
  const cached = discoveryCache.get(cfg.issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as;
  const issuer = new URL(cfg.issuer);
  let as: oauth.AuthorizationServer;
  try {
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...httpOptions(issuer) });
    as = await oauth.processDiscoveryResponse(issuer, response);
  } catch (err) {
    logError("google discovery failed", err);
    throw new GoogleSignInError("google-unavailable", "Google sign-in is unavailable right now. Please try again.");
  }
  discoveryCache.set(cfg.issuer, { as, at: Date.now() });
  return as;
}

function client(cfg: GoogleClientConfig): oauth.Client {
  return { client_id: cfg.clientId };
}

/** Builds the provider's authorization URL plus the secrets the callback will need. */
export async function startAuthorization(cfg: GoogleClientConfig, redirectUri: string): Promise<{ url: URL; pending: PendingAuthorization }> {
  const as = await discover(cfg);
  if (!as.authorization_endpoint) throw new GoogleSignInError("google-unavailable", "Google sign-in is unavailable right now. Please try again.");
  const pending: PendingAuthorization = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
  };
  const url = new URL(as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: cfg.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
    prompt: "select_account",
  }).toString();
  return { url, pending };
}

function stringClaim(claims: oauth.IDToken, name: string): string | null {
  const v = claims[name];
  return typeof v === "string" && v.length > 0 ? v : null;
}

/** Validates the callback (state, error), redeems the code with the PKCE verifier and verifies the ID token. */
export async function completeAuthorization(
  cfg: GoogleClientConfig,
  redirectUri: string,
  callbackUrl: URL,
  pending: PendingAuthorization,
): Promise<GoogleIdentity> {
  const as = await discover(cfg);
  const issuer = new URL(cfg.issuer);
  const c = client(cfg);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, c, callbackUrl.searchParams, pending.state);
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError && err.error === "access_denied") {
      throw new GoogleSignInError("google-cancelled", "Google sign-in was cancelled.");
    }
    console.warn("google callback refused:", err instanceof Error ? err.message : err);
    throw new GoogleSignInError("google-sign-in-failed", "Google sign-in failed. Please try again.");
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, c, oauth.ClientSecretPost(cfg.clientSecret), params, redirectUri, pending.codeVerifier, httpOptions(issuer));
    const result = await oauth.processAuthorizationCodeResponse(as, c, response, { expectedNonce: pending.nonce, requireIdToken: true });
    await oauth.validateApplicationLevelSignature(as, response, httpOptions(issuer));
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims) throw new Error("no ID token");
    return {
      sub: claims.sub,
      email: stringClaim(claims, "email")?.toLowerCase() ?? null,
      emailVerified: claims["email_verified"] === true || claims["email_verified"] === "true",
      name: stringClaim(claims, "name"),
      picture: stringClaim(claims, "picture"),
    };
  } catch (err) {
    console.warn("google token exchange refused:", err instanceof Error ? err.message : err);
    throw new GoogleSignInError("google-sign-in-failed", "Google sign-in failed. Please try again.");
  }
}
