import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createCall } from "../support/calls";
import { TEST_ORIGIN, createUser } from "../support/users";

it("API answers carry the Worker's own time in Server-Timing (what `npm run bench` reports)", async () => {
  const u = await createUser();
  await createCall(u.user.id, {}, [{ text: "hello" }]);
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/calls`, { headers: u.headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("server-timing")).toMatch(/^total;dur=\d+(\.\d+)?;desc="Worker"$/);
});
