// The SPA's entry point (index.html loads only this). On "/" index.html already shows the
// prerendered landing page, and this runs the few lines that page needs (landing/staticLanding.ts)
// without loading React; the app (main.tsx) loads only when it is needed: a signed-in visitor, or
// any other URL (index.html's inline script empties #root there, so nothing stale shows).
import { startStaticLanding } from "./landing/staticLanding";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");

const startApp = async () => {
  const { mountApp } = await import("./main");
  mountApp(root);
};

void (root.firstElementChild ? startStaticLanding(root, startApp) : startApp());
