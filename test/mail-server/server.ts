// A local server speaking Resend's HTTP API for tests (https://resend.com/docs/api-reference):
// POST /emails with `Authorization: Bearer <key>` and JSON `{ from, to, subject, text }` answers 200
// `{ id }`; errors are Resend's JSON bodies `{ statusCode, name, message }`: 401 missing_api_key, 403
// invalid_api_key, 422 validation_error / missing_required_field, 429 rate_limit_exceeded, 500
// application_error. `Idempotency-Key` is honoured: a repeated key answers the first id and sends
// nothing again. Failures are asked for by the recipient's local part: `fail-500@…` (always 500),
// `flaky@…` (the first attempt of each key 503, then success), `limited@…` (the first attempt 429),
// `slow@…` (never answers). GET /_log lists every request; GET /_sent the messages actually sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const MAIL_TEST_KEY = "re_test_1234567890";

export interface SentMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface LoggedMailRequest {
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  status: number;
  to: string[];
}

function sendError(res: ServerResponse, statusCode: number, name: string, message: string): void {
  res.writeHead(statusCode, { "content-type": "application/json" });
  res.end(JSON.stringify({ statusCode, name, message }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface MailTestServer {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startMailTestServer(): Promise<MailTestServer> {
  const sent: SentMail[] = [];
  const log: LoggedMailRequest[] = [];
  const byKey = new Map<string, string>();
  const attempts = new Map<string, number>();
  let nextId = 1;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/_log") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(log));
    }
    if (req.method === "GET" && url.pathname === "/_sent") {
      const to = url.searchParams.get("to");
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(to ? sent.filter((m) => m.to.includes(to)) : sent));
    }
    if (url.pathname !== "/emails") return sendError(res, 404, "not_found", "The requested endpoint does not exist.");
    if (req.method !== "POST") return sendError(res, 405, "method_not_allowed", "Method is not allowed for the requested path.");
    const raw = await readBody(req);
    const authorization = req.headers.authorization ?? null;
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    let body: Partial<SentMail> & { to?: string | string[] } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      body = {};
    }
    const to = Array.isArray(body.to) ? body.to : body.to ? [body.to] : [];
    const answer = (status: number) => log.push({ path: url.pathname, authorization, idempotencyKey, status, to });
    if (!authorization?.startsWith("Bearer ")) {
      answer(401);
      return sendError(res, 401, "missing_api_key", "Missing API key in the authorization header.");
    }
    if (authorization !== `Bearer ${MAIL_TEST_KEY}`) {
      answer(403);
      return sendError(res, 403, "invalid_api_key", "API key is invalid.");
    }
    if (!body.from || to.length === 0 || !body.subject) {
      answer(422);
      return sendError(res, 422, "missing_required_field", "Missing `to`, `from` or `subject` field.");
    }
    if (!to.every((address) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))) {
      answer(422);
      return sendError(res, 422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` format.");
    }
    const local = to[0]!.split("@")[0]!;
    const attemptKey = idempotencyKey ?? `${local}:${raw}`;
    const attempt = (attempts.get(attemptKey) ?? 0) + 1;
    attempts.set(attemptKey, attempt);
    if (local === "slow") return; // never answers: the client's deadline must end it
    if (local === "fail-500") {
      answer(500);
      return sendError(res, 500, "application_error", "An unexpected error occurred.");
    }
    if (local === "flaky" && attempt === 1) {
      answer(503);
      return sendError(res, 503, "application_error", "Service unavailable.");
    }
    if (local === "limited" && attempt === 1) {
      answer(429);
      return sendError(res, 429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second.");
    }
    const known = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    const id = known ?? `mail-${nextId++}`;
    if (!known) {
      sent.push({ id, from: body.from, to, subject: body.subject, text: body.text ?? "" });
      if (idempotencyKey) byKey.set(idempotencyKey, id);
    }
    answer(200);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
