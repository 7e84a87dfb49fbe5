import { afterAll, beforeAll, describe, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-404");
});
afterAll(() => f.close());

describe("getSeoRefresh: 404", () => {
  it("answers not_found for a refresh that does not exist or is another workspace's", async () => {
    expectError(await f.get("seo_01JD0000000000000000000000"), 404, "not_found");
    const other = await f.connectedWorkspace("seo-404-other");
    const started = await f.refresh({}, f.slug);
    expectError(await f.get(started.body.refreshId, other), 404, "not_found");
  });

  it("answers workspace_not_found for an unknown workspace", async () => {
    expectError(await f.refresh({}, "nope-404"), 404, "workspace_not_found");
  });
});
