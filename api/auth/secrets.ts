import { createHash, randomBytes } from "node:crypto";

/** A random credential (access token, reset hash, session key): 256 bits, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Credentials are stored only as this hash: a database leak reveals no usable token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}
