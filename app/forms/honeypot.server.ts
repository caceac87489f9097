import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot of the public forms (DESIGN §8, docs/decisions/130): remix-utils'
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

const STAMP_PREFIX = "v2.";

/**
 * remix-utils' Honeypot with the time stamp sealed by node:crypto (AES-256-GCM, the key derived once)
 * instead of crypto-js, whose AES in JavaScript derives the key from the seed anew on every call: a
 * measurable share of a login page's server CPU (decision 112 holds the figure). remix-utils' honeypot
 * module imports crypto-js itself (its random values), so the package stays a dependency.
 */
class NodeCryptoHoneypot extends Honeypot {
  private readonly key: Buffer;

  constructor(config: ConstructorParameters<typeof Honeypot>[0] & { encryptionSeed: string }) {
    super(config);
    this.key = createHash("sha256").update(config.encryptionSeed).digest();
  }

  protected override encrypt(value: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return STAMP_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  protected override decrypt(value: string): string {
    // A stamp without our prefix is none of ours (forged, or in remix-utils' own crypto-js format, which
    // would derive a random key for an unsalted forgery and now and then open it to a plausible time).
    if (!value.startsWith(STAMP_PREFIX)) return "";
    const data = Buffer.from(value.slice(STAMP_PREFIX.length), "base64url");
    if (data.length < 29) return "";
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // Forged, or sealed with another secret: no time stamp.
      return "";
    }
  }
}

export function createHoneypot({ secret, minFillMs }: { secret: string; minFillMs: number }): HoneypotService {
  // Every instance shares the key (so a form served by one is checked by another), derived from the
  // session secret that signs (the first of a rotation list) so it is never used as is for two jobs.
  const signing = secret.split(",")[0].trim();
  const honeypot = new NodeCryptoHoneypot({
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
        // SpamError: the trap filled, or the time stamp missing, forged or too early.
        return true;
      }
    },
  };
}
