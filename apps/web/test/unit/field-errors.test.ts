import { InvalidRequestError, NotFoundError } from "@geopulse/sdk";
import { describe, expect, it } from "vitest";
import { errorMessage, mapFieldErrors } from "../../src/field-errors";
import { controlKeys, initialDraft, toRequest } from "../../src/workspace-form";

const invalid = (fields: Array<{ field: string; rule: string; message: string }>) =>
  new InvalidRequestError({
    status: 400,
    code: "invalid_request",
    message: "The request is invalid.",
    details: { fields },
    requestId: "req_1",
    retryAfterSeconds: undefined,
  });

describe("the API's field errors on the creation form", () => {
  const controls = controlKeys(initialDraft());

  it("places each field's message on its control, items of a list on the list", () => {
    const mapped = mapFieldErrors(
      invalid([
        { field: "body.brand", rule: "pattern", message: 'must match pattern "^[a-z]$"' },
        { field: "body.domains[1]", rule: "unique", message: "is listed twice" },
        { field: "body.competitors[0].name", rule: "minLength", message: "too short" },
        { field: "body.competitors[1].aliases[2]", rule: "maxLength", message: "too long" },
        { field: "body.quotas", rule: "sum", message: "must sum to 1" },
        { field: "body.quotas.expert", rule: "type", message: "must be number" },
        { field: "body.slug", rule: "additionalProperties", message: "is not allowed" },
      ]),
      controls,
    );
    expect(mapped.byControl).toEqual({
      brand: ["not in the expected form (see the hint)"],
      domains: ["item 2: is listed twice"],
      "competitors[0].name": ["too short"],
      "competitors[1].aliases": ["item 3: too long"],
      quotas: ["must sum to 1"],
      "quotas.expert": ["must be a number"],
    });
    expect(mapped.unplaced).toEqual(["slug: not a field this form can send"]);
  });

  it("has nothing to place for other errors, and says them in words", () => {
    const notFound = new NotFoundError({
      status: 404,
      code: "workspace_not_found",
      message: "Workspace not found.",
      details: undefined,
      requestId: "req_2",
      retryAfterSeconds: undefined,
    });
    expect(mapFieldErrors(notFound, controls)).toEqual({ byControl: {}, unplaced: [] });
    expect(errorMessage(notFound)).toBe("Workspace not found.");
    expect(
      errorMessage(
        new InvalidRequestError({
          status: 402,
          code: "insufficient_credits",
          message: "Not enough credit.",
          details: undefined,
          requestId: "r",
          retryAfterSeconds: undefined,
        }),
      ),
    ).toMatch(/Top up credit on the Billing page/);
  });

  it("sends lists as typed and numbers as numbers (the API decides what is valid)", () => {
    const draft = { ...initialDraft(), domains: "a.com, b.com\nc.com", activeSetSize: "" };
    const request = toRequest(draft);
    expect(request.domains).toEqual(["a.com", "b.com", "c.com"]);
    expect(request.activeSetSize).toBeNaN();
    expect(Object.values(request.quotas).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });
});
