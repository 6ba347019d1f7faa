// The SPA's entry point (index.html loads only this). On "/" index.html already shows the
// prerendered landing page, and this runs the few lines that page needs (landing/staticLanding.ts)
// without loading React; the app (main.tsx) loads only when it is needed: a signed-in visitor, or
// any other URL (index.html's inline script empties #root there, so nothing stale shows).
import { startStaticLanding } from "./landing/staticLanding";
import "./styles.css";

const found = document.getElementById("root");
if (!found) throw new Error("#root missing");
const root: HTMLElement = found;

/**
 * Loads and mounts the React app. When the visitor is (probably) signed in, the dashboard chunk loads
 * alongside it rather than after the app has asked who is signed in (App lazy-loads the same module).
 */
async function startApp(dashboardLikely: boolean): Promise<void> {
  const app = import("./main");
  if (dashboardLikely) void import("./dashboard/Dashboard");
  (await app).mountApp(root);
}

const authScreen = new URLSearchParams(location.search).has("auth");
void (root.firstElementChild ? startStaticLanding(root, () => startApp(true)) : startApp(!authScreen));
