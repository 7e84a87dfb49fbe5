import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { contractValidator } from "../../src/http/contract-validator.js";

/**
 * Test servers in one process share one contract validator (its compiled
 * schemas are the costly part). Every app it serves gets the contract's path
 * parameters (converted to their schema's type), not only the first app that
 * used it: our patch of express-openapi-validator installs them per app.
 */
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/api/items/{n}": {
      get: {
        parameters: [{ name: "n", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};
const shared = contractValidator({ openApiDocument: document, validateResponses: false });
const servers: ReturnType<express.Express["listen"]>[] = [];

async function startApp(): Promise<string> {
  const app = express();
  app.use(shared);
  app.get("/api/items/:n", (req, res) => {
    res.json({ n: req.params.n, type: typeof req.params.n });
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => {
  for (const server of servers) server.close();
});

describe("a contract validator shared by two apps", () => {
  it("converts path parameters on both, the second app as the first", async () => {
    const [first, second] = [await startApp(), await startApp()];
    for (const url of [first, second, first]) {
      const response = await fetch(`${url}/api/items/42`);
      expect(await response.json()).toEqual({ n: 42, type: "number" });
    }
    expect((await fetch(`${second}/api/items/x`)).status).toBe(400);
  });
});
