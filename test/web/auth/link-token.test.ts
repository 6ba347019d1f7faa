// The token of an emailed link is read from the URL's fragment, and only when it looks like one.
import { describe, expect, it } from "vitest";
import { linkTokenFromHash } from "../../../web/auth/linkToken";

describe("linkTokenFromHash", () => {
  it("reads #token=… and refuses anything else", () => {
    expect(linkTokenFromHash("#token=abcdefgh23456789")).toBe("abcdefgh23456789");
    expect(linkTokenFromHash("token=abcdefgh23456789")).toBe("abcdefgh23456789");
    expect(linkTokenFromHash("")).toBeNull();
    expect(linkTokenFromHash("#token=")).toBeNull();
    expect(linkTokenFromHash("#token=short")).toBeNull();
    expect(linkTokenFromHash("#token=<script>alert(1)</script>")).toBeNull();
    expect(linkTokenFromHash("#other=abcdefgh23456789")).toBeNull();
  });
});
