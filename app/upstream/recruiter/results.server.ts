import { z } from "zod/v4";

/**
 * The applicant list's result columns (docs/api.md, the applicant list; docs/decisions/184): the chosen
 * test, its scales, and per row its completion, rating and norm value per scale.
 */
export const resultColumnsSchema = z.object({
  prof_prof_id: z.string(),
  name: z.string(),
  scales: z.array(z.object({ comp_comp_id: z.number().int(), name: z.string() })),
});

export const resultCellsSchema = z.object({
  assigned: z.boolean(),
  finishedModules: z.number().int().nullable(),
  totalModules: z.number().int().nullable(),
  norms: z.record(z.string(), z.number().int().nullable()),
  rating: z.number().int().min(1).max(5).nullable(),
});

export interface ResultColumns {
  profileId: string;
  name: string;
  scales: { compId: number; name: string }[];
}

export type ResultCells = z.infer<typeof resultCellsSchema>;

export function toResultColumns(columns: z.infer<typeof resultColumnsSchema> | null): ResultColumns | null {
  return columns
    ? {
        profileId: columns.prof_prof_id,
        name: columns.name,
        scales: columns.scales.map((scale) => ({ compId: scale.comp_comp_id, name: scale.name })),
      }
    : null;
}
