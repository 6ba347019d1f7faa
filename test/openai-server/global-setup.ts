// vitest globalSetup: the local OpenAI-compatible server (./server.ts) that the Worker's
// OpenAI-compatible engine talks to from inside workerd over HTTP. Its base URL reaches the workerd
// tests as the TEST_OPENAI_BASE_URL binding, and configures the worker-openai project's calls.
import type { TestProject } from "vitest/node";
import { startOpenAiTestServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    openaiBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startOpenAiTestServer();
  project.provide("openaiBaseUrl", server.baseURL);
  return () => server.stop();
}
