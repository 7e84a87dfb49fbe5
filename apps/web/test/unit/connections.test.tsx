// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Connections from "../../src/views/connections";
import { settingsKeys } from "../../src/views/settings/queries";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unconfigured = (provider: string) => ({
  provider,
  status: "unconfigured",
  property: null,
  credential: null,
  lastTestedAt: null,
  lastSyncedAt: null,
  lastErrorCode: null,
  lastError: null,
});

function renderConnections(
  answer: (request: Request) => Promise<Response>,
  entry = "",
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const body = request.method === "GET" ? undefined : await request.clone().json();
      calls.push({ method: request.method, path: new URL(request.url).pathname, body });
      if (request.method === "GET" && request.url.endsWith("/connections"))
        return Response.json({
          workspace: "acme",
          data: [unconfigured("search_console"), unconfigured("analytics")],
        });
      if (request.method === "GET") return Response.json({ data: [] });
      return answer(request);
    }),
  );
  const router = createMemoryRouter([{ path: "/w/:slug/connections", element: <Connections /> }], {
    initialEntries: [`/w/acme/connections${entry}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the connections view", () => {
  it("caches the credentials as Settings does (one key, one shape: the list)", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderConnections(async () => Response.json({}), "", client);
    await screen.findByRole("heading", { name: "Connections", level: 1 });
    await vi.waitFor(() =>
      expect(client.getQueryData(settingsKeys.credentials("acme"))).toEqual([]),
    );
  });

  it("sends the property of one provider and shows the API's 400 on its field", async () => {
    const calls = renderConnections(async () =>
      Response.json(
        {
          error: {
            code: "invalid_request",
            message: "The request is invalid.",
            requestId: "req_1",
            details: {
              fields: [
                {
                  field: "body.analytics.property",
                  rule: "pattern",
                  message: 'must match pattern "^\\d{6,12}$"',
                },
              ],
            },
          },
        },
        { status: 400 },
      ),
    );
    await userEvent.type(await screen.findByLabelText("GA4 property ID"), "12ab");
    await userEvent.click(screen.getByRole("button", { name: "Save Google Analytics 4" }));
    await screen.findByText("not in the expected form (see the hint)");
    expect(screen.getByLabelText("GA4 property ID").getAttribute("aria-invalid")).toBe("true");
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/v1/workspaces/acme/connections/configure",
      body: { analytics: { property: "12ab" } },
    });
  });

  it("says Google connected on return from the callback, and asks before disconnecting", async () => {
    renderConnections(async () => Response.json({}), "?connected=1");
    await screen.findByText(/^Connected to Google\./);
    expect(screen.getAllByText(/^Not connected/)).toHaveLength(2);
    expect(
      screen
        .getAllByRole("button", { name: "Disconnect" })
        .every((b) => b.hasAttribute("disabled")),
    ).toBe(true);
  });
});
