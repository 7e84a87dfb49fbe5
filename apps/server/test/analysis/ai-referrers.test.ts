import { describe, expect, it } from "vitest";
import { AI_ENGINES, classifyAiReferrer } from "../../src/analysis/ai-referrers.js";

describe("classifyAiReferrer (ai-referrers.json)", () => {
  it.each([
    ["chatgpt.com", "chatgpt"],
    ["chat.openai.com", "chatgpt"],
    ["ChatGPT", "chatgpt"],
    ["www.perplexity.ai", "perplexity"],
    ["perplexity", "perplexity"],
    ["gemini.google.com", "gemini"],
    ["bard.google.com", "gemini"],
    ["claude.ai", "claude"],
    ["copilot.microsoft.com", "copilot"],
    ["edgeservices.bing.com", "copilot"],
    ["https://chat.deepseek.com/a/chat", "deepseek"],
  ])("%s is %s", (source, engine) => {
    expect(classifyAiReferrer(source)).toBe(engine);
  });

  it.each([
    "google",
    "google.com",
    "bing",
    "bing.com",
    "(direct)",
    "(not set)",
    "notchatgpt.com",
    "chatgpt.com.evil.example",
    "",
  ])("%j is not an AI engine", (source) => {
    expect(classifyAiReferrer(source)).toBeNull();
  });

  it("lists each engine once", () => {
    expect(new Set(AI_ENGINES).size).toBe(AI_ENGINES.length);
    expect(AI_ENGINES).toContain("chatgpt");
  });
});
