import { describe, expect, it } from "vitest";
import { allOperations, describeOperation, pathFor } from "../harness/operations.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let outsider: string;
let foreignSlug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const owner = await t.signIn("owner@example.com");
  foreignSlug = await t.createWorkspace(owner, { brand: "foreign" });
  outsider = await t.signIn("outsider@example.com");
  await t.createWorkspace(outsider, { brand: "own" });
});

const workspaceOperations = allOperations.filter(
  (operation) => operation.workspaceScoped && !operation.access.public,
);

/** Identifiers that must all look the same: 404 workspace_not_found. */
const identifiers = (): Array<[string, string]> => [
  ["another user's workspace", foreignSlug],
  ["an absent workspace", "does-not-exist"],
  ["upper case", "FOREIGN"],
  ["a dot", "fore.ign"],
  ["an underscore", "for_eign"],
  ["a percent-encoded slash", "foreign%2Fx"],
  ["unicode", "f\u00f6reign"],
  ["200 characters", "a".repeat(200)],
];

describe("the uniform 404 workspace_not_found", () => {
  it.each(
    workspaceOperations.map((operation) => [describeOperation(operation), operation] as const),
  )("%s", async (_name, operation) => {
    const bodies = [];
    for (const [, slug] of identifiers()) {
      const response = await t.request<any>(
        operation.method.toUpperCase(),
        pathFor(operation, slug),
        {
          cookie: outsider,
          ...(operation.method === "get" ? {} : { body: { not: "validated before access" } }),
        },
      );
      expect(response.status, `${slug}`).toBe(404);
      const { requestId, ...rest } = response.body.error;
      expect(requestId).toBe(response.headers.get("x-request-id"));
      bodies.push(rest);
    }
    for (const body of bodies) {
      expect(body).toEqual({ code: "workspace_not_found", message: "Workspace not found." });
    }
  });
});
