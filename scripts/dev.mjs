// `npm run dev`: migrate the local D1 database, then serve Worker + Durable Objects + SPA with Vite.
import { spawn } from "node:child_process";
import { migrateLocal } from "./local-db.mjs";
import { localToolEnv } from "./local-env.mjs";

migrateLocal();
const vite = spawn("npx", ["vite", "dev", ...process.argv.slice(2)], { stdio: "inherit", env: localToolEnv() });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
vite.on("exit", (code) => process.exit(code ?? 0));
