import { z } from "zod/v4";

/** The ratings and notes about an applicant (docs/api.md, the applicant; docs/decisions/185), per test. */
export const shortlistSchema = z
  .object({
    ratings: z.array(z.object({ prof_prof_id: z.string(), rating: z.number().int().min(1).max(5), by: z.string(), at: z.string() })),
    notes: z.array(
      z.object({ id: z.number().int(), prof_prof_id: z.string(), by: z.string(), at: z.string(), text: z.string(), own: z.boolean() }),
    ),
  })
  .default({ ratings: [], notes: [] });

export type Shortlist = z.infer<typeof shortlistSchema>;
