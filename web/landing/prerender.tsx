// Renders the landing page to HTML at build time (and per request under `vite dev`), for
// scripts/vite-prerender-landing.ts to put into index.html. No config is loaded here, so the phone
// number renders as a placeholder that the page fills in at run time (staticLanding.ts).
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { Landing } from "./Landing";

export function renderLandingHtml(): string {
  return renderToString(
    <StaticRouter location="/">
      <Landing />
    </StaticRouter>,
  );
}
