// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Checkout, Ledger, ledgerPage } from "../../src/views/billing-history";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithClient(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

describe("checkout", () => {
  it("sends the amount in micro-USD and goes to the address the API answers", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        sent.push(await input.json());
        return Response.json(
          { url: "https://checkout.stripe.test/c/pay_1", checkoutSessionId: "cs_1" },
          { status: 201 },
        );
      }),
    );
    const go = vi.fn();
    renderWithClient(<Checkout slug="acme" go={go} />);
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("https://checkout.stripe.test/c/pay_1"));
    expect(sent).toEqual([{ amountMicrousd: 25_000_000 }]);
  });

  it("shows the API's 400 next to the amount", async () => {
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
                  { field: "body.amountMicrousd", rule: "minimum", message: "must be >= 5000000" },
                ],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithClient(<Checkout slug="acme" go={vi.fn()} />);
    const amount = screen.getByLabelText("Amount to pay in dollars");
    await userEvent.clear(amount);
    await userEvent.type(amount, "1");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await screen.findByText("at least $5.00");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the ledger", () => {
  it("asks for a page more when the first page is full", async () => {
    const limits: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        const limit = new URL(input.url).searchParams.get("limit") ?? "";
        limits.push(limit);
        const entries = Array.from({ length: Number(limit) }, (_, i) => ({
          entryId: `e${i}`,
          kind: "settlement",
          amountMicrousd: -1_500_000,
          postedDeltaMicrousd: -1_500_000,
          heldDeltaMicrousd: 0,
          operation: "run",
          reservationId: null,
          createdAt: "2026-11-20T10:00:00Z",
        }));
        return Response.json({ workspace: "acme", entries, operations: [] });
      }),
    );
    renderWithClient(<Ledger slug="acme" />);
    await userEvent.click(await screen.findByRole("button", { name: "Show older entries" }));
    await waitFor(() => expect(limits).toEqual([String(ledgerPage), String(ledgerPage * 2)]));
    expect(screen.getAllByText("Charged").length).toBeGreaterThan(0);
  });
});
