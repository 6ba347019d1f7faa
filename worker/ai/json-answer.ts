// A language model's JSON answer (pure): the one object in it (possibly inside prose or a code fence),
// checked against the schema the request asked for; null when there is none or it doesn't match.
import type { z } from "zod";

export function jsonAnswer<T>(answer: string, schema: z.ZodType<T>): T | null {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
