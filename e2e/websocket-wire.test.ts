// What clients really negotiate with the Worker on the wire. Here the suite's build of the Worker runs
// under `wrangler dev` (workerd answers the upgrade itself) rather than Vite's server, whose Node side
// terminates browser sockets on its own. Every socket of ours declines per-message compression (worker/http/websocket.ts):
// browsers always offer permessage-deflate, and the 101 must agree to nothing — and the socket must
// still work.
import NodeWebSocket from "ws";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { PING_FRAME, PONG_FRAME } from "../protocol/heartbeat";
import { CALL_SOCKET_PATH, FEED_SOCKET_PATH, versionedPath } from "../protocol/sockets";
import { type LocalApp, startLocalApp } from "../scripts/local-app";
import { useBrowser } from "./support/browser";

// The page the socket is opened from is a blank one Playwright serves for the app's origin (below); Chromium
// takes such a page for the public internet and would refuse it a socket to 127.0.0.1 (Local Network Access).
const browser = useBrowser({ extraArgs: ["--disable-features=LocalNetworkAccessChecks"] });
let app: LocalApp;

// Migrating D1 and starting `wrangler dev` on the built Worker (no local speech engines to load) takes
// a few seconds; beside the rest of a full `npm test`, room for much more.
beforeAll(async () => {
  app = await startLocalApp("built", "offline", inject("builtWorkerConfig"));
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it("Chromium's feed socket opens without permessage-deflate and carries messages", async () => {
  const user = app.createUser("wire-browser");
  const [name, value] = user.cookie.split("=") as [string, string];
  const page = await browser.newPage();
  // The session cookie is __Host-: Secure, Path=/ and no Domain attribute (a host-only cookie, as the
  // Worker sets it); Chromium sends Secure cookies over http only to loopback, as here.
  await page.context().addCookies([{ name, value, domain: new URL(app.baseURL).hostname, path: "/", secure: true }]);
  // A blank document of the app's origin (the built Worker alone serves no pages, and an API answer's
  // policy lets a document connect nowhere): Chromium opens the socket from it as the SPA would.
  await page.route(`${app.baseURL}/blank`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>blank</title>" }));
  await page.goto(`${app.baseURL}/blank`);
  const result = await page.evaluate(
    ({ path, ping }) =>
      new Promise<{ extensions: string; reply: string }>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}${path}`);
        ws.onerror = () => reject(new Error("the feed socket failed"));
        ws.onopen = () => ws.send(ping);
        ws.onmessage = (ev) => {
          resolve({ extensions: ws.extensions, reply: String(ev.data) });
          ws.close();
        };
      }),
    { path: versionedPath(FEED_SOCKET_PATH), ping: PING_FRAME },
  );
  expect(result).toEqual({ extensions: "", reply: PONG_FRAME });
});

it("a client offering permessage-deflate gets plain frames on every socket route", async () => {
  const user = app.createUser("wire-node");
  const open = (path: string) =>
    new Promise<NodeWebSocket>((resolve, reject) => {
      const ws = new NodeWebSocket(`${app.baseURL.replace(/^http/, "ws")}${path}`, {
        headers: { Cookie: user.cookie, Origin: app.baseURL },
        perMessageDeflate: true,
      });
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });
  for (const path of [versionedPath(FEED_SOCKET_PATH), versionedPath(CALL_SOCKET_PATH)]) {
    const ws = await open(path);
    expect({ path, extensions: ws.extensions }).toEqual({ path, extensions: "" });
    ws.close();
  }
});
