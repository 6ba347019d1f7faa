// `npm run seed`: fills the LOCAL dev database (the one `npm run dev` uses: .wrangler/state, or
// ECHO_STATE_DIR) with a demo user, Echoes and realistic past calls. Re-running replaces the demo user.
//   npm run seed                       demo@echo.local / echo-demo, 60 calls
//   npm run seed -- --calls 500 --email me@example.com --password secret123
// The newest calls (--recordings, default 8) get recordings: their lines spoken by the offline voice.
import { parseArgs } from "node:util";
import { hashPassword } from "../worker/auth/password";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "./local-db.mjs";
import { buildDemoData } from "./seed/demo";
import { addDemoRecordings, putLocalRecordings } from "./seed/recordings";
import { demoSql, runLocalSql, userSql } from "./seed/sql";

const { values } = parseArgs({
  options: {
    email: { type: "string", default: "demo@echo.local" },
    password: { type: "string", default: "echo-demo" },
    name: { type: "string", default: "Demo User" },
    calls: { type: "string", default: "60" },
    days: { type: "string", default: "30" },
    recordings: { type: "string", default: "8" },
  },
});

const calls = Number(values.calls);
const days = Number(values.days);
if (!Number.isInteger(calls) || calls < 0 || calls > 100_000) throw new Error("--calls must be a whole number from 0 to 100000");
if (!Number.isFinite(days) || days <= 0) throw new Error("--days must be a positive number");
if (values.password.length < 6) throw new Error("--password must be at least 6 characters (spec §5)");

const now = Date.now();
const userId = crypto.randomUUID();
console.log("Migrating the local database…");
migrateLocal();
const data = buildDemoData({ calls, days, now, idPrefix: userId.slice(0, 8) });
const recordings = addDemoRecordings(data, Math.min(calls, Math.max(0, Number(values.recordings) || 0)));
console.log(`Seeding ${data.echoes.length} Echoes, ${data.calls.length} calls, ${data.entries.length} transcript entries…`);
runLocalSql([
  ...userSql({ id: userId, email: values.email, displayName: values.name, passwordHash: await hashPassword(values.password), createdAt: now - (days + 7) * 86_400_000 }),
  ...demoSql(userId, data),
]);
console.log(`Storing ${recordings.length} call recordings in the local R2 bucket…`);
putLocalRecordings(recordings);
console.log(`
Done. Start the app with \`npm run dev\` and sign in as:
  email:    ${values.email.toLowerCase()}
  password: ${values.password}
`);
