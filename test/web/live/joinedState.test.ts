import { describe, expect, it } from "vitest";
import { joinedStateLabel } from "../../../web/live/joinedState";

describe("a joined live call's state", () => {
  it("says listening only once the server acknowledged it", () => {
    expect(joinedStateLabel("connecting", false, null)).toBe("Joined · connecting…");
    expect(joinedStateLabel("live", false, null)).toBe("Joined · connecting…");
    expect(joinedStateLabel("live", true, null)).toBe("Joined · listening");
  });

  it("says when the link drops, fails or the call ends", () => {
    expect(joinedStateLabel("reconnecting", false, null)).toBe("Joined · reconnecting…");
    expect(joinedStateLabel("failed", false, "This call is no longer shared with you.")).toBe("Joined · not listening: This call is no longer shared with you.");
    expect(joinedStateLabel("failed", false, null)).toBe("Joined · not listening (the connection failed)");
    expect(joinedStateLabel("ended", false, null)).toBe("Joined · the call ended");
  });
});
