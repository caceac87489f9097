/**
 * A bare Remix page without loader (only the root one runs): the baseline that bench/ssr-throughput
 * compares real pages against on the same server.
 */
export default function BenchBaseline() {
  return (
    <main id="main">
      <h1>Baseline</h1>
    </main>
  );
}

export const meta = () => [{ name: "robots", content: "noindex" }];
