// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  changeLabel,
  citesDomain,
  citingAnswersLink,
  isWebUrl,
  latestRunAnswersLink,
  periodDaysOf,
  periodEnding,
  taxonomyLabel,
} from "../../src/sources-logic";
import Sources from "../../src/views/sources";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Sources view's logic", () => {
  it("reads the period choice and turns it into from/to ending today", () => {
    expect(periodDaysOf("7")).toBe(7);
    expect(periodDaysOf("90")).toBe(90);
    expect(periodDaysOf("13")).toBe(28);
    expect(periodDaysOf(null)).toBe(28);
    expect(periodEnding("2026-03-05", 28)).toEqual({ from: "2026-02-06", to: "2026-03-05" });
    expect(periodEnding("2026-03-05", 1)).toEqual({ from: "2026-03-05", to: "2026-03-05" });
  });

  it("says classes and changes in words", () => {
    expect(taxonomyLabel("ugc")).toBe("Community (user-generated)");
    expect(taxonomyLabel("something-new")).toBe("something-new");
    expect(taxonomyLabel(null)).toBe("Not classified");
    expect(changeLabel({ count: 3, previous: 0 })).toBe("New");
    expect(changeLabel({ count: 0, previous: 2 })).toBe("Lost");
    expect(changeLabel({ count: 5, previous: 2 })).toBe("+3");
    expect(changeLabel({ count: 2, previous: 5 })).toBe("−3");
    expect(changeLabel({ count: 2, previous: 2 })).toBe("Same");
  });

  it("links only web addresses and matches a domain's subdomains", () => {
    expect(isWebUrl("https://example.com/a?b=1")).toBe(true);
    expect(isWebUrl("HTTP://example.com")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("data:text/html,<b>x</b>")).toBe(false);
    expect(isWebUrl("https://exa mple.com")).toBe(false);
    expect(citesDomain("https://docs.example.com/x", "example.com")).toBe(true);
    expect(citesDomain("https://example.com", "example.com")).toBe(true);
    expect(citesDomain("https://notexample.com", "example.com")).toBe(false);
    expect(citesDomain("not a url", "example.com")).toBe(false);
    expect(
      citingAnswersLink(
        "acme",
        { prompt: "prm_1", domain: "a.com" },
        { from: "2026-04-01", to: "2026-04-28" },
      ),
    ).toBe(
      "/w/acme/answers?from=2026-04-01&to=2026-04-28&prompt=prm_1&domain=a.com&includeBrandResearch=true",
    );
    expect(latestRunAnswersLink("acme", { promptId: "prm_1", latestRunId: "run_2" }, "api")).toBe(
      "/w/acme/answers?run=run_2&prompt=prm_1&surface=api",
    );
  });
});

/** A domain cited for the first time this period (in `domains` and in `newDomains`). */
const freshDomain = {
  domain: "fresh.io",
  taxonomy: "ugc",
  count: 2,
  previous: 0,
  used: 0,
  isNew: true,
  isLost: false,
};

const list = {
  period: { from: "2026-02-06", to: "2026-03-05" },
  previousPeriod: { from: "2026-01-09", to: "2026-02-05" },
  domains: [
    {
      domain: "example.com",
      taxonomy: "review",
      count: 4,
      previous: 1,
      used: 3,
      isNew: false,
      isLost: false,
    },
    freshDomain,
  ],
  urls: [
    { url: "https://example.com/<b>best</b>", domain: "example.com", taxonomy: "review", count: 3 },
    { url: "javascript:alert(1)", domain: null, taxonomy: null, count: 1 },
  ],
  newDomains: [freshDomain],
  lostDomains: [],
  usedDomains: [
    { domain: "read-only.example", taxonomy: "other", used: 2, cited: 0 },
    { domain: "example.com", taxonomy: "review", used: 3, cited: 4 },
  ],
  totals: { domains: 2, newDomains: 1, lostDomains: 0, usedDomains: 2 },
};
const detail = {
  domain: "example.com",
  taxonomy: "review",
  period: list.period,
  prompts: [{ promptId: "prm_1", text: "<i>best</i> tool?", count: 3, latestRunId: "run_9" }],
  usedBy: [{ promptId: "prm_2", text: "cheapest tool?", count: 2, latestRunId: "run_9" }],
  urls: [list.urls[0]],
};

function renderSources(answer: (url: URL) => unknown) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === "string" ? input : input.url);
      calls.push(url);
      return Response.json(answer(url));
    }),
  );
  const router = createMemoryRouter(
    [
      { path: "/w/:slug/sources", element: <Sources /> },
      { path: "/w/:slug/answers", element: <p>answers</p> },
    ],
    { initialEntries: ["/w/acme/sources"] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

describe("the Sources view", () => {
  it("lists domains and URLs, links only http(s) and never renders engine text as HTML", async () => {
    const { calls } = renderSources((url) => (url.pathname.endsWith("/sources") ? list : detail));
    const domains = await screen.findByRole("table", { name: "Top cited domains" });
    expect(within(domains).getByText("Reviews")).toBeTruthy();
    expect(within(domains).getByText("+3")).toBeTruthy();
    expect(within(domains).getByText("New")).toBeTruthy();
    const row = within(domains)
      .getByRole("button", { name: /^example\.com/ })
      .closest("tr");
    expect(row?.querySelector('[data-label="Read, not cited"]')?.textContent).toBe("3");
    // Read but not cited: every such domain, with the answers reading it and citing it.
    const read = screen.getByRole("table", { name: "Domains read but not cited" });
    const readOnly = within(read)
      .getByRole("button", { name: /^read-only\.example/ })
      .closest("tr");
    expect([...(readOnly?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent)).toEqual([
      "read-only.example",
      "Other",
      "2",
      "0",
    ]);
    const urls = screen.getByRole("table", { name: "Top cited URLs" });
    // Only http(s) addresses become links out; each count opens its citing answers here.
    const link = within(urls).getByRole("link", { name: "https://example.com/<b>best</b>" });
    expect(link.getAttribute("href")).toBe("https://example.com/<b>best</b>");
    const count = within(urls).getByRole("link", { name: /^3: open the answers citing/ });
    expect(new URL(count.getAttribute("href") ?? "", "http://x").searchParams.get("url")).toBe(
      "https://example.com/<b>best</b>",
    );
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(urls).getByText("javascript:alert(1)").tagName).toBe("SPAN");
    expect(document.querySelector("b")).toBeNull();
    expect(
      screen.getByText("No domain lost: every domain of the previous period is still cited."),
    ).toBeTruthy();
    expect(calls[0]?.searchParams.get("limit")).toBe("25");
    const days = (n: string | null) =>
      Math.round(
        (Date.parse(`${calls.at(-1)?.searchParams.get("to")}`) - Date.parse(`${n}`)) / 86_400_000,
      );
    expect(days(calls[0]?.searchParams.get("from") ?? null)).toBe(27);

    await userEvent.click(screen.getByRole("radio", { name: "Last 7 days" }));
    await screen.findByRole("table", { name: "Top cited domains" });
    expect(days(calls.at(-1)?.searchParams.get("from") ?? null)).toBe(6);
  });

  it("shows the prompts citing a selected domain, each linking to its answers", async () => {
    const { calls } = renderSources((url) => (url.pathname.endsWith("/sources") ? list : detail));
    const domains = await screen.findByRole("table", { name: "Top cited domains" });
    await userEvent.click(
      within(domains).getByRole("button", {
        name: "example.com: show the prompts citing or reading it",
      }),
    );
    const prompts = await screen.findByRole("table", { name: "Prompts citing example.com" });
    expect(within(prompts).getByText("<i>best</i> tool?")).toBeTruthy();
    // The count's own answers: the period's, every category (as the sources count them).
    expect(within(prompts).getByRole("link").getAttribute("href")).toMatch(
      /^\/w\/acme\/answers\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&prompt=prm_1&domain=example\.com&includeBrandResearch=true$/,
    );
    expect(calls.at(-1)?.pathname).toBe("/api/v1/workspaces/acme/sources/example.com");
    expect(document.activeElement?.textContent).toBe("Who cites example.com");
    // The prompts whose answers read it without citing it, apart.
    const reading = screen.getByRole("table", {
      name: "Prompts reading example.com without citing it",
    });
    expect(within(reading).getByText("cheapest tool?")).toBeTruthy();
    expect(within(reading).getByRole("columnheader", { name: "Answers reading it" })).toBeTruthy();
  });

  it("says what to do when nothing was measured in the period", async () => {
    renderSources(() => ({
      ...list,
      domains: [],
      urls: [],
      newDomains: [],
      usedDomains: [],
      totals: { domains: 0, newDomains: 0, lostDomains: 0, usedDomains: 0 },
    }));
    expect(await screen.findByText(/No answers measured in this period/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "start a run" }).getAttribute("href")).toBe(
      "/w/acme/runs",
    );
  });
});
