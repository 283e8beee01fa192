/**
 * A real SMTP server for tests (the `smtp-server` package) that parses every mail it accepts with
 * `mailparser`. It listens on a free port the system picks, and can be stopped and started again on that
 * same port to play an outage.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  parsed: ParsedMail;
  /** Envelope recipients (RCPT TO), which is where the mail really went. */
  rcptTo: string[];
  raw: string;
}

export function sentTo(mail: ReceivedMail, address: string): boolean {
  return mail.rcptTo.some((recipient) => recipient.toLowerCase() === address.toLowerCase());
}

export interface SinkBehaviour {
  /**
   * The answer to a recipient (RCPT TO), by address and the how-many-th time it is offered: a code such as
   * 421 or 550 refuses it, undefined accepts it.
   */
  answerRecipient?(address: string, offered: number): number | undefined;
  /** Called with each mail before it is accepted (the answer waits for it); false: refused with 451, not recorded. */
  beforeAccept?(rcptTo: string[]): boolean | Promise<boolean>;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private readonly offered = new Map<string, number>();
  private boundPort = 0;

  constructor(private readonly behaviour: SinkBehaviour = {}) {}

  /** The port it listens on (known from the first `start` or `reservePort` on). */
  get port(): number {
    if (this.boundPort === 0) throw new Error("the SMTP sink has no port yet: call start() or reservePort() first");
    return this.boundPort;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Takes a free port and gives it back at once: connections are refused until `start`, as with a mail server that is down. */
  async reservePort(): Promise<void> {
    await this.start();
    await this.stop();
  }

  /** Starts on a free port, or on the same port again after `stop`. */
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // Stopping plays a mail server going down: open connections are cut after a moment instead of after the
      // 30 s smtp-server waits by default for clients to say QUIT (a pooled client never does).
      closeTimeout: 100,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const key = address.address.toLowerCase();
        const offered = (this.offered.get(key) ?? 0) + 1;
        this.offered.set(key, offered);
        const code = this.behaviour.answerRecipient?.(key, offered);
        if (code === undefined) return callback();
        const error = Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", callback);
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          Promise.resolve(this.behaviour.beforeAccept?.(rcptTo) ?? true)
            .then((accept) => {
              if (!accept) throw Object.assign(new Error("Not accepted"), { responseCode: 451 });
              return simpleParser(raw);
            })
            .then(
              (parsed) => {
                this.received.push({ parsed, rcptTo: session.envelope.rcptTo.map((r) => r.address), raw });
                callback();
              },
              (error: Error) => callback(error),
            );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.boundPort, "127.0.0.1", () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mails whose envelope went to `address` (compared without case, as mail systems do). */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => sentTo(mail, address));
  }

  /** Waits until `count` mails match, failing after `timeoutMs`. */
  async waitFor(predicate: (mail: ReceivedMail) => boolean, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.received.filter(predicate);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline) {
        throw new Error(`waited ${timeoutMs} ms for ${count} mail(s), got ${matching.length} (all: ${this.received.length})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
