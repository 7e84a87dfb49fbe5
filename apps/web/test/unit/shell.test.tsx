// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmButton } from "../../src/components/confirm-button";
import { outcome } from "../../src/views/checkout-return";
import Device from "../../src/views/device";
import { NotFound } from "../../src/views/not-found";
import { returnPath } from "../../src/views/sign-in";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const answerWith = (answer: (request: Request) => Response) => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const body = request.method === "GET" ? undefined : await request.clone().text();
      calls.push({ method: request.method, path: new URL(request.url).pathname, body });
      return answer(request);
    }),
  );
  return calls;
};

const envelope = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message, requestId: "r" } }, { status });

const pending = {
  userCode: "WDJB-MJHT",
  clientName: "laptop",
  status: "pending",
  requestedScopes: ["metrics:read"],
  workspace: null,
  approvedScopes: [],
  createdAt: "2026-11-24T10:00:00Z",
  expiresAt: "2026-11-24T10:10:00Z",
};

describe("the confirm button", () => {
  it("asks first, confirms, and cancels with Escape back to the first button", async () => {
    const confirmed = vi.fn();
    render(
      <ConfirmButton
        label="Revoke ci"
        question="Revoke ci?"
        confirmLabel="Confirm revoking ci"
        onConfirm={confirmed}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Revoke ci" }));
    expect(screen.getByRole("group", { name: "Revoke ci?" })).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Confirm revoking ci" }),
    );
    await userEvent.keyboard("{Escape}");
    expect(confirmed).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Revoke ci" }));
    await userEvent.keyboard("{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Revoke ci" }));
    await userEvent.keyboard("{Enter}");
    expect(confirmed).toHaveBeenCalledTimes(1);
  });
});

describe("device approval", () => {
  const routes = [{ path: "/device", element: <Device /> }];

  it("says an unknown or expired code in words and keeps the form", async () => {
    answerWith(() => envelope(404, "not_found", "Device authorization not found."));
    renderAt("/device?user_code=BBBB-CCCC", routes);
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /No request has this code, or it has expired/,
    );
    expect((screen.getByLabelText("Code shown by your device") as HTMLInputElement).value).toBe(
      "BBBB-CCCC",
    );
  });

  it("says the rate limit with the wait", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: "rate_limited",
              message: "Too many requests; try again later.",
              requestId: "r",
            },
          },
          { status: 429, headers: { "Retry-After": "600" } },
        ),
      ),
    );
    renderAt("/device?user_code=BBBB-CCCC", routes);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many tries with wrong codes. Wait 10 minutes, then try again.",
    );
  });

  it("looks up a typed code, ticks what was asked, refuses nothing, approves the ticked", async () => {
    const calls = answerWith((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/api/v1/workspaces")
        return Response.json({ data: [{ slug: "acme", displayName: "Acme" }], nextCursor: null });
      if (path.endsWith("/approve")) return Response.json({ ...pending, status: "approved" });
      return Response.json(pending);
    });
    renderAt("/device", routes);
    await userEvent.type(screen.getByLabelText("Code shown by your device"), "wdjb mjht");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("group", { name: "Asked for" });
    expect((screen.getByLabelText("metrics:read") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("asked").textContent).toBe("metrics:read");
    expect(screen.getByTestId("more").textContent).toContain("runs:write");
    await userEvent.click(screen.getByLabelText("metrics:read"));
    await screen.findByRole("option", { name: "Acme (acme)" });
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(screen.getByRole("alert").textContent).toBe("Tick at least one scope.");
    await userEvent.click(screen.getByLabelText("runs:write"));
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    await screen.findByText("Approved. You can return to your device.");
    const approve = calls.find((c) => c.path.endsWith("/approve"));
    // The look-up normalises the typed code; the decision names the request by its code.
    expect(approve?.path).toBe("/api/v1/device-authorizations/WDJB-MJHT/approve");
    expect(calls[0]?.path).toBe("/api/v1/device-authorizations/wdjb%20mjht");
    expect(JSON.parse(String(approve?.body))).toEqual({
      workspace: "acme",
      scopes: ["runs:write"],
    });
  });

  it("says a request decided already in words", async () => {
    answerWith(() => Response.json({ ...pending, status: "expired" }));
    renderAt("/device?user_code=WDJB-MJHT", routes);
    await screen.findByText("This request expired. Start again on your device for a new code.");
  });
});

describe("the frame's smaller parts", () => {
  it("words a checkout's outcome", () => {
    const receipt = {
      checkoutSessionId: "cs_1",
      amountMicrousd: 10_000_000,
      status: "succeeded",
      createdAt: "2026-11-24T10:00:00Z",
      completedAt: "2026-11-24T10:00:05Z",
    } as const;
    expect(outcome(true, null, undefined, true, 1)).toBe(
      "Checkout was cancelled: nothing was charged.",
    );
    expect(outcome(false, "cs_1", undefined, true, 1)).toBe("Payment received. Confirming it…");
    expect(outcome(false, "cs_1", receipt, true, 1)).toBe(
      "Payment received: $10.00 added to your credit.",
    );
    expect(outcome(false, "cs_1", { ...receipt, status: "failed" }, true, 2)).toMatch(
      /did not complete/,
    );
    expect(outcome(false, "cs_1", undefined, true, 30)).toMatch(/once the payment is confirmed/);
  });

  it("returns after sign-in only to paths of this app", () => {
    expect(returnPath({ from: { pathname: "/device", search: "?user_code=A" } })).toBe(
      "/device?user_code=A",
    );
    expect(returnPath({ from: { pathname: "//evil.example/x" } })).toBeNull();
    expect(returnPath({ from: { pathname: "/login" } })).toBeNull();
    expect(returnPath(null)).toBeNull();
  });

  it("shows a 404 view naming the unknown path", async () => {
    renderAt("/w/acme/nothing", [{ path: "*", element: <NotFound /> }]);
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByText("/w/acme/nothing")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Go to your workspace" })).toBeTruthy(),
    );
  });
});
