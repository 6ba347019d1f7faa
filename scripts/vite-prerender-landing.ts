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
  // Under `vite dev`: rendered once, again after any edit under web/ (every page load would cost
  // ~100–250 ms otherwise).
  let cached: string | null = null;
  return {
    name: "echo:prerender-landing",
    configResolved(config) {
      root = config.root;
    },
    configureServer(devServer) {
      server = devServer;
      const forget = (file: string) => {
        if (file.startsWith(resolve(root, "web"))) cached = null;
      };
      for (const event of ["add", "change", "unlink"] as const) devServer.watcher.on(event, forget);
    },
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the landing prerender`);
        cached ??= await render(server, root);
        return html.replace(ROOT, `<div id="root">${cached}</div>`);
      },
    },
  };
}

/** The landing's HTML: under `vite dev` through the dev server's SSR module graph, in a build through a one-off runner. */
async function render(server: ViteDevServer | undefined, root: string): Promise<string> {
  const mod: unknown = server
    ? await server.ssrLoadModule(`/${ENTRY}`)
    : (await runnerImport(resolve(root, ENTRY), { configFile: false, root, logLevel: "error" })).module;
  if (!isPrerenderModule(mod)) throw new Error(`${ENTRY} must export renderLandingHtml()`);
  return mod.renderLandingHtml();
}
