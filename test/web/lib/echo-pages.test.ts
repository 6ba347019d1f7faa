// The dashboard's Echo lists follow GET /api/echoes's pages (web/lib/echoPages.ts).
import { describe, expect, it } from "vitest";
import type { Echo, EchoList } from "../../../protocol/echo";
import { ECHO_PAGES_MAX, allEchoes } from "../../../web/lib/echoPages";

const echo = (id: string, updatedAt: number): Echo => ({
  id,
  userId: "u",
  name: id,
  description: "",
  personality: "calm",
  expertise: "general",
  instructions: "",
  voiceStyle: "warm",
  recordCalls: true,
  rememberCallers: true,
  isActive: true,
  totalCalls: 0,
  starter: false,
  createdAt: 0,
  updatedAt,
});

describe("allEchoes", () => {
  it("asks for the first page at the path as given, then each next page with its cursor", async () => {
    const pages: Record<string, EchoList> = {
      "/api/echoes?active=true": { echoes: [echo("c", 30), echo("b", 20)], nextCursor: "k1" },
      "/api/echoes?active=true&cursor=k1": { echoes: [echo("a", 10)], nextCursor: null },
    };
    const asked: string[] = [];
    const list = await allEchoes("/api/echoes?active=true", async (url) => (asked.push(url), pages[url]!));
    expect(asked).toEqual(["/api/echoes?active=true", "/api/echoes?active=true&cursor=k1"]);
    expect(list).toEqual({ echoes: [echo("c", 30), echo("b", 20), echo("a", 10)], nextCursor: null });
  });

  it("an Echo edited between two pages comes once, its newer copy first in order", async () => {
    const pages: Record<string, EchoList> = {
      "/api/echoes": { echoes: [echo("c", 30), echo("b", 20)], nextCursor: "k" },
      "/api/echoes?cursor=k": { echoes: [echo("c", 40), echo("a", 10)], nextCursor: null },
    };
    const list = await allEchoes("/api/echoes", async (url) => pages[url]!);
    expect(list.echoes.map((e) => [e.id, e.updatedAt])).toEqual([["c", 40], ["b", 20], ["a", 10]]);
  });

  it("a failing page fails the load; a cursor that never ends stops after ECHO_PAGES_MAX pages", async () => {
    const secondFails = async (url: string): Promise<EchoList> => {
      if (url !== "/api/echoes") throw new Error("down");
      return { echoes: [], nextCursor: "k" };
    };
    await expect(allEchoes("/api/echoes", secondFails)).rejects.toThrow("down");
    let asked = 0;
    await allEchoes("/api/echoes", async () => (asked++, { echoes: [], nextCursor: "again" }));
    expect(asked).toBe(ECHO_PAGES_MAX);
  });
});
