import { describe, expect, it } from "vitest";
import { listeningSockets, serviceTargets } from "../../../../bench/diagnostics/service-isolates";

// Lines as Linux writes them (this machine's, with a workerd entry socket and its inspector).
const PROC_NET_TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:9B0B 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1057258 1 000000002b3c4af1 100 0 0 10 0
   1: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1599 1 0000000094974204 100 0 0 10 0
   2: 0100007F:B0CB 0100007F:9B0B 01 00000000:00000000 00:00000000 00000000     0        0 1057265 1 000000000929d91d 20 4 30 10 -1
`;

describe("listeningSockets", () => {
  it("maps each listening socket's inode to its port and skips connected sockets", () => {
    expect([...listeningSockets(PROC_NET_TCP)]).toEqual([
      ["1057258", 0x9b0b],
      ["1599", 2024],
    ]);
  });

  it("is empty for a table with no sockets", () => {
    expect(listeningSockets(PROC_NET_TCP.split("\n")[0]!).size).toBe(0);
  });
});

describe("serviceTargets", () => {
  it("keeps Miniflare's service isolates and never the app's", () => {
    const target = (id: string) => ({ id, webSocketDebuggerUrl: `ws://127.0.0.1:1/${id}` });
    const ids = serviceTargets([target("core:user:echo"), target("d1:db"), target("core:entry"), target("core:user:reference-phone")]).map((t) => t.id);
    expect(ids).toEqual(["d1:db", "core:entry"]);
  });
});
