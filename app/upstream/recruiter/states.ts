/** The states of an assignment in the progress and summary figures (docs/decisions/155). */
export const STATES = ["invited", "activated", "started", "completed", "expired"] as const;
export type State = (typeof STATES)[number];
