// Parses a request's query string against a zod schema; a bad value → 400 with a clear message.
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    throw new ApiError(400, "invalid-request", `${where}${issue?.message ?? "Invalid query."}`);
  }
  return parsed.data;
}
