import { errors, type FieldError } from "../../errors/app-error.js";
import { defineHandler } from "../../http/handler.js";
import { importPrompts as importPromptsService } from "../../services/prompts/import-prompts.js";
import { type ImportRow, parsePromptCsv } from "../../services/prompts/parse-prompt-csv.js";

/**
 * JSON (`{"prompts": [...]}`, already validated against the contract) or
 * `text/csv`, whose text the app's `express.text({ type: "text/csv" })` parser
 * leaves in `req.body`; the cells are checked by parsePromptCsv.
 */
export const importPrompts = defineHandler("importPrompts")(async ({ op, body, req }) => {
  const csv = Boolean(req.is("text/csv"));
  let parsed: { rows: ImportRow[]; problems: FieldError[] };
  if (csv) {
    const text: unknown = req.body;
    if (typeof text !== "string") {
      throw errors.unsupportedMediaType("csv");
    }
    parsed = parsePromptCsv(text);
  } else {
    const rows = body.prompts.map((input, index) => ({ at: `body.prompts[${index}]`, input }));
    parsed = { rows, problems: [] };
  }
  return {
    status: 200,
    body: await importPromptsService({ ...op, format: csv ? "csv" : "json", ...parsed }),
  };
});
