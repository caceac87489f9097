import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that hold one worker longest start first (docs/decisions/167). Vitest orders a run
 * without its results cache (every CI run: a fresh clone) by file size, which put the image smoke
 * test (a small file that builds the whole app, about three minutes) last: the other worker then had
 * nothing left to do for its whole length. With the long files first, the short ones fill the other
 * worker beside them.
 */
const SLOW_FILES = [
  /image-smoke\.test\.ts$/,
  /\/fuzz\//,
  /session-expiry\.test\.ts$/,
  /upstream-resilience\.test\.ts$/,
  /hostile-input\.test\.ts$/,
];

const rank = (file: string) => {
  const index = SLOW_FILES.findIndex((pattern) => pattern.test(file));
  return index === -1 ? SLOW_FILES.length : index;
};

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, the base order stays.
    return [...sorted].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}
