import { describe, expect, it } from "vitest";
import { authErrorMessage } from "../../../web/auth/messages";
import { ApiRequestError } from "../../../web/lib/api";

describe("auth error messages (spec §8)", () => {
  it("uses the catalogue's exact text for its codes, whatever the server said", () => {
    expect(authErrorMessage(new ApiRequestError(404, "user-not-found", "x"))).toBe("No account found with this email address.");
    expect(authErrorMessage(new ApiRequestError(401, "wrong-password", "x"))).toBe("Incorrect password.");
    expect(authErrorMessage(new ApiRequestError(409, "email-already-in-use", "x"))).toBe("An account with this email already exists.");
    expect(authErrorMessage(new ApiRequestError(400, "weak-password", "x"))).toBe("Password should be at least 6 characters.");
    expect(authErrorMessage(new ApiRequestError(400, "invalid-email", "x"))).toBe("Please enter a valid email address.");
  });

  it("otherwise shows the error's own message, else the generic one", () => {
    expect(authErrorMessage(new ApiRequestError(429, "too-many-requests", "Too many failed sign-in attempts."))).toBe("Too many failed sign-in attempts.");
    expect(authErrorMessage(new ApiRequestError(500, "internal", ""))).toBe("An error occurred. Please try again.");
    expect(authErrorMessage(new Error("Google sign-in was cancelled."))).toBe("Google sign-in was cancelled.");
    expect(authErrorMessage("weird")).toBe("An error occurred. Please try again.");
  });
});
