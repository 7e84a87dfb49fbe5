// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Team from "../../src/views/team";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = {
  memberId: "mem_1",
  workspace: "acme",
  email: "owner@example.com",
  displayName: "Owner",
  role: "owner",
  invitedAt: "2026-11-01T00:00:00Z",
  joinedAt: "2026-11-01T00:00:00Z",
};

function renderTeam(answer: (request: Request) => Promise<Response>, role = "owner") {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const body = request.method === "GET" ? undefined : await request.clone().json();
      calls.push({ method: request.method, path: new URL(request.url).pathname, body });
      if (request.method === "GET" && request.url.includes("/members"))
        return Response.json({ data: [owner], nextCursor: null });
      if (request.method === "GET" && new URL(request.url).pathname === "/api/v1/workspaces/acme")
        return Response.json({ slug: "acme", role });
      if (request.method === "GET" && request.url.includes("/invitations"))
        return Response.json({
          data: [
            {
              invitationId: "inv_1",
              email: "new@example.com",
              role: "member",
              expiresAt: "2026-12-01T00:00:00Z",
            },
          ],
        });
      if (request.method === "GET") return Response.json({ data: [] });
      return answer(request);
    }),
  );
  const router = createMemoryRouter([{ path: "/w/:slug/team", element: <Team /> }], {
    initialEntries: ["/w/acme/team"],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the team view", () => {
  it("shows the API's 400 on the email field", async () => {
    renderTeam(async () =>
      Response.json(
        {
          error: {
            code: "invalid_request",
            message: "The request is invalid.",
            requestId: "req_1",
            details: {
              fields: [
                { field: "body.email", rule: "format", message: 'must match format "email"' },
              ],
            },
          },
        },
        { status: 400 },
      ),
    );
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await screen.findByText("not a valid email address");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("changes a member's role through PATCH", async () => {
    const calls = renderTeam(async () => Response.json({ ...owner, role: "admin" }));
    await userEvent.selectOptions(
      await screen.findByLabelText("Role of owner@example.com"),
      "admin",
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toEqual({
        method: "PATCH",
        path: "/api/v1/workspaces/acme/members/mem_1",
        body: { role: "admin" },
      }),
    );
  });

  it("shows a member the team without what only owners and admins may do", async () => {
    renderTeam(async () => new Response(null, { status: 500 }), "member");
    await screen.findByText("Only owners and admins invite people and change roles.");
    expect(screen.queryByRole("button", { name: "Send invitation" })).toBeNull();
    expect((screen.getByLabelText("Role of owner@example.com") as HTMLSelectElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole("button", { name: "Remove owner@example.com" })).toBeNull();
    await screen.findByText(/new@example.com as member/);
    expect(
      screen.queryByRole("button", { name: "Revoke the invitation of new@example.com" }),
    ).toBeNull();
  });
});
