import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";

// Sign-in links are limited per mailbox (5 per 15 minutes: `a+1@` and `a+2@`
// are one mailbox) and per client address (20 per 15 minutes, IPv6 by /64).
let t: TestServer;
let mail: FakeAgentMail;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
  t = await startTestServer({
    env: {
      GEO_OPERATOR_MODE: "hosted",
      ...hostedSecretsEnv,
      ...mail.env("signin@geopulse.test"),
      GEO_TRUSTED_PROXIES: "loopback",
    },
  });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const ask = (email: string, address: string) =>
  t.request<any>("POST", "/api/v1/auth/sessions", {
    body: { email },
    headers: { "x-forwarded-for": address },
  });

describe("sign-in link limits", () => {
  it("counts plus-addressed and dotted spellings of one mailbox together", async () => {
    const spellings = [
      "relay+1@gmail.com",
      "re.lay@gmail.com",
      "RELAY+x@googlemail.com",
      "r.e.l.a.y+2@gmail.com",
      "relay@gmail.com",
    ];
    for (const [i, email] of spellings.entries()) {
      expect((await ask(email, `192.0.2.${i + 1}`)).status).toBe(202);
    }
    const limited = await ask("relay+6@gmail.com", "192.0.2.99");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mail.sentMessages()).toHaveLength(5);
  });

  it("limits one client address to 20 links per 15 minutes, whatever the addresses", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await ask(`person-${i}@example.com`, "198.51.100.5")).status).toBe(202);
    }
    const limited = await ask("person-20@example.com", "198.51.100.5");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask("person-20@example.com", "198.51.100.6")).status).toBe(202);
    t.clock.advance(15 * 60_000);
    expect((await ask("person-21@example.com", "198.51.100.5")).status).toBe(202);
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 0; i < 20; i++) {
      const address = `2001:db8:5:6::${(i + 1).toString(16)}`;
      expect((await ask(`v6-${i}@example.com`, address)).status).toBe(202);
    }
    expect((await ask("v6-late@example.com", "2001:db8:5:6:a:b:c:d")).status).toBe(429);
  });
});
