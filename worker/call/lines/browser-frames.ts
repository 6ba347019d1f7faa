// Parses and validates one client frame of the call socket against the shared protocol schema.
// Pure: bad frames become a readable error; nothing else happens.
import { clientMessageSchema, MAX_FRAME_BYTES, type ClientMessage } from "../../../protocol/call";

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; code: ParseErrorCode; error: string };

export type ParseErrorCode = "frame-too-large" | "binary-frame" | "invalid-json" | "unknown-type" | "invalid-message";

const KNOWN_TYPES = new Set<string>(clientMessageSchema.options.map((o) => o.shape.type.value));

function frameBytes(frame: string): number {
  // Cheap bounds first: a UTF-16 unit encodes to 1–3 UTF-8 bytes.
  if (frame.length * 3 <= MAX_FRAME_BYTES) return frame.length;
  if (frame.length > MAX_FRAME_BYTES) return frame.length;
  return new TextEncoder().encode(frame).byteLength;
}

export function parseClientFrame(frame: string | ArrayBuffer): ParseResult {
  if (typeof frame !== "string") {
    if (frame.byteLength > MAX_FRAME_BYTES) return tooLarge(frame.byteLength);
    return { ok: false, code: "binary-frame", error: "Binary frames are not supported: send JSON text messages." };
  }
  const size = frameBytes(frame);
  if (size > MAX_FRAME_BYTES) return tooLarge(size);
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, code: "invalid-json", error: "The message is not valid JSON." };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, code: "invalid-message", error: "A message must be a JSON object with a type." };
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== "string") return { ok: false, code: "invalid-message", error: "The message has no type." };
  if (!KNOWN_TYPES.has(type)) {
    return { ok: false, code: "unknown-type", error: `Unknown message type "${type.slice(0, 40)}".` };
  }
  const parsed = clientMessageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    return { ok: false, code: "invalid-message", error: `Invalid ${type} message: ${where}${issue?.message ?? "bad shape"}.` };
  }
  return { ok: true, message: parsed.data };
}

function tooLarge(bytes: number): ParseResult {
  return { ok: false, code: "frame-too-large", error: `The message is too large (${bytes} bytes; the limit is ${MAX_FRAME_BYTES}).` };
}
