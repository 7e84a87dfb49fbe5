import type { PromptImportResult } from "@geopulse/api-types";
import { errors, type FieldError } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import { newPromptRow } from "./new-prompt-row.js";
import type { ImportRow } from "./parse-prompt-csv.js";
import { promptFieldProblems, promptTextKey } from "./prompt-rules.js";

export interface ImportPromptsOptions extends WorkspaceOperation {
  format: "json" | "csv";
  rows: ImportRow[];
  /** Problems already found in the rows (the cells of a CSV file). */
  problems?: FieldError[];
}

/** `csv.row[4].category` -> [4, 2]: by row, then in the order of the columns. */
const columnOrder = ["", "text", "category", "language", "region", "tags", "active"];
function fieldOrder(field: string): [number, number] {
  const match = /\[(\d+)\](?:\.(\w+))?/.exec(field);
  return [Number(match?.[1] ?? -1), columnOrder.indexOf(match?.[2] ?? "")];
}
const byField = (a: FieldError, b: FieldError) => {
  const [rowA, columnA] = fieldOrder(a.field);
  const [rowB, columnB] = fieldOrder(b.field);
  return rowA - rowB || columnA - columnB;
};

/**
 * All or nothing, in one transaction under the workspace lock: every row is
 * checked first (400 naming each bad one, nothing written); repeats of an
 * earlier row or an existing prompt are skipped; prompts that ask to be active
 * fill the room left in the active set, in order, and the rest are stored
 * inactive.
 */
export async function importPrompts(options: ImportPromptsOptions): Promise<PromptImportResult> {
  const { ctx, workspace, rows } = options;
  return ctx.prisma.$transaction(
    async (tx) => {
      const row = await lockWorkspace(tx, workspace.id);
      const known = options.problems ?? [];
      const flagged = new Set(known.map((problem) => problem.field));
      const problems = rows
        .filter(({ at }) => !flagged.has(at))
        .flatMap(({ at, input }) => promptFieldProblems(at, input, row.languages))
        .filter((problem) => !flagged.has(problem.field));
      if (known.length + problems.length > 0) {
        throw errors.invalidRequest([...known, ...problems].sort(byField));
      }
      const keyOf = (language: string, textKey: string) => `${language}\u0000${textKey}`;
      const existing = await tx.prompt.findMany({
        where: {
          workspaceId: workspace.id,
          textKey: { in: [...new Set(rows.map(({ input }) => promptTextKey(input.text)))] },
        },
        select: { language: true, textKey: true },
      });
      const seen = new Set(existing.map((prompt) => keyOf(prompt.language, prompt.textKey)));
      let room =
        row.activeSetSize -
        (await tx.prompt.count({ where: { workspaceId: workspace.id, active: true } }));
      let skipped = 0;
      let deactivated = 0;
      const now = ctx.clock.now();
      const data = rows.flatMap(({ input }) => {
        const textKey = promptTextKey(input.text);
        const key = keyOf(input.language, textKey);
        if (seen.has(key)) {
          skipped++;
          return [];
        }
        seen.add(key);
        let active = input.active ?? true;
        if (active && room <= 0) {
          active = false;
          deactivated++;
        } else if (active) room--;
        return [
          newPromptRow({
            clock: ctx.clock,
            workspaceId: workspace.id,
            input,
            textKey,
            active,
            source: "import",
            now,
          }),
        ];
      });
      if (data.length > 0) await tx.prompt.createMany({ data });
      const result = { created: data.length, skipped, deactivated, errors: 0 as const };
      await audit(options, tx, "prompt.import", ["workspace", workspace.id], {
        format: options.format,
        rows: rows.length,
        ...result,
      });
      return result;
    },
    { timeout: 30_000 },
  );
}
