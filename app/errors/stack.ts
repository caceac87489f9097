import { CatalogueError, isCatalogueError } from "./catalogue-error";

/**
 * R-ERR-03 for one request: runs a loader's independent calls in parallel (DESIGN §5) and, when
 * some fail, throws all their catalogue errors as one stack, newest (the last to fail) first, so
 * the error view shows every failure of the page, not only the first. Anything that is not a
 * catalogue error (a redirect, a bug) is thrown as it is.
 *
 *   const [profiles, statement] = await settleAll([profilesOf(...), dataProtectionStatement(...)]);
 */
export async function settleAll<const T extends readonly Promise<unknown>[]>(
  calls: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const failures: unknown[] = [];
  const settled = await Promise.allSettled(
    calls.map((call) =>
      call.catch((error: unknown) => {
        failures.push(error);
        throw error;
      }),
    ),
  );
  if (failures.length === 0) {
    return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  }
  const other = failures.findIndex((failure) => !isCatalogueError(failure));
  if (other !== -1) throw failures[other];
  throw CatalogueError.stack((failures as CatalogueError[]).reverse());
}
