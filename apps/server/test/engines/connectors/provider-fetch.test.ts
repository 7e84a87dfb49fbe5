import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderFetch } from "../../../src/engines/connectors/provider-fetch.js";

/**
 * The providers' SDKs send through `createProviderFetch`: it must keep the Fetch API's
 * contract where the SDKs rely on it (bodies, headers, statuses, decompression, streaming,
 * how failures and aborts reject), here against a local server and through the OpenAI SDK.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = "";
let connections = 0;
const provider = createProviderFetch();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => routes.get(req.url ?? "")?.(req, res, body));
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await provider.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the providers' fetch", () => {
  it("sends the method, headers and body, and answers status, headers and JSON", async () => {
    routes.set("/echo", (req, res, body) => {
      res.writeHead(201, { "content-type": "application/json", "x-request-id": "req_1" });
      res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body }));
    });
    const response = await provider.fetch(`${base}/echo`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer k", "content-type": "application/json" }),
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${base}/echo`);
    expect(response.headers.get("x-request-id")).toBe("req_1");
    expect(await response.json()).toEqual({ method: "POST", auth: "Bearer k", body: '{"a":1}' });
  });

  it("decompresses a gzip answer, as fetch does", async () => {
    routes.set("/gzip", (req, res) => {
      expect(req.headers["accept-encoding"]).toContain("gzip");
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ zipped: true })));
    });
    const response = await provider.fetch(`${base}/gzip`);
    expect(await response.json()).toEqual({ zipped: true });
  });

  it("decompresses an error answer too (its JSON says why: quota, retry delay)", async () => {
    routes.set("/quota", (_req, res) => {
      res.writeHead(429, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ error: { code: "insufficient_quota" } })));
    });
    const response = await provider.fetch(`${base}/quota`);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: { code: "insufficient_quota" } });
  });

  it("fails a body cut off mid-way as fetch does: a TypeError 'terminated' with the cause", async () => {
    routes.set("/cut", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"partial":');
      setImmediate(() => res.socket?.destroy());
    });
    const response = await provider.fetch(`${base}/cut`);
    const failure = await response.text().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("terminated");
    expect((failure as TypeError).cause).toBeDefined();
  });

  it("gives a 204 no body, and an error status its body", async () => {
    routes.set("/empty", (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    routes.set("/limited", (_req, res) => {
      res.writeHead(429, { "retry-after": "3", "content-type": "application/json" });
      res.end('{"error":{"message":"slow down"}}');
    });
    const empty = await provider.fetch(`${base}/empty`, { method: "DELETE" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const limited = await provider.fetch(`${base}/limited`);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "3"]);
    expect(await limited.json()).toEqual({ error: { message: "slow down" } });
  });

  it("streams the body as it arrives (server-sent events)", async () => {
    let finish: () => void = () => {};
    routes.set("/events", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      finish = () => res.end("data: two\n\n");
    });
    const response = await provider.fetch(`${base}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    finish();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe("data: two\n\n");
  });

  it("rejects a network failure as fetch does: a TypeError with its cause", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await provider.fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("fetch failed");
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
  });

  it("rejects an aborted request with the signal's reason", async () => {
    routes.set("/slow", () => {});
    const controller = new AbortController();
    const pending = provider.fetch(`${base}/slow`, { signal: controller.signal });
    controller.abort();
    const failure = await pending.catch((e: unknown) => e);
    expect((failure as Error).name).toBe("AbortError");
  });

  it("serves the OpenAI SDK over kept-alive connections", async () => {
    routes.set("/v1/chat/completions", (_req, res, body) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 1,
          model: JSON.parse(body).model,
          choices: [
            {
              index: 0,
              finish_reason: "stop",
              message: { role: "assistant", content: "hello", refusal: null },
            },
          ],
        }),
      );
    });
    const client = new OpenAI({ apiKey: "k", baseURL: `${base}/v1`, fetch: provider.fetch });
    const before = connections;
    for (let i = 0; i < 5; i++) {
      const answer = await client.chat.completions.create({
        model: "gpt-test",
        messages: [{ role: "user", content: "hi" }],
      });
      expect(answer.choices[0]?.message.content).toBe("hello");
    }
    expect(connections - before).toBeLessThanOrEqual(1);
  });
});
