import { addDays, addDaysWithin, dayOf, daysBetween, isDay } from "../../days.js";

/**
 * The simulated assistant's planner: which tools a question calls for, with
 * which arguments (dates, engine, quoted text), from keywords of the question
 * alone. Never from tool results: text an engine or a page wrote cannot make
 * it call anything.
 */

export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The engines a question may name, by the words people use. */
const engineWords: Array<[RegExp, string]> = [
  // Before the others: "Google's AI Overviews" and "AI Mode" name no other engine's words.
  [/\bai overviews?\b/i, "google_ai_overview"],
  [/\bai mode\b/i, "google_ai_mode"],
  // An assistant's app ("the ChatGPT app", "Perplexity's app") before its API's engine.
  [/\b(chatgpt|openai)(?:'s)? app\b/i, "chatgpt_app"],
  [/\bperplexity(?:'s)? app\b/i, "perplexity_app"],
  [/\bgemini(?:'s)? app\b/i, "gemini_app"],
  [/\bcopilot\b/i, "copilot_app"],
  [/\b(openai|chatgpt|gpt)\b/i, "openai"],
  [/\bperplexity\b/i, "perplexity"],
  [/\bgemini\b/i, "gemini"],
  [/\b(claude|anthropic)\b/i, "anthropic"],
  [/\bexa\b/i, "exa"],
  [/\b(grok|xai)\b/i, "grok"],
];

/** The longest range the range tools accept (get_timeseries, top_cited_domains, list_metric_changes). */
const maxRangeDays = 366;

/**
 * The date range a question names: explicit ISO days, or "last N days/weeks",
 * "last week/month", "yesterday". At most 366 days (an earlier `from` moves
 * up), so every range tool accepts it.
 */
export function parseDateRange(question: string, today: Date): { from?: string; to?: string } {
  const range = namedRange(question, today);
  if (!range.from || !range.to) return range;
  const earliest = addDays(range.to, 1 - maxRangeDays);
  return { from: daysBetween(earliest, range.from) > 0 ? range.from : earliest, to: range.to };
}

function namedRange(question: string, today: Date): { from?: string; to?: string } {
  const days = [...question.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)]
    .map((match) => match[1] as string)
    .filter(isDay)
    .sort();
  if (days.length >= 2) return { from: days[0], to: days.at(-1) };
  if (days.length === 1) return { from: days[0], to: days[0] };
  const back = (n: number) => ({
    from: addDaysWithin(dayOf(today), -Math.min(n, maxRangeDays - 1)),
    to: dayOf(today),
  });
  const lastN = /\b(?:last|past)\s+(\d{1,3})\s+(day|week|month)s?\b/i.exec(question);
  if (lastN) {
    const unit = { day: 1, week: 7, month: 30 }[(lastN[2] as string).toLowerCase()] ?? 1;
    return back(Math.max(1, Number(lastN[1]) * unit) - 1);
  }
  if (/\b(?:last|past|this)\s+week\b/i.test(question)) return back(6);
  if (/\b(?:last|past|this)\s+month\b/i.test(question)) return back(29);
  if (/\byesterday\b/i.test(question)) {
    const day = addDays(dayOf(today), -1);
    return { from: day, to: day };
  }
  if (/\btoday\b/i.test(question)) return { from: dayOf(today), to: dayOf(today) };
  return {};
}

/** Keywords that call for each tool, with the arguments it takes from the question. */
const rules: Array<{
  name: string;
  when: RegExp;
  args: (c: PlanContext) => Record<string, unknown>;
}> = [
  { name: "get_credit_balance", when: /\b(credits?|balance|budget)\b/i, args: () => ({}) },
  {
    name: "get_metrics",
    when: /\b(visibility|visible|share of voice|score|metrics?|mentions?|doing|position)\b/i,
    args: (c) => ({ from: c.from, to: c.to, engine: c.engine }),
  },
  {
    name: "get_scoreboard",
    when: /\b(scoreboard|competitors?|versus|vs\.?|rank(?:ing)?|leader)\b/i,
    args: (c) => ({ date: c.to, engine: c.engine }),
  },
  {
    name: "get_timeseries",
    when: /\b(trend|over time|time ?series|daily|history|evolution)\b/i,
    args: (c) => ({ from: c.from, to: c.to, engine: c.engine }),
  },
  {
    name: "list_metric_changes",
    when: /\b(chang(?:e|es|ed)|drop(?:ped)?|fell|rose|increase[sd]?|decrease[sd]?|spike)\b/i,
    args: () => ({}),
  },
  {
    name: "top_cited_domains",
    when: /\b(domains?|cited|sources?|citations?)\b/i,
    args: (c) => ({ from: c.from, to: c.to, engine: c.engine, limit: 10 }),
  },
  {
    name: "surface_gap",
    when: /\b(gap|surfaces?|api (?:vs\.?|versus) (?:the )?app|app (?:vs\.?|versus) (?:the )?api)\b/i,
    args: (c) => ({ from: c.from, to: c.to }),
  },
  { name: "list_prompts", when: /\bprompts?\b/i, args: () => ({ limit: 20 }) },
  { name: "list_runs", when: /\b(runs?|measurements?)\b/i, args: () => ({ limit: 10 }) },
  {
    name: "search_answers",
    when: /\b(answers?|said|says|say|wrote|quote)\b/i,
    args: (c) => ({ text: c.quoted, engine: c.engine, from: c.from, to: c.to, limit: 10 }),
  },
  {
    name: "list_recommendations",
    when: /\b(recommend(?:ation)?s?|actions?|improve|suggest(?:ion)?s?)\b/i,
    args: () => ({}),
  },
  { name: "list_page_evaluations", when: /\b(pages?|evaluations?|crawlers?)\b/i, args: () => ({}) },
  { name: "list_reports", when: /\breports?\b/i, args: () => ({}) },
  {
    name: "get_seo_traffic",
    when: /\b(traffic|seo|clicks|referrals?|sessions)\b/i,
    args: () => ({}),
  },
];

interface PlanContext {
  from?: string | undefined;
  to?: string | undefined;
  engine?: string | undefined;
  /** A phrase the question quotes ("..."), searched for in answers. */
  quoted?: string | undefined;
}

/** The most tool calls the simulated assistant makes for one question. */
const maxPlannedCalls = 4;

/**
 * The calls a question calls for, in rule order, at most 4: every matching
 * rule, or the metrics when none matches. `wanted` lists all of them, offered
 * or not; `calls` only those among `offered` (a caller's scopes decide).
 */
export function planToolCalls(
  question: string,
  today: Date,
  offered: ReadonlySet<string>,
): { calls: PlannedCall[]; notOffered: string[] } {
  const range = parseDateRange(question, today);
  const context: PlanContext = {
    ...range,
    engine: engineWords.find(([pattern]) => pattern.test(question))?.[1],
    quoted: /["“]([^"”]{2,80})["”]/.exec(question)?.[1],
  };
  const matching = rules.filter((rule) => rule.when.test(question));
  const wanted = matching.length > 0 ? matching : rules.filter((r) => r.name === "get_metrics");
  const calls: PlannedCall[] = [];
  const notOffered: string[] = [];
  for (const rule of wanted) {
    if (!offered.has(rule.name)) {
      notOffered.push(rule.name);
      continue;
    }
    if (calls.length >= maxPlannedCalls) continue;
    const args = Object.fromEntries(
      Object.entries(rule.args(context)).filter(([, value]) => value !== undefined),
    );
    calls.push({ name: rule.name, args });
  }
  return { calls, notOffered };
}
