import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { createUpstreamTransport, type UpstreamTransport } from "~/upstream/transport.server";

/**
 * A scripted upstream on loopback and the app's real transport to it, for unit tests of the upstream
 * client and of actions that call it: `baseUrl` ends in /api like UPSTREAM_API_URL.
 */
export interface LoopbackUpstream {
  baseUrl: string;
  transport: UpstreamTransport;
  close(): Promise<void>;
}

export async function startLoopbackUpstream(handle: RequestListener): Promise<LoopbackUpstream> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const transport = createUpstreamTransport({
    budgets: { connectMs: 1000, pageMs: 2000, credentialMs: 2000, assetMs: 2000 },
    breaker: { failures: 0, cooldownMs: 1000 },
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    transport,
    async close() {
      await transport.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
