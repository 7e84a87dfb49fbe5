import {
  enumValues,
  type ParameterMetricsCategory,
  type ParameterMetricsEngine,
  type ParameterMetricsLanguage,
  type ParameterMetricsSurface,
} from "@geopulse/api-types";
import { type Command, InvalidArgumentError, Option } from "commander";
import { categories, languages } from "./commands/prompts-list.js";

/** The engines the metrics read (the contract's Engine). */
export const engines: readonly ParameterMetricsEngine[] = enumValues.Engine;

/** The filters shared by `metrics`, `scoreboard` and `timeseries` (the API's query parameters). */
/** Where answers are read (the contract's Surface). */
export const surfaces: readonly ParameterMetricsSurface[] = enumValues.Surface;

export interface MetricsFilterOptions {
  engine?: ParameterMetricsEngine;
  surface?: ParameterMetricsSurface;
  category?: ParameterMetricsCategory;
  region?: string;
  language?: ParameterMetricsLanguage;
  includeBrandResearch?: boolean;
}

/** A `YYYY-MM-DD` option (a usage error otherwise; the API checks the calendar). */
export function day(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError("expected YYYY-MM-DD.");
  return value;
}

/** Adds the filter options of the metrics routes. */
export const withMetricsFilters = (command: Command): Command =>
  withPromptFilters(
    command.addOption(new Option("--engine <engine>", "only this engine").choices(engines)),
  );

/** Adds the filter options on prompts and answers counted (all but the engine). */
export const withPromptFilters = (command: Command): Command =>
  command
    .addOption(
      new Option(
        "--surface <surface>",
        "only answers read from this surface (api, search_page, consumer_app)",
      ).choices(surfaces),
    )
    .addOption(
      new Option("--category <category>", "only prompts of this category").choices(categories),
    )
    .option("--region <region>", "only prompts of this region")
    .addOption(new Option("--language <lang>", "only prompts in this language").choices(languages))
    .option("--include-brand-research", "count brand_research prompts in share of voice and score");

/** The query parameters for the options given (unset ones left out). */
export function metricsFilters(options: MetricsFilterOptions) {
  return {
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.surface ? { surface: options.surface } : {}),
    ...(options.category ? { category: options.category } : {}),
    ...(options.region ? { region: options.region } : {}),
    ...(options.language ? { language: options.language } : {}),
    ...(options.includeBrandResearch ? { includeBrandResearch: true } : {}),
  };
}
