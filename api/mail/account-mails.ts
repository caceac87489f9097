import type { ApiContext } from "../context";
import type { Language } from "../languages";
import type { Customer } from "../store/catalogue";
import { createUserHash } from "../store/user-hashes";
import type { User } from "../store/users";
import { accountMail, activationPath, resetPasswordPath } from "./templates";

/** Creates the link hash and writes the activation or password-reset mail of a user. */
export function sendAccountMail(
  ctx: ApiContext,
  kind: "activation" | "password-reset",
  user: User,
  customer: Customer,
  language: Language,
): void {
  if (!user.email) return;
  const hash = createUserHash(ctx.db, user.id, kind, customer.cstm, Math.floor(ctx.now().getTime() / 1000));
  const path = kind === "activation" ? activationPath : resetPasswordPath;
  ctx.outbox.write({
    cstm: customer.cstm,
    userId: user.id,
    userName: user.user_name,
    to: user.email,
    kind,
    linkPath: path(customer.cstm, hash, language),
    content: (link) => accountMail(kind, language, { name: user.first_name ?? user.user_name, customer: customer.name, link }),
  });
}
