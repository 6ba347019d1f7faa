// The React app (loaded by boot.ts when it is needed).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";

/** Mounts the React app on `root`; its first render replaces whatever `root` shows (e.g. the prerendered landing). */
export function mountApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
