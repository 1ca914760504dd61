// The answers summary's shape (ARCHITECTURE.md "What owners do with answers" › Summary), as a zod schema for
// the OpenAPI document and test/server/openapi-answers.test.ts; computed in server/core/stats/answer-tally.ts.
import { z } from 'zod';

const option = { value: z.string(), label: z.string() };
const counts = z.record(z.string(), z.number().int());

/** One question's figures: the common four, then what its type adds. */
const question = z
  .object({
    key: z.string(),
    label: z.string().meta({ description: 'The current label; a piped reference reads "@" and the question it names' }),
    type: z.string(),
    answered: z.number().int().meta({ description: 'Answers that hold a value for it' }),
    options: z
      .array(
        z.object({
          ...option,
          count: z.number().int().optional().meta({ description: 'Choices and pictures: how often chosen' }),
          mean_position: z.number().nullable().optional().meta({ description: 'Ranking: 1 = first; null if unranked' }),
          ranked: z.number().int().optional().meta({ description: 'Ranking: answers that ranked it' }),
        }),
      )
      .optional(),
    mean: z.number().nullable().optional(),
    median: z.number().nullable().optional(),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
    distribution: counts.optional().meta({ description: 'Number, rating, scale, nps: answers per value' }),
    nps: z
      .object({
        score: z.number().int().nullable(),
        promoters: z.number().int(),
        passives: z.number().int(),
        detractors: z.number().int(),
      })
      .optional()
      .meta({ description: 'nps: 9-10 promote, 7-8 passive, 0-6 detract; score = round(100 x (p - d) / answered)' }),
    columns: z
      .array(z.object(option))
      .optional()
      .meta({ description: 'Matrix: its columns in order, with their labels' }),
    rows: z
      .array(z.object({ ...option, columns: counts }))
      .optional()
      .meta({ description: 'Matrix: per row, answers per column' }),
    latest: z.array(z.string()).optional().meta({ description: 'Texts: the newest answers (up to 5, 200 characters)' }),
  })
  .meta({ id: 'QuestionSummary' });

/** 200 of GET /v1/forms/{id}/summary. */
export const summarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    total: z.number().int().meta({ description: 'Answers of the range that were read' }),
    sampled: z.boolean().meta({ description: 'Always false: every answer of the range is counted' }),
    questions: z.array(question),
  })
  .meta({ id: 'AnswersSummary' });
