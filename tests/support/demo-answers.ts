/** A complete answer set for the demo form `personal-data` (module 40), as dora would give it (no test-runner imports: shared by Vitest and Playwright). */
export const DORA_PERSONAL_DATA = {
  firstName: "Dora",
  lastName: "Fischer",
  dateOfBirth: "2008-04-01",
  email: "dora@example.com",
  schoolQualification: "realschule",
  willingToRelocate: "yes",
  motivation: "",
};
