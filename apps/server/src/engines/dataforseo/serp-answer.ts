import { z } from "zod";
import { dedupeCitations } from "../connectors/citations.js";
import { EngineError } from "../engine.js";

/** A reference of an AI answer on Google's results page, as DataForSEO gives it. */
const reference = z.object({
  url: z.string().nullish(),
  title: z.string().nullish(),
  source: z.string().nullish(),
});

/** The AI answer item of a results page: `ai_overview` (AI Mode's answer is typed the same). */
const aiItem = z.object({
  type: z.string().nullish(),
  asynchronous_ai_overview: z.boolean().nullish(),
  markdown: z.string().nullish(),
  items: z
    .array(
      z.object({
        text: z.string().nullish(),
        markdown: z.string().nullish(),
        references: z.array(reference).nullish(),
      }),
    )
    .nullish(),
  references: z.array(reference).nullish(),
});

/** The parts of a DataForSEO task's envelope the connector reads (task_post and task_get). */
export const serpEnvelope = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.object({
        id: z.string().nullish(),
        status_code: z.number(),
        status_message: z.string().nullish(),
        cost: z.number().nullish(),
        result: z
          .array(
            z.object({
              item_types: z.array(z.string()).nullish(),
              items: z.array(z.looseObject({ type: z.string().nullish() })).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});
export type SerpEnvelope = z.infer<typeof serpEnvelope>;

/** DataForSEO's list of the account's tasks (`POST /v3/serp/id_list`). */
export const idListEnvelope = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string().nullish(),
        result: z
          .array(
            z.object({
              id: z.string().nullish(),
              // A string in DataForSEO's examples ("20000").
              status: z.union([z.string(), z.number()]).nullish(),
              metadata: z.looseObject({ tag: z.string().nullish() }).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});
export type SerpTask = NonNullable<SerpEnvelope["tasks"]>[number];

export interface SerpAnswer {
  /** The AI answer's text (markdown); empty when none was shown. */
  answer: string;
  citations: Array<{ url: string; title: string | null }>;
  /** False: the page showed no AI answer for the query. */
  shown: boolean;
  /** An AI Overview Google loaded after the page (DataForSEO bills loading it). */
  late: boolean;
}

/**
 * The AI answer of a finished task's results page: the first `ai_overview` item's markdown (else
 * its elements' text), its references (the answer's, then its elements', in order) as citations.
 * No such item, or one without text, is "no AI answer shown". An AI Overview Google loads after
 * the page whose content DataForSEO did not capture is not an answer to measure: it fails (it was
 * shown, so "not shown" would be false).
 */
export function readSerpAnswer(provider: string, task: SerpTask): SerpAnswer {
  const found = (task.result ?? [])
    .flatMap((r) => r.items ?? [])
    .find((item) => item.type === "ai_overview" || item.type === "ai_mode");
  if (!found) return { answer: "", citations: [], shown: false, late: false };
  const item = aiItem.safeParse(found);
  if (!item.success)
    throw new EngineError(`${provider} answered an AI answer item in an unexpected shape.`, true);
  const { markdown, items, references, asynchronous_ai_overview } = item.data;
  const answer = withoutReferenceLinks(
    markdown ??
      (items ?? [])
        .map((element) => element.markdown ?? element.text ?? "")
        .filter(Boolean)
        .join("\n\n"),
  );
  if (!answer && asynchronous_ai_overview) {
    throw new EngineError(
      `${provider} saw an AI Overview Google loads after the page, without its content.`,
      false,
    );
  }
  if (!answer) return { answer: "", citations: [], shown: false, late: false };
  const cited = [
    ...(references ?? []),
    ...(items ?? []).flatMap((element) => element.references ?? []),
  ];
  return {
    answer,
    citations: dedupeCitations(cited.map((r) => ({ url: r.url, title: r.title ?? r.source }))),
    shown: true,
    late: asynchronous_ai_overview === true,
  };
}

/**
 * The markdown without its numbered reference links (`[[1]](https://…)`): the references are
 * the citations; left in, their URLs would be read as the answer's words.
 */
function withoutReferenceLinks(markdown: string): string {
  return markdown.replace(/[ \t]*\[\[\d+\]\]\([^)\s]*\)/g, "").trim();
}

/** The only task of a one-task envelope, or a retryable failure naming what was wrong. */
export function onlyTask<T>(
  provider: string,
  envelope: { status_code: number; status_message?: string | null; tasks?: T[] | null },
): T {
  const task = envelope.tasks?.[0];
  if (envelope.status_code !== 20000 && !task) throw taskFailure(provider, envelope);
  if (!task) throw new EngineError(`${provider} answered without a task.`, true);
  return task;
}

/** DataForSEO's status codes (docs.dataforseo.com/v3/appendix/errors) as an EngineError. */
export function taskFailure(
  provider: string,
  failed: { status_code: number; status_message?: string | null | undefined },
): EngineError {
  const code = failed.status_code;
  const said = `${provider} answered ${code}${failed.status_message ? ` (${failed.status_message.replace(/\s+/g, " ").slice(0, 200)})` : ""}`;
  if (code === 40200 || code === 40210)
    return new EngineError(
      `${said}: the account has no credit left. Add funds with DataForSEO or store another key; retrying does not help.`,
      false,
      undefined,
      false,
      "quota_exhausted",
    );
  if (code === 40100 || code === 40104 || code === 40201)
    return new EngineError(`${said}: the login was refused; check the stored credential.`, false);
  if (code === 40202) return new EngineError(`${said}.`, true, undefined, true);
  if (code === 40203)
    return new EngineError(`${said}: the account's daily cost limit is reached.`, false);
  // 40101: Google could not be read; 5xxxx: DataForSEO's own failures.
  if (code === 40101 || code >= 50000) return new EngineError(`${said}.`, true);
  return new EngineError(`${said}.`, false);
}
