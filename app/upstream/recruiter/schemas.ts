import { z } from "zod/v4";

/**
 * What the applicant list and the applicant page share (docs/api.md, Recruiter workspace): the fields
 * both say of an applicant and the choices of the list's filters, which the page's options add to.
 * Payload names (prof_prof_id) stop here: the app gets readable ones.
 */

export const ownerSchema = z.object({ userName: z.string(), name: z.string() }).nullable();

export const profileOptionSchema = z.object({ prof_prof_id: z.string(), name: z.string() });

/** The choices of the list's filters; the applicant page's options add to them. */
export const filterOptionsSchema = z.object({
  profiles: z.array(profileOptionSchema),
  statuses: z.array(z.string()),
  owners: z.array(z.object({ userName: z.string(), name: z.string() })),
});

/** What the list and the applicant page both say of an applicant. */
export const applicantFieldsSchema = z.object({
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  activated: z.boolean(),
  anonymous: z.boolean(),
  onSite: z.boolean().default(false),
  status: z.string(),
  registeredAt: z.string(),
  lastActivityAt: z.string().nullable(),
});

export interface Option {
  value: string;
  label: string;
}

export interface FilterOptions {
  profiles: Option[];
  statuses: string[];
  owners: Option[];
}

/** What the list and the applicant page both say of an applicant. */
export type ApplicantFields = z.infer<typeof applicantFieldsSchema> & {
  loginEnabled: boolean;
  owner: { userName: string; name: string } | null;
  finishedModules: number;
  totalModules: number;
};

export function toFilterOptions(options: z.infer<typeof filterOptionsSchema>): FilterOptions {
  return {
    profiles: options.profiles.map((profile) => ({ value: profile.prof_prof_id, label: `${profile.name} (${profile.prof_prof_id})` })),
    statuses: options.statuses,
    owners: options.owners.map((owner) => ({ value: owner.userName, label: owner.name })),
  };
}
