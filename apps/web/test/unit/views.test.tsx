// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Deltas } from "../../src/components/estimate";
import CreateWorkspace from "../../src/views/create-workspace";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(element: ReactNode) {
  const router = createMemoryRouter([
    { path: "/", element },
    { path: "/w/:slug", element: <p>created</p> },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the creation form", () => {
  it("shows the API's 400 details next to the fields they name", async () => {
    // The network boundary answers as the server does for an invalid body.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: "invalid_request",
              message: "The request is invalid.",
              requestId: "req_1",
              details: {
                fields: [
                  {
                    field: "body.displayName",
                    rule: "minLength",
                    message: "must NOT have fewer than 2 characters",
                  },
                  {
                    field: "body.competitors[1].domains",
                    rule: "minItems",
                    message: "must NOT have fewer than 1 items",
                  },
                ],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderAt(<CreateWorkspace />);
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    await screen.findByText(/Some fields need a change/);
    const displayName = screen.getByLabelText("Display name");
    expect(displayName.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("at least 2 characters").closest(".field")).toBe(
      displayName.closest(".field"),
    );
    const second = screen.getByRole("group", { name: "Competitor 2" });
    expect(second.textContent).toContain("add at least one");
    expect(screen.getByRole("group", { name: "Competitor 1" }).textContent).not.toContain("fewer");
  });

  it("opens the new workspace when the API creates it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ slug: "acme", emailProvisioning: {} }, { status: 201 })),
    );
    renderAt(<CreateWorkspace />);
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    await waitFor(() => expect(screen.getByText("created")).toBeTruthy());
  });
});

describe("deltas", () => {
  const none = {
    date: null,
    delta: null,
    ciLow: null,
    ciHigh: null,
    significant: null,
    method: null,
  };
  it("says when there is nothing to compare with", () => {
    render(<Deltas comparisons={{ previous: none, "7d": none, "28d": none }} scale="score" />);
    expect(screen.getByText("No earlier day to compare with yet.")).toBeTruthy();
  });

  it("marks a significant change and a change within noise", () => {
    const change = (delta: number, significant: boolean) => ({
      ...none,
      date: "2026-11-01",
      delta,
      ciLow: delta - 1,
      ciHigh: delta + 1,
      significant,
      method: "paired-cluster-bootstrap" as const,
    });
    render(
      <Deltas
        comparisons={{ previous: change(5, true), "7d": change(-1, false), "28d": none }}
        scale="score"
      />,
    );
    expect(screen.getByText("significant")).toBeTruthy();
    expect(screen.getByText("(noise)")).toBeTruthy();
    expect(screen.getByText("+5").closest("li")?.className).toContain("up");
  });
});
