// Merging in D1 and the owner's control over the API: one row per (user, Echo, kind, subject), the
// later fact wins and an older one never overwrites it; edit, delete one, forget everything, export;
// someone else's Echo or item is a 404 that changes nothing; bad input and a foreign Origin change nothing.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MemoryItem, MemoryList } from "../../../protocol/memory";
import { db } from "../../../worker/db/client";
import { exportMemory, forgetMatching, listFollowUps, listMemory, rememberItem, type MemoryScope } from "../../../worker/memory/store";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

async function owned(): Promise<{ owner: TestUser; scope: MemoryScope }> {
  const owner = await createUser();
  const echo = await createEcho(owner.user.id);
  return { owner, scope: { userId: owner.user.id, echoId: echo.id } };
}

const api = (user: TestUser, path: string, init: RequestInit = {}) =>
  exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${path}`, { ...init, headers: { ...user.headers, "content-type": "application/json", ...(init.headers as Record<string, string>) } });

describe("merging", () => {
  it("a newer fact on the same subject replaces the older; an older one changes nothing; no duplicates", async () => {
    const { scope } = await owned();
    const d = db(env.DB);
    await rememberItem(d, scope, { kind: "preference", subject: "Coffee", text: "I love coffee.", sourceCallId: null, saidAt: 1000 });
    await rememberItem(d, scope, { kind: "preference", subject: "coffee!", text: "I hate coffee now.", sourceCallId: null, saidAt: 2000 });
    await rememberItem(d, scope, { kind: "preference", subject: "the coffee", text: "I like coffee.", sourceCallId: null, saidAt: 1500 });
    await rememberItem(d, scope, { kind: "person", subject: "Maria's", text: "Maria is my sister.", sourceCallId: null, saidAt: 1000 });
    const items = await listMemory(d, scope);
    expect(items.map((i) => [i.kind, i.subject, i.text])).toEqual(
      expect.arrayContaining([
        ["preference", "coffee", "I hate coffee now."],
        ["person", "maria", "Maria is my sister."],
      ]),
    );
    expect(items).toHaveLength(2);
  });

  it("forgetMatching removes the facts naming every word of the phrase; listFollowUps lists the open ones", async () => {
    const { scope } = await owned();
    const d = db(env.DB);
    await rememberItem(d, scope, { kind: "follow_up", text: "Ask me about the speech at Maria's wedding.", sourceCallId: null, saidAt: 1000 });
    await rememberItem(d, scope, { kind: "follow_up", text: "Remind me to call the bank.", sourceCallId: null, saidAt: 2000, expiresAt: 5000 });
    await rememberItem(d, scope, { kind: "event", subject: "maria wedding", text: "Maria's wedding is on Saturday.", sourceCallId: null, saidAt: 1000 });
    expect((await listFollowUps(d, scope, 10_000)).map((i) => i.text)).toEqual(["Ask me about the speech at Maria's wedding."]);
    expect(await forgetMatching(d, scope, "what I said about Maria's wedding")).toBe(2);
    expect((await listMemory(d, scope)).map((i) => i.text)).toEqual(["Remind me to call the bank."]);
  });
});

describe("/api/echoes/:id/memory", () => {
  it("lists, edits, deletes one and forgets everything; the export has what is left", async () => {
    const { owner, scope } = await owned();
    const d = db(env.DB);
    const a = await rememberItem(d, scope, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: 1000 });
    const b = await rememberItem(d, scope, { kind: "concern", text: "I dread the speech.", sourceCallId: null, saidAt: 2000 });
    const list = (await (await api(owner, `${scope.echoId}/memory`)).json()) as MemoryList;
    expect(list).toMatchObject({ rememberCallers: true });
    expect(list.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());

    const edited = await api(owner, `${scope.echoId}/memory/${a.id}`, { method: "PATCH", body: JSON.stringify({ text: "  My name is Samantha.  " }) });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as MemoryItem).text).toBe("My name is Samantha.");

    const empty = await api(owner, `${scope.echoId}/memory/${a.id}`, { method: "PATCH", body: JSON.stringify({ text: "" }) });
    expect(empty.status).toBe(400);
    expect(await api(owner, `${scope.echoId}/memory/${a.id}`, { method: "PATCH", body: JSON.stringify({ kind: "friend" }) }).then((r) => r.status)).toBe(400);

    expect((await api(owner, `${scope.echoId}/memory/${b.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await api(owner, `${scope.echoId}/memory/${b.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await exportMemory(d, owner.user.id)).map((i) => i.text)).toEqual(["My name is Samantha."]);

    const forgot = await api(owner, `${scope.echoId}/memory`, { method: "DELETE" });
    expect(await forgot.json()).toEqual({ deleted: 1 });
    expect(await listMemory(d, scope)).toEqual([]);
  });

  it("someone else's Echo or item: 404 and nothing changes; a foreign Origin: 403", async () => {
    const { owner, scope } = await owned();
    const stranger = await owned();
    const d = db(env.DB);
    const item = await rememberItem(d, scope, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: 1000 });
    expect((await api(stranger.owner, `${scope.echoId}/memory`)).status).toBe(404);
    expect((await api(stranger.owner, `${scope.echoId}/memory`, { method: "DELETE" })).status).toBe(404);
    expect((await api(stranger.owner, `${scope.echoId}/memory/${item.id}`, { method: "PATCH", body: JSON.stringify({ text: "Mine now." }) })).status).toBe(404);
    expect((await api(stranger.owner, `${scope.echoId}/memory/${item.id}`, { method: "DELETE" })).status).toBe(404);
    // The stranger's own Echo with the owner's item id: still not theirs.
    expect((await api(stranger.owner, `${stranger.scope.echoId}/memory/${item.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(owner, `${scope.echoId}/memory`, { method: "DELETE", headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await listMemory(d, scope)).map((i) => i.text)).toEqual(["My name is Sam."]);
    const signedOut = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${scope.echoId}/memory`);
    expect(signedOut.status).toBe(401);
  });
});
