import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listAnswers as list } from "../../services/answers/list-answers.js";
import { filtersOf } from "./query-filters.js";

export const listAnswers = defineHandler("listAnswers")(async ({ op, query }) => ({
  status: 200,
  body: await list({
    ...op,
    ...pageOf(query),
    from: query.from,
    to: query.to,
    filters: filtersOf(query),
    answerMatch: {
      promptId: query.prompt,
      match: query.match,
      entityId: query.entity,
      domain: query.domain?.toLowerCase(),
      url: query.url,
      pairedWith: query.pairedWith,
    },
  }),
}));
