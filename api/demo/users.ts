import type { Language } from "../languages";

/**
 * The demo users of shared/spec/demo-data.md with their states, and those added since (LATER_DEMO_USERS). The seed writes them once; the dev
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
  /** Applicants: the customer they belong to (docs/decisions/170), also for links in mails (activation). */
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
  // A recruiter of the on-site customer only: demo-vor-ort shares demo's user base, never its applicants
  // (docs/decisions/170).
  applicant("vera", "Vera-Recruiter-2027", "Vera", "Lorenz", [], { role: "recruiter", cstm: "demo-vor-ort", serves: ["demo-vor-ort"] }),
  // A recruiter of another customer: proves that one customer's recruiter never reaches another's applicants.
  applicant("rolf", "Rolf-Recruiter-2027", "Rolf", "Albers", [], {
    role: "recruiter",
    userBase: "azubi",
    cstm: "azubi",
    language: "de",
    serves: ["azubi"],
  }),
];

/**
 * Demo users added after the first demo seed, by seed run: a demo database made before them gets them at
 * its next start (api/db/seed.ts), as it got the generated applicants.
 */
export const LATER_DEMO_USERS: Readonly<Record<string, readonly string[]>> = {
  // docs/decisions/170: the on-site customer's own recruiter.
  "demo-users-vera-v1": ["vera"],
};

export function demoEmail(userName: string): string {
  return `${userName}@example.com`;
}

/**
 * The scrypt hashes of the demo passwords above, made once with the production cost (N=2^17, r=8):
 * deriving them at every seed would cost each fresh test database seconds. The passwords are public
 * (README), so their hashes are too; tests/unit/demo-password-hashes.test.ts proves each one verifies.
 */
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  anna: "scrypt$131072$8$1$PuyFO8msTOn4EyDtOFQy_w$8WGdeH1f36fJO5_78s-Zzzd6w3N5jfZQ73G5Y4QccPk",
  ben: "scrypt$131072$8$1$i7pAIK52oUV0fGTg1gl54w$LDDsUaWj_7LRycfsV7eNZ0iCevnm2BIVcRqRYgNEHDQ",
  carla: "scrypt$131072$8$1$LMUH4kVXFFNHV-Ye2WC1rg$Xlnilkv9jD_Zi3NNOr-z0N3UkLfjtvijt5I3FsE0IUs",
  dora: "scrypt$131072$8$1$bnbAEsY5Rr4KZiTeLiSESw$XOiooj6DvgWXOFh4xb3fooZieqB-8rHSZSmyAF3YIp8",
  emil: "scrypt$131072$8$1$6uX4zxNnCd62wSvSBx1Kww$NS_I1a_mxYz8c0l5XcAWxLul42Ci2CPhO-HOYet2a-o",
  greta: "scrypt$131072$8$1$_yVusW0ZUPaP0aelgK5Nvg$X8DFRQl8MxFs61H0g0o70GPLWe6OnZDLF28U9eLpH0Q",
  rita: "scrypt$131072$8$1$e1ZImz2S5iS16UxGNjS4Tg$gX4rL6y7sx67Dtj54-d29odqWLIuT4MeKqz5_kv1gkA",
  rolf: "scrypt$131072$8$1$JX8p_OHvnAW0kU3hmzTPHg$ZMbAP1Mf2R3ep97iYXpbTE8933ZbUoCXXIrerr75_a8",
  vera: "scrypt$131072$8$1$ea-Dpvzh1JurA2OC08vfYw$KWV00VKDMDWKMkFMbFAAzeIfyL3Pht1UGSmJtPo589s",
};
