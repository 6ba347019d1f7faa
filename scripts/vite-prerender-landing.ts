// Vite plugin: puts the landing page's HTML (web/landing/prerender.tsx, rendered with
// react-dom/server) into index.html's #root, at build time and on every page load under `vite dev`,
// so the landing paints before any JavaScript runs. index.html's inline script empties #root on
// every other URL; web/boot.ts decides what runs next.
import { resolve } from "node:path";
import { type Plugin, type ViteDevServer, runnerImport } from "vite";

const ENTRY = "web/landing/prerender.tsx";
const ROOT = '<div id="root"></div>';

interface PrerenderModule {
  renderLandingHtml(): string;
}

function isPrerenderModule(m: unknown): m is PrerenderModule {
  return typeof m === "object" && m !== null && typeof (m as { renderLandingHtml?: unknown }).renderLandingHtml === "function";
}

export function prerenderLanding(): Plugin {
  let server: ViteDevServer | undefined;
  let root = process.cwd();
  return {
    name: "echo:prerender-landing",
    configResolved(config) {
      root = config.root;
    },
    configureServer(devServer) {
      server = devServer;
    },
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the landing prerender`);
        // Under `vite dev` the dev server's SSR module graph (picks up edits); in a build a one-off runner.
        const mod: unknown = server
          ? await server.ssrLoadModule(`/${ENTRY}`)
          : (await runnerImport(resolve(root, ENTRY), { configFile: false, root, logLevel: "error" })).module;
        if (!isPrerenderModule(mod)) throw new Error(`${ENTRY} must export renderLandingHtml()`);
        return html.replace(ROOT, `<div id="root">${mod.renderLandingHtml()}</div>`);
      },
    },
  };
}
