// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Settings from "../../src/views/settings/index";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const competitor = (competitorId: string, name: string) => ({
  competitorId,
  name,
  domains: [`${name.toLowerCase()}.com`],
  aliases: [name],
  ambiguous: false,
  position: 0,
  createdAt: "2026-11-24T12:00:00.000Z",
  updatedAt: "2026-11-24T12:00:00.000Z",
});

const problem = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message, requestId: "req_1" } }, { status });

/** The network boundary answers as the server does, by method and path. */
function serve(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const route = `${request.method} ${new URL(request.url).pathname}`;
      calls.push(route);
      const answer = routes[route];
      return answer ? answer() : problem(404, "not_found", `No route ${route}`);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: "/w/:slug/settings/:section?", element: <Settings /> }],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the competitors section", () => {
  it("removes a competitor only after the confirmation, and says a refusal in words", async () => {
    const calls = serve({
      "GET /api/v1/workspaces/acme/competitors": () =>
        Response.json({ data: [competitor("c1", "Globex"), competitor("c2", "Initech")] }),
      "DELETE /api/v1/workspaces/acme/competitors/c1": () =>
        problem(409, "too_few_competitors", "A workspace keeps at least 2 competitors."),
    });
    renderAt("/w/acme/settings/competitors");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Globex" }));
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Yes, remove Globex" }));
    await screen.findByText(/A workspace keeps at least 2 competitors/);
  });

  it("says when a name is taken (409) and keeps what was typed", async () => {
    serve({
      "GET /api/v1/workspaces/acme/competitors": () =>
        Response.json({ data: [competitor("c1", "Globex"), competitor("c2", "Initech")] }),
      "POST /api/v1/workspaces/acme/competitors": () =>
        problem(409, "competitor_exists", "A competitor named globex exists."),
    });
    renderAt("/w/acme/settings/competitors");
    const add = await screen.findByRole("group", { name: "Add a competitor" });
    const name = add.querySelector("input") as HTMLInputElement;
    await userEvent.type(name, "globex");
    await userEvent.click(screen.getByRole("button", { name: "Add competitor" }));
    await screen.findByText(/A competitor named globex exists/);
    expect(name.value).toBe("globex");
  });
});

describe("a settings section's save state", () => {
  it("shows unsaved changes, then saved, and cancel restores the stored value", async () => {
    const profile = { description: null, category: null, positioning: null, markets: [] };
    serve({
      "GET /api/v1/workspaces/acme/profile": () => Response.json(profile),
      "PUT /api/v1/workspaces/acme/profile": () =>
        Response.json({ ...profile, category: "analytics" }),
    });
    renderAt("/w/acme/settings/profile");
    const category = (await screen.findByLabelText("Category")) as HTMLInputElement;
    await userEvent.type(category, "analytics");
    expect(screen.getByText("Unsaved changes.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Saved.");
    await userEvent.type(category, "!");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(category.value).toBe("analytics"));
  });
});
