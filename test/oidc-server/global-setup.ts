// vitest globalSetup for the worker project: the local OIDC provider (./provider.ts) that the Worker's
// Google sign-in code talks to from inside workerd over HTTP. Its issuer URL reaches the workerd tests
// as the TEST_OIDC_ISSUER binding (vitest.config.ts).
import type { TestProject } from "vitest/node";
import { startMockOidcProvider } from "./provider";

declare module "vitest" {
  export interface ProvidedContext {
    oidcIssuer: string;
  }
}

export default async function setup(project: TestProject) {
  const provider = await startMockOidcProvider();
  project.provide("oidcIssuer", provider.issuer);
  return () => provider.stop();
}
