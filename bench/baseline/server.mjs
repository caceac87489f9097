// The bare Remix page's server: the same kind of Express server as production (express,
// @remix-run/express, compression, express.static for the assets), nothing else.
// Usage: node bench/baseline/server.mjs (PORT, HOST from the environment; build first).
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.join(import.meta.dirname, "build");
const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
app.use(createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const server = app.listen(port, host, () => console.log(`baseline on http://${host}:${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
