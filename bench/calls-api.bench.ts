// Call History API at scale: one user with 10,000 calls (and their transcripts) in local D1.
// Target (issue 3): GET /api/calls p95 ≤ 20 ms.
import { buildDemoData } from "../scripts/seed/demo";
import { demoSql } from "../scripts/seed/sql";
import { type Figure, defineBench, latencyFigures, timeIt } from "./support/bench";

const CALLS = 10_000;
const TARGET_P95_MS = 20;

export default defineBench({
  name: "calls-api",
  async run(ctx) {
    const app = await ctx.app();
    const user = app.createUser("calls-bench");
    const other = app.createUser("calls-bench-other");
    const t0 = performance.now();
    const data = buildDemoData({ calls: CALLS, days: 365, now: Date.now(), idPrefix: user.id.slice(0, 8), seed: 7 });
    app.sql(demoSql(user.id, data));
    app.sql(demoSql(other.id, buildDemoData({ calls: 1000, days: 365, now: Date.now(), idPrefix: other.id.slice(0, 8), seed: 8 })));
    ctx.log(`seeded ${CALLS} calls / ${data.entries.length} transcript entries (+1,000 calls of another user) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const headers = { Cookie: user.cookie };
    const get = async (path: string) => {
      const res = await fetch(`${app.baseURL}${path}`, { headers });
      if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ calls?: { id: string }[]; nextCursor?: string | null }>;
    };

    const first = await get("/api/calls?limit=20");
    if (first.calls?.length !== 20) throw new Error(`expected a full first page, got ${first.calls?.length}`);

    const figures: Figure[] = [];
    // Baseline: the same path (vite dev → workerd) for a route without D1, to tell transport from query cost.
    figures.push(
      ...latencyFigures("baseline GET /api/config (no D1)", await timeIt(() => fetch(`${app.baseURL}/api/config`).then((r) => r.text()), { warmup: 30, iterations: 300 })),
    );
    figures.push(...latencyFigures("GET /api/calls (first page, 20)", await timeIt(() => get("/api/calls?limit=20"), { warmup: 30, iterations: 400 }), TARGET_P95_MS));

    // Walk deep into the history with cursors: every page must be as quick as the first.
    const cursors: string[] = [];
    let cursor = first.nextCursor ?? null;
    for (let i = 0; i < 60 && cursor; i++) {
      cursors.push(cursor);
      cursor = (await get(`/api/calls?limit=100&cursor=${encodeURIComponent(cursor)}`)).nextCursor ?? null;
    }
    figures.push(
      ...latencyFigures(
        "GET /api/calls (cursor pages, 20)",
        await timeIt((i) => get(`/api/calls?limit=20&cursor=${encodeURIComponent(cursors[i % cursors.length]!)}`), { warmup: 20, iterations: 400 }),
        TARGET_P95_MS,
      ),
    );
    figures.push(
      ...latencyFigures(
        "GET /api/calls?callType=browser_test",
        await timeIt(() => get("/api/calls?limit=20&callType=browser_test"), { warmup: 20, iterations: 300 }),
        TARGET_P95_MS,
      ),
    );
    const ids = first.calls.map((c) => c.id);
    figures.push(...latencyFigures("GET /api/calls/:id (full transcript)", await timeIt((i) => get(`/api/calls/${ids[i % ids.length]}`), { warmup: 20, iterations: 300 })));
    figures.push(...latencyFigures(`GET /api/calls/search (${data.entries.length} entries)`, await timeIt(() => get("/api/calls/search?q=interview"), { warmup: 5, iterations: 100 })));
    return figures;
  },
});
