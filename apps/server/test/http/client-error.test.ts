import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Sends bytes as they are and reads the whole answer (the server closes the connection). */
function rawExchange(bytes: string): Promise<string> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += String(chunk);
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function parseAnswer(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
}

describe("requests Node's HTTP parser refuses", () => {
  it("answers a 27 KB header with 431 headers_too_large in the envelope", async () => {
    const response = await fetch(`${t.url}/api/v1/health`, {
      headers: { "x-padding": "p".repeat(27 * 1024) },
    });
    expect(response.status).toBe(431);
    const body = (await response.json()) as any;
    expect(body.error.code).toBe("headers_too_large");
    expect(body.error.requestId).toMatch(/^req_/);
    expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("answers a malformed request line with 400 malformed_request", async () => {
    const answer = parseAnswer(await rawExchange("NOT HTTP AT ALL\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.body.error.code).toBe("malformed_request");
    expect(answer.body.error.requestId).toBe(answer.headers["x-request-id"]);
  });

  it("answers a header with a NUL byte with 400 malformed_request", async () => {
    const answer = parseAnswer(
      await rawExchange("GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n"),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("malformed_request");
  });

  it("logs the refusal with its request id, and keeps serving", async () => {
    const answer = parseAnswer(await rawExchange("GET / HTTP/9.9\r\n\r\n"));
    expect(t.logs.join("")).toContain(answer.body.error.requestId);
    expect((await fetch(`${t.url}/api/v1/health`)).status).toBe(200);
  });
});
