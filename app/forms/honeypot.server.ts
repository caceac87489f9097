import { createHmac } from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot of the public forms (DESIGN §8, issue 15 part 3, docs/decisions/130): remix-utils'
 * Honeypot. Each form carries two inputs nobody sees: one that must stay empty (bots that fill every
 * field fall in) and one with the time the form was served, encrypted, so a form posted sooner than
 * HONEYPOT_MIN_FILL_MS after it was served (a bot that replays it at once) is caught too.
 *
 * A post without either input is not checked (remix-utils' rule): a script that never read the form
 * is met by the rate limits of the same actions, not by the honeypot.
 */
export interface HoneypotService {
  /** The inputs' names and the encrypted "valid from" time, for a loader to hand to <Honeypot>. */
  inputProps(): HoneypotInputProps;
  /** True when the post tripped the honeypot: field filled, time stamp missing, forged or too early. */
  isSpam(formData: FormData): boolean;
}

/** The names of the two inputs (remix-utils' own), never kept or forwarded as a person's answers. */
export const HONEYPOT_FIELD_NAMES: ReadonlySet<string> = new Set(["name__confirm", "from__confirm"]);

/** The message a tripped honeypot gets (the input is kept): generic, it tells a bot nothing. */
export const HONEYPOT_MESSAGE = "validation:notSent";

export function createHoneypot({ secret, minFillMs }: { secret: string; minFillMs: number }): HoneypotService {
  // Every instance shares the key (so a form served by one is checked by another), derived from the
  // session secret that signs (the first of a rotation list) so it is never used as is for two jobs.
  const signing = secret.split(",")[0].trim();
  const honeypot = new Honeypot({
    nameFieldName: "name__confirm",
    validFromFieldName: "from__confirm",
    encryptionSeed: createHmac("sha256", signing).update("honeypot").digest("hex"),
  });
  return {
    inputProps: () => honeypot.getInputProps({ validFromTimestamp: Date.now() + minFillMs }),
    isSpam(formData) {
      try {
        honeypot.check(formData);
        return false;
      } catch {
        // SpamError, and crypto-js's own error for a time stamp that does not decrypt (a forged one).
        return true;
      }
    },
  };
}
