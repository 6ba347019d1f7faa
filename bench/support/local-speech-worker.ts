// The Worker with the local speech engines (the source build, AI_PROVIDER=local) in workerd, reached
// directly, with a signed-in user and an Echo of theirs already in its database: the app a self-hosted
// deployment runs, for the local-speech bench and its stall finder.
import { signedInUserSql } from "../../scripts/local-app";
import { runLocalSql } from "../../scripts/seed/sql";
import { insertBenchEcho } from "./bench-echo";
import { startDevWorker } from "./dev-worker";

export interface LocalSpeechWorker {
  baseURL: string;
  userId: string;
  /** The user's Cookie header. */
  cookie: string;
  echoId: string;
  stop(): Promise<void>;
}

export async function startLocalSpeechWorker(opts: { inspectorPort?: number; onLog?: (line: string) => void } = {}): Promise<LocalSpeechWorker> {
  const { user, sql } = signedInUserSql("local-speech");
  const echoId = insertBenchEcho({ sql: (statements) => sql.push(...statements) }, user.id, "empathetic", "default");
  const worker = await startDevWorker({
    vars: { AI_PROVIDER: "local" },
    build: "source",
    inspectorPort: opts.inspectorPort,
    prepare: (stateDir) => runLocalSql(sql, stateDir),
    onLog: opts.onLog,
  });
  return { baseURL: worker.directURL, userId: user.id, cookie: user.cookie, echoId, stop: worker.stop };
}
