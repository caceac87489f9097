/** The longest recruiter's note about an applicant the upstream takes (docs/api.md, docs/decisions/185). */
export const MAX_NOTE_LENGTH = 2000;
