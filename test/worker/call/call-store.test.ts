// The CallSession's own SQLite store (worker/call/store.ts), in a real Durable Object's storage: a new
// object's entries table has every column from the start, and an object made before a column existed
// gets it when it is next opened, keeping its entries.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import { CallStore } from "../../../worker/call/store";
import { callStub } from "../support/call";

const columns = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>("SELECT name FROM pragma_table_info('entries')")
    .toArray()
    .map((c) => c.name);

const said = { speaker: "caller", text: "Hello?", timestamp: 1_700_000_000_000, emotions: { joy: 0.5 } } as const;

describe("CallStore", () => {
  it("starts a new object with every column, empty, and keeps what is added in order", async () => {
    await runInDurableObject(callStub(crypto.randomUUID()), (_: CallSession, state) => {
      const store = new CallStore(state.storage.sql);
      expect(columns(state.storage.sql)).toEqual(expect.arrayContaining(["outcome", "audio_offset_ms", "emotion_source", "rev", "synced_rev"]));
      expect(store.isEmpty()).toBe(true);
      const first = store.addEntry({ ...said, audioOffsetMs: 1200 });
      const second = store.addEntry({ speaker: "assistant", text: "Hi, I'm here.", timestamp: said.timestamp + 900, emotions: {}, outcome: { status: "ok", sttMode: "none" } });
      expect(store.isEmpty()).toBe(false);
      expect(store.entries().map((e) => [e.seq, e.text, e.audioOffsetMs, e.outcome])).toEqual([
        [first.seq, "Hello?", 1200, undefined],
        [second.seq, "Hi, I'm here.", undefined, { status: "ok", sttMode: "none" }],
      ]);
      expect(second.seq).toBe(first.seq + 1);
    });
  });

  it("adds the missing columns to an object made before them and keeps its entries", async () => {
    await runInDurableObject(callStub(crypto.randomUUID()), (_: CallSession, state) => {
      const { sql } = state.storage;
      // The first release's table: no outcome, no audio offset.
      sql.exec("DROP TABLE entries");
      sql.exec(
        "CREATE TABLE entries (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, speaker TEXT NOT NULL, text TEXT NOT NULL, timestamp INTEGER NOT NULL, emotions TEXT NOT NULL, interrupted INTEGER NOT NULL DEFAULT 0, latency TEXT, rev INTEGER NOT NULL DEFAULT 1, synced_rev INTEGER NOT NULL DEFAULT 0)",
      );
      sql.exec("INSERT INTO entries (seq, id, speaker, text, timestamp, emotions) VALUES (1, 'old-1', 'caller', 'Said before the upgrade.', 5, '{}')");
      expect(columns(sql)).not.toContain("audio_offset_ms");

      const store = new CallStore(sql);
      expect(columns(sql)).toEqual(expect.arrayContaining(["outcome", "audio_offset_ms", "emotion_source"]));
      expect(store.isEmpty()).toBe(false);
      const added = store.addEntry({ ...said, audioOffsetMs: 40, outcome: { status: "ok", sttMode: "none" } });
      expect(store.entries().map((e) => [e.id, e.seq, e.text, e.audioOffsetMs, e.outcome])).toEqual([
        ["old-1", 1, "Said before the upgrade.", undefined, undefined],
        [added.id, 2, "Hello?", 40, { status: "ok", sttMode: "none" }],
      ]);
      expect(store.pending().map((p) => p.entry.id)).toEqual(["old-1", added.id]);
    });
  });

  it("keeps where a caller entry's emotions came from; an unknown value read back is left out", async () => {
    await runInDurableObject(callStub(crypto.randomUUID()), (_: CallSession, state) => {
      const store = new CallStore(state.storage.sql);
      const voiced = store.addEntry({ ...said, emotionSource: "words_and_voice" });
      const plain = store.addEntry(said);
      state.storage.sql.exec("UPDATE entries SET emotion_source = 'telepathy' WHERE id = ?", plain.id);
      expect(store.entries().map((e) => e.emotionSource)).toEqual(["words_and_voice", undefined]);
      expect(store.pending()[0]?.entry.emotionSource).toBe(voiced.emotionSource);
    });
  });
});
