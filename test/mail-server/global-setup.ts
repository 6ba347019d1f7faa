// vitest globalSetup: the local stand-in for Resend's HTTP API (./server.ts). Its base URL reaches the
// workerd tests as the TEST_MAIL_BASE_URL binding.
import type { TestProject } from "vitest/node";
import { startMailTestServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    mailBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startMailTestServer();
  project.provide("mailBaseUrl", server.baseURL);
  return () => server.stop();
}
