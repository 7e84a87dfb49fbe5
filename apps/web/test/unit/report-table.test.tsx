// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ReportTable } from "../../src/views/report-detail";

afterEach(cleanup);

describe("ReportTable", () => {
  it("labels each cell with its column (phone layout) and links only http(s) URLs", () => {
    render(
      <ReportTable
        caption="Cited URLs"
        table={{
          columns: [
            { key: "url", label: "URL", type: "url" },
            { key: "share", label: "Share", type: "percent" },
          ],
          rows: [
            { url: "https://globex.com/a", share: 12.5 },
            { url: "javascript:alert(1)", share: null },
          ],
        }}
      />,
    );
    const cells = screen.getAllByRole("cell");
    expect(cells.map((c) => c.getAttribute("data-label"))).toEqual([
      "URL",
      "Share",
      "URL",
      "Share",
    ]);
    expect(screen.getByRole("link", { name: "https://globex.com/a" })).toHaveProperty(
      "href",
      "https://globex.com/a",
    );
    expect(screen.getByText("javascript:alert(1)").closest("a")).toBeNull();
    expect(cells[1]?.textContent).toBe("12.5%");
    expect(cells[3]?.textContent).toBe("—");
    expect(screen.getByRole("table").className).toBe("stack");
  });
});
