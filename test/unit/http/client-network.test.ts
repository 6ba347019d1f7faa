// Sign-in throttling counts a client by its network: an IPv4 address, or an IPv6 /64.
import { describe, expect, it } from "vitest";
import { clientNetwork } from "../../../worker/http/client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client, however it is written", () => {
    const one = ["2001:db8:85a3:12::1", "2001:0DB8:85a3:0012:ffff:ffff:ffff:fffe", "2001:db8:85a3:12:1:2:3:4", "2001:db8:85a3:12::"];
    expect(new Set(one.map(clientNetwork))).toEqual(new Set(["2001:db8:85a3:12::/64"]));
    expect(clientNetwork("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 one; no address is 'unknown'", () => {
    expect(clientNetwork("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(clientNetwork(undefined)).toBe("unknown");
    expect(clientNetwork("")).toBe("unknown");
  });
});
