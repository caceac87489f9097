// `npm run api:reset`: recreates the embedded API's database (API_DATABASE_PATH, default
// ./data/api.db) with the demo data of shared/spec/demo-data.md. Stop the server first: it keeps
// the file open and would go on writing to the deleted one.
import path from "node:path";
import { openDatabase, removeDatabaseFiles } from "../api/db/connection";
import { migrate } from "../api/db/migrations";
import { seedDemoData } from "../api/db/seed";

const databasePath = path.resolve(process.env.API_DATABASE_PATH?.trim() || "./data/api.db");
removeDatabaseFiles(databasePath);
const db = openDatabase(databasePath);
try {
  migrate(db);
  // Without APP_BASE_URL the seeded mails keep root-relative links; the outbox completes them when read.
  await seedDemoData(db, { appBaseUrl: () => process.env.APP_BASE_URL?.trim().replace(/\/+$/, "") ?? "" });
  const users = (db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;
  console.log(`API database recreated with the demo data: ${databasePath} (${users} users)`);
} finally {
  db.close();
}
