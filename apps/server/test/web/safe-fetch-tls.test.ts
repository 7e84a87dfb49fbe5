import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Resolver, safeFetch } from "../../src/web/safe-fetch.js";

let server: Server;
let port: number;
let cert: string;
const seen: Array<{ servername: string | false | null; host: string | undefined }> = [];
const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "geo-tls-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=secure.test",
      "-addext",
      "subjectAltName=DNS:secure.test",
    ],
    { stdio: "ignore" },
  );
  cert = readFileSync(join(dir, "cert.pem"), "utf8");
  server = createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
    seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host });
    res.writeHead(200, { "content-type": "text/html" }).end("<html>secure</html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Fetches `https://<name>:<port>/` with the name resolving to loopback (allowed). */
const fetchName = (name: string) =>
  safeFetch({
    url: `https://${name}:${port}/`,
    policy: { allowLoopback: true, allowedPorts: [port] },
    userAgent: "test",
    expect: "html",
    resolve: toLoopback,
    ca: cert,
  });

describe("safe fetching over TLS with a pinned address", () => {
  it("connects to the checked address and keeps the name for SNI, the certificate and Host", async () => {
    const result = await fetchName("secure.test");
    expect(result).toMatchObject({ ok: true, status: 200, address: "127.0.0.1" });
    expect(seen.at(-1)).toEqual({ servername: "secure.test", host: `secure.test:${port}` });
  });

  it("fails the connection when the certificate does not name the host", async () => {
    const result = await fetchName("other.test");
    expect(result).toMatchObject({
      ok: false,
      reason: "connection_failed",
      message: "The server's certificate is not valid for this address.",
      detail: "ERR_TLS_CERT_ALTNAME_INVALID",
    });
  });
});
