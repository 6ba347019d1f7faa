// Every /api request body is bounded (the largest is an Echo: 4,000 characters of instructions), so a
// padded body cannot hold an isolate's memory; the schemas would otherwise drop the padding and accept it.
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "./errors";

export const MAX_API_BODY_BYTES = 32 * 1024;

export const apiBodyLimit = bodyLimit({
  maxSize: MAX_API_BODY_BYTES,
  onError: (c) => c.json(errorBody("too-large", "The request body is too large."), 413),
});
