/** The longest recruiter's note about an applicant the upstream takes (docs/api.md, docs/decisions/185). */
export const MAX_NOTE_LENGTH = 2000;
/** Line breaks and tabs, but no other control character: the upstream refuses them (docs/api.md). */
export function noteCharactersAllowed(text: string): boolean {
  return !/\p{Cc}/u.test(text.replace(/[\t\n]/g, ""));
}
