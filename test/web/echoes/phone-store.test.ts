// The phone settings store (web/echoes/phoneStore.ts) when a refresh and a change cross: a GET that
// started before "Link my phone number" answers after it with the settings from before. It must not
// wipe the new code from the screen (the race behind e2e/phone.test.ts's rare "no link code in 10 s").
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PhoneLinkCode, PhoneSettings } from "../../../protocol/phone";
import { choosePhoneEcho, loadPhoneSettings, requestLinkCode, servePhoneSettingsOf } from "../../../web/echoes/phoneStore";
import { currentPhoneSettings, rememberPhoneSettings } from "../../../web/echoes/phoneSnapshot";

/** A server whose answers the test releases one by one, in any order. */
function scriptedServer() {
  const server = {
    settings: { publicNumber: "+1 555 010 0199", linkedNumber: null, phoneEchoId: null, answeringEcho: null, pendingCode: null } as PhoneSettings,
    waiting: [] as Array<{ method: string; path: string; release: () => void }>,
  };
  vi.stubGlobal("fetch", (path: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    // The server state is read when the request arrives, like a real server would.
    let body: unknown;
    if (method === "POST" && path === "/api/phone/link-code") {
      const code: PhoneLinkCode = { code: "123456", expiresAt: Date.now() + 600_000 };
      server.settings = { ...server.settings, pendingCode: code };
      body = code;
    } else if (method === "PUT" && path === "/api/phone/echo") {
      server.settings = { ...server.settings, phoneEchoId: "e1", answeringEcho: { id: "e1", name: "Wren" } };
      body = server.settings;
    } else body = { ...server.settings };
    return new Promise<Response>((resolve) => server.waiting.push({ method, path, release: () => resolve(new Response(JSON.stringify(body))) }));
  });
  const answer = async (method: string, path: string) => {
    const i = server.waiting.findIndex((w) => w.method === method && w.path === path);
    expect(i, `${method} ${path} is waiting`).toBeGreaterThanOrEqual(0);
    server.waiting.splice(i, 1)[0]!.release();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { server, answer };
}

// The snapshot is module state: left set, it would change what other files' messages say (the unit
// project shares workers between files).
afterEach(() => {
  vi.unstubAllGlobals();
  rememberPhoneSettings(null);
});

describe("phone settings store", () => {
  it("keeps a new link code when a refresh from before it answers late", async () => {
    const { server, answer } = scriptedServer();
    const first = loadPhoneSettings(false);
    await answer("GET", "/api/phone");
    await first;
    expect(currentPhoneSettings()?.pendingCode).toBeNull();

    void loadPhoneSettings(true); // a feed event (echo_changed) refreshes quietly…
    const linking = requestLinkCode(); // …while the user asks for a code
    await answer("POST", "/api/phone/link-code");
    await linking;
    expect(currentPhoneSettings()?.pendingCode?.code).toBe("123456");

    await answer("GET", "/api/phone"); // the stale refresh answers: no code in it
    expect(currentPhoneSettings()?.pendingCode?.code).toBe("123456");
    // …and a fresh load follows, which has the code from the server.
    expect(server.waiting.map((w) => `${w.method} ${w.path}`)).toEqual(["GET /api/phone"]);
    await answer("GET", "/api/phone");
    expect(currentPhoneSettings()?.pendingCode?.code).toBe("123456");
  });

  it("keeps a chosen phone Echo when a refresh from before the choice answers late", async () => {
    const { answer } = scriptedServer();
    void loadPhoneSettings(true);
    const choosing = choosePhoneEcho("e1");
    await answer("PUT", "/api/phone/echo");
    await choosing;
    await answer("GET", "/api/phone");
    expect(currentPhoneSettings()?.answeringEcho?.name).toBe("Wren");
    await answer("GET", "/api/phone");
    expect(currentPhoneSettings()?.answeringEcho?.name).toBe("Wren");
  });

  it("loads again after a load that was on its way when another was asked for (a feed signal during the first load)", async () => {
    const { server, answer } = scriptedServer();
    const first = loadPhoneSettings(false); // the page's first load reads the server now…
    server.settings = { ...server.settings, linkedNumber: "+15550100777" }; // …a call links the number…
    void loadPhoneSettings(true); // …and its feed signal comes while the first load is on its way
    expect(server.waiting).toHaveLength(1); // one request at a time
    await answer("GET", "/api/phone");
    await first;
    expect(currentPhoneSettings()?.linkedNumber).toBeNull(); // the first answer, from before the link
    expect(server.waiting.map((w) => `${w.method} ${w.path}`)).toEqual(["GET /api/phone"]);
    await answer("GET", "/api/phone");
    expect(currentPhoneSettings()?.linkedNumber).toBe("+15550100777");
    expect(server.waiting).toHaveLength(0); // and no more than that one
  });

  it("never shows one user's settings to the next one signed in on the same page, even from a load still on its way", async () => {
    const { server, answer } = scriptedServer();
    servePhoneSettingsOf("user-a");
    server.settings = { ...server.settings, linkedNumber: "+15550100777", answeringEcho: { id: "ea", name: "Alder" } };
    const first = loadPhoneSettings(false);
    await answer("GET", "/api/phone");
    await first;
    expect(currentPhoneSettings()?.linkedNumber).toBe("+15550100777");
    void loadPhoneSettings(true); // A's quiet refresh is still on its way when A signs out

    servePhoneSettingsOf("user-b"); // B signs in on the same page
    expect(currentPhoneSettings()).toBeNull();
    server.settings = { ...server.settings, linkedNumber: null, answeringEcho: null }; // B's (A's answer is made)
    const forB = loadPhoneSettings(true); // a new load, not A's
    expect(server.waiting.map((w) => `${w.method} ${w.path}`)).toEqual(["GET /api/phone", "GET /api/phone"]);
    await answer("GET", "/api/phone"); // A's answer arrives: dropped
    expect(currentPhoneSettings()).toBeNull();
    await answer("GET", "/api/phone");
    await forB;
    expect(currentPhoneSettings()).toMatchObject({ linkedNumber: null, answeringEcho: null });
    servePhoneSettingsOf("user-b"); // the same user again changes nothing
    expect(currentPhoneSettings()).toMatchObject({ linkedNumber: null });
  });
});
