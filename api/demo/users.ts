import type { Language } from "../languages";

/**
 * The demo users of shared/spec/demo-data.md with their states. The seed writes them once; the dev
 * helper POST /dev/clone-user writes an independent copy of one under a new name.
 */
export interface DemoProfileState {
  profileId: string;
  isOpen: boolean;
  /** Inclusive last day; a past date makes the profile expired. */
  openUntil: string | null;
  /** Component ids the user has finished in this profile. */
  finished: number[];
}

export interface DemoUser {
  userName: string;
  password: string | null;
  userBase: string;
  /** Customer for links in mails (activation). */
  cstm: string;
  role: "applicant" | "recruiter";
  firstName: string;
  lastName: string;
  language: Language;
  activated: boolean;
  expired: boolean;
  activationHash: string | null;
  profiles: DemoProfileState[];
  /** Recruiters: the customers they serve (docs/decisions/141). */
  serves?: string[];
}

/** Answers of the five Likert items per Scale module, for finished modules of the demo users. */
export const DEMO_ANSWERS: Record<number, number[]> = {
  31: [4, 4, 3, 5, 4],
  32: [3, 4, 3, 3, 4],
  33: [5, 4, 4, 5, 3],
  42: [3, 3, 2, 4, 3],
  43: [4, 5, 4, 4, 5],
};

const P100_ALL_BUT_FORM = [31, 32, 33, 42, 43, 86, 87];

const applicant = (
  userName: string,
  password: string | null,
  firstName: string,
  lastName: string,
  profiles: DemoProfileState[],
  overrides: Partial<DemoUser> = {},
): DemoUser => ({
  userName,
  password,
  userBase: "demo",
  cstm: "demo",
  role: "applicant",
  firstName,
  lastName,
  language: "de-DU",
  activated: true,
  expired: false,
  activationHash: null,
  profiles,
  ...overrides,
});

const open = (profileId: string, finished: number[] = []): DemoProfileState => ({ profileId, isOpen: true, openUntil: null, finished });

export const DEMO_USERS: DemoUser[] = [
  applicant("anna", "Anna-Demo-2027", "Anna", "Becker", [open("P100")]),
  applicant("ben", "Ben-Demo-2027", "Ben", "Schulz", [
    open("P100", [31]),
    { profileId: "P200", isOpen: false, openUntil: null, finished: [31, 32] },
    { profileId: "P300", isOpen: false, openUntil: null, finished: [] },
    { profileId: "P400", isOpen: true, openUntil: "2024-12-31", finished: [31] },
  ]),
  applicant("carla", "Carla-Demo-2027", "Carla", "Wagner", [open("P100")], { activated: false, activationHash: "act-carla-0001" }),
  applicant("dora", "Dora-Demo-2027", "Dora", "Fischer", [open("P100", P100_ALL_BUT_FORM)]),
  applicant("emil", "Emil-Demo-2027", "Emil", "Hoffmann", [open("P100")], { expired: true }),
  applicant("felix", null, "Felix", "Koch", [open("P100")], { activated: false, activationHash: "act-felix-0001" }),
  applicant("greta", "Greta-Demo-2027", "Greta", "Richter", [open("P610")], { userBase: "azubi", cstm: "azubi", language: "de" }),
  applicant("rita", "Rita-Recruiter-2027", "Rita", "Neumann", [], { role: "recruiter", serves: ["demo", "demo-vor-ort"] }),
  // A recruiter of another customer: proves that one customer's recruiter never reaches another's applicants.
  applicant("rolf", "Rolf-Recruiter-2027", "Rolf", "Albers", [], {
    role: "recruiter",
    userBase: "azubi",
    cstm: "azubi",
    language: "de",
    serves: ["azubi"],
  }),
];

export function demoEmail(userName: string): string {
  return `${userName}@example.com`;
}
