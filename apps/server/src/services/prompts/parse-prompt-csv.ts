import type { Language, PromptCategory, PromptCreate } from "@geopulse/api-types";
import { CsvError, parse } from "csv-parse/sync";
import { errors, type FieldError } from "../../errors/app-error.js";
import { promptCategories } from "./prompt-rules.js";

/** One prompt to import and where it came from (`csv.row[4]`, `body.prompts[3]`). */
export interface ImportRow {
  at: string;
  input: PromptCreate;
}

export const maxImportRows = 1000;
const columns = ["text", "category", "language", "region", "tags", "active"] as const;
type Column = (typeof columns)[number];
const requiredColumns: Column[] = ["text", "category", "language"];
const languages: Language[] = ["en", "es", "ca", "fr"];
const regionPattern = /^[a-z-]{2,20}$/;
const tagPattern = /^[^\s|]([^|]*[^\s|])?$/;

/**
 * Parses a CSV import (header `text,category,language,region,tags,active`) and
 * checks every cell against the bounds of PromptCreate, since the contract can
 * only say the body is a string. Rows are counted from 1 after the header.
 * Throws 400 invalid_request when the file as a whole is unusable (not CSV, bad
 * header, no rows, too many); returns the rows and the problems of their cells.
 */
export function parsePromptCsv(text: string): { rows: ImportRow[]; problems: FieldError[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = (error as CsvError & { records?: number }).records ?? 0;
    throw errors.field(`csv.row[${row}]`, "csv", `is not valid CSV: ${error.message}`);
  }
  const [header, ...data] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const headerProblems = requiredColumns
    .filter((name) => !names.includes(name))
    .map((name) => ({
      field: "csv.header",
      rule: "required",
      message: `lacks the column ${name}`,
    }));
  names.forEach((name, index) => {
    if (!columns.includes(name as Column) || names.indexOf(name) !== index) {
      headerProblems.push({
        field: `csv.header[${index + 1}]`,
        rule: "column",
        message: `"${name}" is not expected here; columns are ${columns.join(",")}`,
      });
    }
  });
  if (headerProblems.length > 0) throw errors.invalidRequest(headerProblems);
  if (data.length === 0) throw errors.field("csv", "minItems", "has no data rows");
  if (data.length > maxImportRows) {
    throw errors.field("csv", "maxItems", `has ${data.length} rows; at most ${maxImportRows}`);
  }
  const problems: FieldError[] = [];
  const rows = data.map((record, index) => {
    const at = `csv.row[${index + 1}]`;
    const cell = (name: Column) => record[names.indexOf(name)] ?? "";
    if (record.length === names.length) return { at, input: toPromptCreate(at, cell, problems) };
    problems.push({
      field: at,
      rule: "columns",
      message: `has ${record.length} fields; the header has ${names.length}`,
    });
    return { at, input: toPromptCreate(at, cell, []) };
  });
  return { rows, problems };
}

function toPromptCreate(
  at: string,
  cell: (name: Column) => string,
  problems: FieldError[],
): PromptCreate {
  const problem = (column: Column, rule: string, message: string) =>
    problems.push({ field: `${at}.${column}`, rule, message });
  const text = cell("text");
  if (text.length > 500) problem("text", "maxLength", "must NOT have more than 500 characters");
  if (text.trim().length < 3) problem("text", "minLength", "must have at least 3 characters");
  const category = cell("category").trim();
  if (!promptCategories.includes(category as PromptCategory)) {
    problem("category", "enum", `must be one of ${promptCategories.join(", ")}`);
  }
  const language = cell("language").trim();
  if (!languages.includes(language as Language)) {
    problem("language", "enum", `must be one of ${languages.join(", ")}`);
  }
  const region = cell("region").trim();
  if (region && !regionPattern.test(region)) {
    problem("region", "pattern", `must match ${regionPattern.source}`);
  }
  const tagCell = cell("tags").trim();
  const tags = tagCell ? tagCell.split("|").map((tag) => tag.trim()) : [];
  if (tags.length > 10) problem("tags", "maxItems", "must NOT have more than 10 tags");
  if (new Set(tags).size !== tags.length) problem("tags", "uniqueItems", "lists a tag twice");
  tags.forEach((tag, index) => {
    if (tag.length > 40) problem("tags", "maxLength", `tag ${index + 1} is longer than 40`);
    else if (!tagPattern.test(tag)) problem("tags", "pattern", `tag ${index + 1} is empty`);
  });
  const active = cell("active").trim().toLowerCase();
  if (active !== "" && active !== "true" && active !== "false") {
    problem("active", "boolean", "must be true, false or empty");
  }
  return {
    text,
    category: category as PromptCategory,
    language: language as Language,
    ...(region ? { region } : {}),
    tags,
    ...(active === "" ? {} : { active: active === "true" }),
  };
}
