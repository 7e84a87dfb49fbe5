import { InvalidRequestError } from "@geopulse/sdk";
import { describe, expect, it } from "vitest";
import { mapFieldErrors } from "../../src/field-errors";
import { plainWords } from "../../src/plain-words";

describe("the API's validation messages in plain words", () => {
  it.each([
    ["required", "must have required property 'email'", "", "required"],
    ["maxLength", "must NOT have more than 80 characters", "", "at most 80 characters"],
    ["minLength", "must NOT have fewer than 1 characters", "", "required"],
    ["minLength", "must NOT have fewer than 3 characters", "", "at least 3 characters"],
    ["maxItems", "must NOT have more than 1 items", "", "at most 1 item"],
    ["minItems", "must NOT have fewer than 1 items", "", "add at least one"],
    ["minItems", "must NOT have fewer than 2 items", "", "at least 2 items"],
    ["maximum", "must be <= 100", "", "at most 100"],
    ["minimum", "must be >= 1", "", "at least 1"],
    ["exclusiveMinimum", "must be > 0", "", "more than 0"],
    ["exclusiveMaximum", "must be < 1", "", "less than 1"],
    ["minimum", "must be >= 5000000", "amountMicrousd", "at least $5.00"],
    [
      "enum",
      "must be equal to one of the allowed values: admin, member, viewer",
      "",
      "must be one of: admin, member, viewer",
    ],
    ["enum", "must be equal to one of the allowed values", "", "not one of the allowed values"],
    ["format", 'must match format "email"', "", "not a valid email address"],
    [
      "format",
      'must match format "uri"',
      "",
      "not a valid web address (such as https://example.com)",
    ],
    ["format", 'must match format "date"', "", "not a valid date (YYYY-MM-DD)"],
    ["format", 'must match format "ipv9"', "", "not in the expected form"],
    ["pattern", 'must match pattern "^[a-z0-9-]+$"', "", "not in the expected form"],
    ["type", "must be integer", "", "must be a whole number"],
    ["type", "must be number", "", "must be a number"],
    ["type", "must be string", "", "must be text"],
    [
      "uniqueItems",
      "must NOT have duplicate items (items ## 1 and 0 are identical)",
      "",
      "lists the same item twice",
    ],
    [
      "additionalProperties",
      "must NOT have additional property 'slug'",
      "",
      "not a field this form can send",
    ],
    ["unique", "is listed twice", "", "is listed twice"],
  ])("%s: %s → %s", (rule, message, field, expected) => {
    expect(plainWords(rule, message, field)).toBe(expected);
  });

  it("never shows a regular expression or ajv's capitals on a control", () => {
    const error = new InvalidRequestError({
      status: 400,
      code: "invalid_request",
      message: "The request is invalid.",
      details: {
        fields: [
          {
            field: "body.name",
            rule: "maxLength",
            message: "must NOT have more than 80 characters",
          },
          { field: "body.slug", rule: "pattern", message: 'must match pattern "^[a-z]+$"' },
        ],
      },
      requestId: "r",
      retryAfterSeconds: undefined,
    });
    const mapped = mapFieldErrors(error, ["name", "slug"]);
    expect(mapped.byControl).toEqual({
      name: ["at most 80 characters"],
      slug: ["not in the expected form (see the hint)"],
    });
    expect(JSON.stringify(mapped)).not.toMatch(/NOT|\^/);
  });
});
