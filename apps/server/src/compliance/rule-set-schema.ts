import { z } from "zod";

const perLanguage = <T extends z.ZodType>(value: T) =>
  z.strictObject({ en: value, es: value, ca: value, fr: value });

const patterns = perLanguage(z.array(z.string().min(1)));

const rule = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** The rule's name in each language (recommendation texts name it in theirs). */
  title: perLanguage(z.string().min(1)),
  regulation: z.string().min(1),
  article: z.string().min(1),
  description: z.string().min(1),
  sources: z.array(z.strictObject({ title: z.string().min(1), url: z.url() })).min(1),
  patterns,
  /** A match is dropped when one of these matches tokens it overlaps. */
  exceptions: patterns,
  /** A match is dropped when one of these matches anywhere in its sentence. */
  sentenceExceptions: patterns,
  rewording: perLanguage(z.string().min(1)),
});

/** The shape of a rule file (`rules/*.json`), checked when the module loads. */
export const ruleSetSchema = z.strictObject({
  $comment: z.string().optional(),
  profile: z.literal("eu_medical"),
  version: z.string().min(1),
  syntax: z.string().min(1),
  negation: z.strictObject({
    /** Tokens looked at before a match, within its clause. */
    window: z.number().int().min(1).max(6),
    negators: perLanguage(z.array(z.string().min(1))),
    /** A negator followed by one of these does not negate ("not only", "no solo"). */
    notAfter: perLanguage(z.array(z.string().min(1))),
  }),
  /** Named word lists a pattern uses as `@name`. */
  lexicons: z.record(z.string().regex(/^[a-z_]+$/), perLanguage(z.array(z.string().min(1)))),
  rules: z.array(rule).min(1),
});

export type RuleSet = z.infer<typeof ruleSetSchema>;
export type RuleDefinition = RuleSet["rules"][number];
