// Reading one JSON text frame of an app socket against the messages of one direction: pure and shared
// (the worker reads client messages with it, the SPA server messages). Anything that is not one of the
// schema's messages becomes a readable error with a code; nothing throws.
import type { z } from "zod";

export type FrameErrorCode = "frame-too-large" | "binary-frame" | "invalid-json" | "invalid-message" | "unknown-type";

export type FrameResult<T> = { ok: true; message: T } | { ok: false; code: FrameErrorCode; error: string };

/** The messages of one direction of one socket: a zod discriminated union on `type`, with a size cap. */
export interface MessageReader<S extends z.ZodDiscriminatedUnion> {
  readonly schema: S;
  /** Every `type` the schema knows (an unknown type gets its own error). */
  readonly types: ReadonlySet<string>;
  /** Largest text frame accepted, in UTF-8 bytes. */
  readonly maxBytes: number;
}

export function messageReader<S extends z.ZodDiscriminatedUnion>(schema: S, maxBytes: number): MessageReader<S> {
  const types = new Set<string>();
  for (const v of schema._zod.propValues?.type ?? []) if (typeof v === "string") types.add(v);
  return { schema, types, maxBytes };
}

/** UTF-8 size of a text frame, measured only when the cheap bounds cannot decide (1–3 bytes per UTF-16 unit). */
function frameBytes(frame: string, max: number): number {
  if (frame.length * 3 <= max || frame.length > max) return frame.length;
  return new TextEncoder().encode(frame).byteLength;
}

/** `frame` (a WebSocket message's data) as a message of `reader`, or why not. */
export function readFrame<S extends z.ZodDiscriminatedUnion>(reader: MessageReader<S>, frame: unknown): FrameResult<z.output<S>> {
  if (typeof frame !== "string") {
    const size = frame instanceof ArrayBuffer ? frame.byteLength : 0;
    if (size > reader.maxBytes) return tooLarge(size, reader.maxBytes);
    return { ok: false, code: "binary-frame", error: "Binary frames are not supported: send JSON text messages." };
  }
  const size = frameBytes(frame, reader.maxBytes);
  if (size > reader.maxBytes) return tooLarge(size, reader.maxBytes);
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
  if (!reader.types.has(type)) return { ok: false, code: "unknown-type", error: `Unknown message type "${type.slice(0, 40)}".` };
  const parsed = reader.schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    return { ok: false, code: "invalid-message", error: `Invalid ${type} message: ${where}${issue?.message ?? "bad shape"}.` };
  }
  return { ok: true, message: parsed.data };
}

function tooLarge(bytes: number, max: number): { ok: false; code: "frame-too-large"; error: string } {
  return { ok: false, code: "frame-too-large", error: `The message is too large (${bytes} bytes; the limit is ${max}).` };
}
