import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * The verification page's own script, as served, run against the real server
 * with a minimal stand-in for the browser's DOM (just what the script touches):
 * what a person sees and what Approve sends.
 */
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("page@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pagebrand" });
});
afterAll(() => t.close());

interface Node {
  id?: string;
  tag: string;
  hidden: boolean;
  textContent: string;
  value: string;
  checked: boolean;
  parentElement: Node | null;
  children: Node[];
  onclick?: () => unknown;
  append(...nodes: Array<Node | string>): void;
  replaceChildren(...nodes: Array<Node | string>): void;
}

function node(tag: string, attributes: { id?: string; value?: string } = {}): Node {
  const self: Node = {
    ...(attributes.id ? { id: attributes.id } : {}),
    tag,
    hidden: false,
    textContent: "",
    value: attributes.value ?? "",
    checked: false,
    parentElement: null,
    children: [],
    append(...nodes) {
      for (const child of nodes) {
        if (typeof child === "string") continue;
        const old = child.parentElement;
        if (old) old.children = old.children.filter((c) => c !== child);
        child.parentElement = self;
        self.children.push(child);
      }
    },
    replaceChildren(...nodes) {
      self.children = [];
      self.append(...nodes);
    },
  };
  return self;
}

/** The page's elements by id, with each scope box in a label under #more, as the markup has them. */
function documentOf(html: string) {
  const byId = new Map<string, Node>();
  for (const match of html.matchAll(/<(\w+)[^>]*\sid="([^"]+)"([^>]*)>/g)) {
    const element = node(match[1] as string, { id: match[2] as string });
    element.hidden = /\shidden\b/.test(match[0]);
    byId.set(element.id as string, element);
  }
  const more = byId.get("more") as Node;
  for (const match of html.matchAll(/<label><input type="checkbox" value="([^"]+)">/g)) {
    const label = node("label");
    label.append(node("input", { value: match[1] as string }));
    more.append(label);
  }
  const boxesIn = (id: string) => (byId.get(id) as Node).children.flatMap((l) => l.children);
  return {
    byId,
    boxesIn,
    document: {
      getElementById: (id: string) => byId.get(id),
      createElement: (tag: string) => node(tag),
      querySelectorAll: (selector: string) => {
        expect(selector).toBe("#asked input, #more input");
        return [...boxesIn("asked"), ...boxesIn("more")];
      },
    },
  };
}

async function openPage(userCode: string) {
  const html = (await t.request("GET", `/device?user_code=${userCode}`)).text;
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] as string;
  const page = documentOf(html);
  const browserFetch = (path: string, init: RequestInit) =>
    fetch(`${t.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), cookie } });
  runInNewContext(script, {
    document: page.document,
    location: { search: `?user_code=${userCode}`, reload: () => {} },
    fetch: browserFetch,
    URLSearchParams,
    JSON,
    Error,
  });
  const $ = (id: string) => page.byId.get(id) as Node;
  await eventually(async () => ($("decide").hidden ? undefined : true), 5_000).catch(() => {
    throw new Error(`the decision never showed: ${$("status").textContent}`);
  });
  return { $, page };
}

describe("the verification page's script", () => {
  it("ticks the scopes asked for, offers the others, and approves what is ticked", async () => {
    const started = await t.request<any>("POST", "/api/v1/device-authorizations", {
      body: { clientName: "laptop", scopes: ["metrics:read", "credits:read"] },
    });
    const { $, page } = await openPage(started.body.userCode);
    expect($("client").textContent).toBe("laptop");
    const asked = page.boxesIn("asked");
    // In the contract's order.
    expect(asked.map((b) => [b.value, b.checked])).toEqual([
      ["metrics:read", true],
      ["credits:read", true],
    ]);
    const more = page.boxesIn("more");
    expect(more.length).toBeGreaterThan(10);
    expect(more.every((b) => !b.checked)).toBe(true);
    expect($("workspace").children.map((o) => o.value)).toContain(slug);
    $("workspace").value = slug;

    // Grant one more, untick one asked for.
    (more.find((b) => b.value === "runs:write") as Node).checked = true;
    (asked.find((b) => b.value === "credits:read") as Node).checked = false;
    await $("approve").onclick?.();
    expect($("status").textContent).toBe("Approved. You can return to your device.");
    const stored = await t.server.ctx.prisma.deviceAuthorization.findFirstOrThrow({
      where: { clientName: "laptop" },
    });
    expect([...stored.approvedScopes].sort()).toEqual(["metrics:read", "runs:write"]);
  });

  it("ticks workspace:read when nothing was asked for, and refuses to approve nothing", async () => {
    const started = await t.request<any>("POST", "/api/v1/device-authorizations", {
      body: { clientName: "bare" },
    });
    const { $, page } = await openPage(started.body.userCode);
    const asked = page.boxesIn("asked");
    expect(asked.map((b) => b.value)).toEqual(["workspace:read"]);
    (asked[0] as Node).checked = false;
    await $("approve").onclick?.();
    expect($("status").textContent).toBe("Tick at least one scope.");
    const row = await t.server.ctx.prisma.deviceAuthorization.findFirstOrThrow({
      where: { clientName: "bare" },
    });
    expect(row.status).toBe("pending");
  });
});
