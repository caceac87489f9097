import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startApi } from "./support/api";

/** A minimal SMTP server: enough dialogue for nodemailer to deliver one message, which it records. */
async function fakeSmtp(): Promise<{ port: number; messages: string[]; server: Server }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let message = "";
    socket.write("220 fake ESMTP\r\n");
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let index: number;
      while ((index = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === ".") {
            data = false;
            messages.push(message);
            message = "";
            socket.write("250 queued\r\n");
          } else message += line + "\n";
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 fake\r\n");
        else if (command === "DATA") {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, messages, server };
}

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("mail outbox and SMTP", () => {
  it("with SMTP_URL every outbox mail is also sent by nodemailer", async () => {
    const smtp = await fakeSmtp();
    servers.push(smtp.server);
    const api = await startApi({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const reply = await api.post("/resetPasswordByUserName", { cstm: "demo", userName: "anna", language: "de" });
      expect(reply.status).toBe(200);
      await until(() => smtp.messages.length === 1);
      expect(smtp.messages[0]).toContain("To: anna@example.com");
      expect(smtp.messages[0]).toContain("Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=");
      await until(() => {
        const db = new Database(api.databasePath, { readonly: true });
        const row = db.prepare("SELECT sent_at FROM mail_outbox WHERE user_name = 'anna'").get() as { sent_at: string | null };
        db.close();
        return row.sent_at !== null;
      });
    } finally {
      await api.close();
    }
  });

  it("a failing SMTP server is logged and recorded, never an error of the call", async () => {
    const api = await startApi({ smtpUrl: "smtp://127.0.0.1:1" });
    try {
      const reply = await api.post("/resetPasswordByUserName", { cstm: "demo", userName: "anna", language: "de-DU" });
      expect(reply.status).toBe(200);
      await until(() => api.logs().includes("mail could not be sent"));
      expect(api.logs()).not.toContain("Secret-Pass-1");
    } finally {
      await api.close();
    }
  });

  it("mails written before the app's origin is known get absolute links once it is", async () => {
    let base = "";
    const api = await startApi({ appBaseUrl: () => base });
    try {
      base = "http://late.test:8080";
      const [felix] = (await api.get("/dev/outbox?to=felix")).body;
      expect(felix.link).toBe("http://late.test:8080/demo/activation/act-felix-0001/de-DU");
      expect(felix.text).toContain(felix.link);
    } finally {
      await api.close();
    }
  });
});
