// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ApiKeys from "../../src/views/api-keys";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const activeKey = {
  keyId: "key_0000000001",
  name: "ci",
  prefix: "gp_live_ab",
  last4: "wxyz",
  state: "active",
  scopes: ["workspace:read"],
  createdAt: "2026-11-01T00:00:00Z",
  lastUsedAt: null,
  createdBy: { userId: "usr_1", email: "owner@acme.com" },
  viewerCanManage: true,
};

function renderKeys() {
  const router = createMemoryRouter([{ path: "/w/:slug/keys", element: <ApiKeys /> }], {
    initialEntries: ["/w/acme/keys"],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("rotating a key", () => {
  it("asks for a replacement and shows its one-time secret to acknowledge", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        if (input.method === "GET") return Response.json({ data: [activeKey] });
        const body = await input.json();
        bodies.push(body);
        if (body.action === "rotate")
          return Response.json({
            keyId: activeKey.keyId,
            action: "rotate",
            state: "active",
            replacement: {
              keyId: "key_0000000002",
              secret: "gp_live_newsecret",
              prefix: "gp_live_cd",
              last4: "abcd",
              deliveryId: "eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg",
            },
          });
        return Response.json({ keyId: "key_0000000002", action: "acknowledge", state: "active" });
      }),
    );
    renderKeys();
    await userEvent.click(await screen.findByRole("button", { name: "Rotate ci" }));
    const secret = await screen.findByLabelText("Secret");
    expect((secret as HTMLInputElement).value).toBe("gp_live_newsecret");
    await userEvent.click(screen.getByRole("button", { name: "I have stored the key" }));
    await screen.findByRole("heading", { name: "Create a key" });
    expect(bodies).toEqual([
      expect.objectContaining({ action: "rotate" }),
      expect.objectContaining({
        action: "acknowledge",
        deliveryId: "eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg",
      }),
    ]);
  });
});

describe("keys another person created", () => {
  it("names the creator and offers no rotate or revoke to a member who may not act on them", async () => {
    const colleagues = {
      ...activeKey,
      keyId: "key_0000000003",
      name: "theirs",
      viewerCanManage: false,
    };
    const gone = { ...activeKey, keyId: "key_0000000004", name: "orphan", createdBy: null };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: [colleagues, gone], nextCursor: null })),
    );
    renderKeys();
    await screen.findByText("theirs");
    expect(screen.getAllByText("owner@acme.com")).toHaveLength(1);
    expect(screen.getByText("a former member")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Rotate theirs" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Revoke theirs" })).toBeNull();
    expect(screen.getByRole("button", { name: "Rotate orphan" })).toBeTruthy();
  });
});
