// Command-line flags of the bench scripts.

/** The value after `--name` on the command line, or `fallback`. */
export const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
