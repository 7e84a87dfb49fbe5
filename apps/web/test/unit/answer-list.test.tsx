// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Schemas } from "../../src/api";
import { AnswerList, answerFacts } from "../../src/components/answer-list";

afterEach(cleanup);

const response: Schemas["RunResponse"] = {
  responseId: "rsp_1",
  promptId: "prm_1",
  prompt: "¿Qué herramienta de analítica es mejor?",
  engine: "anthropic",
  surface: "api",
  collector: "anthropic",
  city: null,
  model: "claude-sonnet-5-5",
  servedModel: "claude-sonnet-5-5",
  country: "ES",
  language: "es",
  repetition: 1,
  status: "succeeded",
  endState: "refused",
  simulated: false,
  answer: "No puedo ayudar con eso.",
  citations: [
    {
      position: 1,
      url: "https://runner.example/",
      title: "runner.example",
      engineUrl: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/x",
    },
  ],
  usedSources: [{ position: 1, url: "https://initech.io/pricing", title: "Initech pricing" }],
  searchQueries: ["analítica"],
  costMicrousd: 1_200,
  latencyMs: 900,
  error: null,
  completedAt: "2026-11-27T10:00:00.000Z",
};

describe("an answer as the run shows it", () => {
  it("says where the asker was, how the answer ended and what was read but not cited", () => {
    render(
      <AnswerList
        answers={[{ response, segments: [{ kind: "text", text: response.answer ?? "" }] }]}
      />,
    );
    expect(screen.getByText(/asked from ES/)).toBeTruthy();
    // Every answer says which surface it was read from.
    expect(screen.getByText(/\(claude-sonnet-5-5\), developer API, repetition 1/)).toBeTruthy();
    expect(screen.getByText(/asked in Spanish/)).toBeTruthy();
    expect(screen.getByText(/the engine declined to answer/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Also read, not cited" })).toBeTruthy();
    const used = screen.getByRole("link", { name: "Initech pricing" });
    expect(used.getAttribute("href")).toBe("https://initech.io/pricing");
    // The cited page, not the engine's redirect link.
    expect(screen.getByRole("link", { name: "runner.example" }).getAttribute("href")).toBe(
      "https://runner.example/",
    );
  });

  it("names the city a search page was read from", () => {
    expect(answerFacts({ ...response, city: "Austin", country: "US" })).toContain(
      "asked from Austin, US",
    );
  });

  it("names the served model only when it is another than the one asked", () => {
    expect(
      answerFacts({ ...response, country: null, language: null, endState: "completed" }),
    ).toEqual([]);
    expect(
      answerFacts({
        ...response,
        model: "gemini-2.5-flash",
        servedModel: "gemini-3.5-flash-lite",
        country: null,
        language: "fr",
        endState: "truncated",
      }),
    ).toEqual(["served by gemini-3.5-flash-lite", "asked in French", "cut by the output cap"]);
    expect(
      answerFacts({
        ...response,
        servedModel: "claude-sonnet-5-5-20261001",
        country: null,
        language: null,
        endState: null,
      }),
    ).toEqual([]);
  });
});
