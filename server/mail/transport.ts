/**
 * Where mails go: SMTP through nodemailer when SMTP_URL is set, otherwise one `.eml` file per mail in
 * `DATA_DIR/outbox/` (open it in any mail program), so development and tests need no mail server.
 *
 * SMTP_URL forms:
 *   smtps://user:password@mail.example.de:465  TLS from the first byte (implicit TLS)
 *   smtp://user:password@mail.example.de:587   plain connection upgraded with STARTTLS; required for any
 *                                              host but localhost (`?requireTLS=false` to allow plain text)
 *   Further nodemailer options as query parameters, e.g. `?pool=false`, `?tls.rejectUnauthorized=false`
 *   (only for a test server with a self-signed certificate), `?connectionTimeout=20000`.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import type { StoredMessage } from "./outbox";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/private-files";

export interface MailTransport {
  /** "smtp://host:port" or the outbox folder: for the start-up log line (no password). */
  readonly description: string;
  send(message: StoredMessage, id: number, kind: string): Promise<{ file?: string }>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; outboxDir: string; connections?: number }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.connections ?? 1) : fileTransport(options.outboxDir);
}

function toNodemailer(message: StoredMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    headers: message.headers,
    // What nodemailer would choose for German text anyway; said outright, it skips counting the letters
    // of every text to decide (a fifth of the time it takes to build a mail).
    textEncoding: "quoted-printable",
    // A retried mail keeps its Message-ID, so a receiver can recognise a copy after an unclear outcome.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** SMTP_URL → nodemailer options, with timeouts that let an outage fail fast and be retried later. */
export function smtpOptions(smtpUrl: string, connections = 1): Record<string, unknown> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const options: Record<string, unknown> = {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !LOCAL_HOSTS.has(url.hostname),
    // One kept-open connection instead of a new handshake per mail; reopened when the server drops it.
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  const tls: Record<string, unknown> = {};
  for (const [key, raw] of url.searchParams) {
    const value = raw === "true" ? true : raw === "false" ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    if (key.startsWith("tls.")) tls[key.slice(4)] = value;
    else options[key] = value;
  }
  if (Object.keys(tls).length > 0) options.tls = tls;
  return options;
}

function smtpTransport(smtpUrl: string, connections: number): MailTransport {
  const options = smtpOptions(smtpUrl, connections);
  const transporter: Transporter = nodemailer.createTransport(options);
  return {
    description: `${options.secure ? "smtps" : "smtp"}://${String(options.host)}:${String(options.port)}`,
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
      return {};
    },
    close: () => transporter.close(),
  };
}

function fileTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: outboxDir,
    async send(message, id, kind) {
      const info = (await transporter.sendMail(toNodemailer(message))) as { message: Buffer };
      await mkdir(outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Named by outbox row, so a repeated attempt replaces its file instead of adding a second one.
      const file = path.join(outboxDir, `${String(id).padStart(6, "0")}-${kind}.eml`);
      const partial = `${file}.part`;
      await writeFile(partial, info.message, { mode: PRIVATE_FILE_MODE });
      await rename(partial, file);
      return { file };
    },
    close: () => transporter.close(),
  };
}
