/**
 * The SMTP_URL forms of transport.ts against real SMTP servers with TLS: implicit TLS (smtps://),
 * STARTTLS (smtp://), the certificate check that is on by default, and credentials only over TLS.
 */
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, test } from "node:test";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { loadMailContext } from "./context";
import { composeMail } from "./outbox";
import { createMailTransport } from "./transport";

const context = loadMailContext(path.resolve("content"));
const message = composeMail(context, {
  kind: "contact-acknowledgment",
  to: { name: "Tanja", address: "tanja@example.de" },
  personEmail: "tanja@example.de",
  values: { name: "Tanja" },
});

interface Delivery {
  secure: boolean;
  user: string | undefined;
}

const servers: SMTPServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/**
 * An SMTP server on a free port with smtp-server's own self-signed certificate, noting whether each mail
 * came over TLS; `address` is its host and port.
 */
async function server(options: SMTPServerOptions): Promise<{ deliveries: Delivery[]; address: string }> {
  const deliveries: Delivery[] = [];
  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    ...options,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        deliveries.push({ secure: session.secure, user: session.user as string | undefined });
        callback();
      });
    },
  });
  // A client that refuses the certificate leaves a half-open TLS handshake behind: expected here.
  smtp.on("error", () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  servers.push(smtp);
  return { deliveries, address: `127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
}

async function send(smtpUrl: string): Promise<void> {
  const transport = createMailTransport({ smtpUrl, outboxDir: "/nonexistent" });
  try {
    await transport.send(message, 1, "contact-acknowledgment");
  } finally {
    transport.close();
  }
}

test("smtps:// speaks TLS from the first byte", async () => {
  const { deliveries, address } = await server({ secure: true });
  await send(`smtps://${address}?tls.rejectUnauthorized=false`);
  assert.deepEqual(deliveries, [{ secure: true, user: undefined }]);
});

test("smtp:// upgrades with STARTTLS and logs in only then", async () => {
  const { deliveries, address } = await server({
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "postfach@urkraft.de" && auth.password === "geheim:&?")
        return callback(null, { user: auth.username });
      return callback(new Error("Falsche Zugangsdaten"));
    },
  });
  await send(
    `smtp://${encodeURIComponent("postfach@urkraft.de")}:${encodeURIComponent("geheim:&?")}@${address}?requireTLS=true&tls.rejectUnauthorized=false`,
  );
  assert.deepEqual(deliveries, [{ secure: true, user: "postfach@urkraft.de" }]);
});

test("the server's certificate is checked unless told otherwise", async () => {
  const { deliveries, address } = await server({ secure: true });
  await assert.rejects(send(`smtps://${address}`), /certificate/i);
  assert.equal(deliveries.length, 0);
});

test("with requireTLS nothing goes out to a server that offers no STARTTLS", async () => {
  const { deliveries, address } = await server({ disabledCommands: ["STARTTLS"] });
  await assert.rejects(send(`smtp://${address}?requireTLS=true`));
  assert.equal(deliveries.length, 0);
});
