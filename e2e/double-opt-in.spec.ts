import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";

/**
 * This test runs its own server on a fresh embedded database: PGlite admits one process per data folder,
 * and the lead must afterwards be read with the site owner's command line, which opens that folder
 * itself once the server has stopped. Without SMTP_URL every mail is an .eml file in DATA_DIR/outbox.
 */
const PORTS = [9270, 9271, 9272, 9273, 9274, 9275, 9276, 9277, 9278, 9279];
const START_TIMEOUT_MS = 120_000;
const ROOT = path.resolve(__dirname, "..");

const run = promisify(execFile);

interface OwnServer {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The environment without a database address, so server and command line both use PGlite in dataDir. */
function ownEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  return env;
}

async function startOwnServer(): Promise<OwnServer> {
  let port: number | undefined;
  for (const candidate of PORTS) {
    if (await portIsFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port in ${PORTS[0]}–${PORTS.at(-1)}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-e2e-doi-"));
  // Plain node with tsx as loader: one process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: ownEnv(dataDir, {
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_ON_START: "false",
      RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
    }),
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const server: OwnServer = { origin: `http://127.0.0.1:${port}`, dataDir, process: child, output: () => output };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with code ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${server.origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await stopOwnServer(server);
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then wait until the process has closed the database and exited. */
async function stopOwnServer(server: OwnServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

async function mailsTo(outbox: string, address: string): Promise<ParsedMail[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.filter((file) => file.endsWith(".eml")).map(async (file) => simpleParser(await readFile(path.join(outbox, file)))),
  );
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
}

async function waitForMail(outbox: string, address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(outbox, address)).find((mail) => subject.test(mail.subject ?? ""));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** A link from a mail, opened on the server under test (mails point to the public address). */
function onServer(server: OwnServer, link: string): string {
  const url = new URL(link);
  return `${server.origin}${url.pathname}${url.search}`;
}

test("double opt-in: lead form, confirmation mail, its link, the confirmation page, and the lead confirmed in `leads show`", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const server = await startOwnServer();
  try {
    const outbox = path.join(server.dataDir, "outbox");
    const email = `doi.${Date.now()}.${Math.floor(Math.random() * 1e6)}@beispiel.de`;

    await page.goto(`${server.origin}/`);
    await expect(page.locator("form[novalidate]")).toHaveCount(1);
    const form = page.locator('#info-form form[action="/api/leads"]');
    await form.getByLabel("Dein Vorname").fill("Bernd");
    await form.getByLabel("Deine E-Mail-Adresse").fill(email);
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    await page.waitForURL("**/danke-willkommen", { timeout: 30_000 });

    const confirmation = await waitForMail(outbox, email, /bestätige deine Anmeldung/);
    const link = /https?:\/\/\S+\/api\/leads\/confirm\?token=[\w-]+/.exec(confirmation.text ?? "")?.[0];
    expect(link, "the confirmation mail carries a link").toBeTruthy();
    expect((await mailsTo(outbox, email)).length, "nothing but the confirmation request before the click").toBe(1);

    await page.goto(onServer(server, link!));
    await expect(page).toHaveURL(/\/anmeldung-bestaetigt$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Willkommen");

    // Only a confirmed lead gets the welcome mail, with links into the site and a way out.
    const welcome = await waitForMail(outbox, email, /^Willkommen bei/);
    expect(welcome.text).toContain("/gesunde-rezepte");
    expect(welcome.text).toMatch(/\/api\/leads\/unsubscribe\?token=[\w-]+/);

    await page.goto(onServer(server, link!));
    await expect(page).toHaveURL(/\/link-ungueltig$/);
    await expect(page.getByRole("link", { name: "Neu anmelden" })).toHaveAttribute("href", "/#info-form");

    expect(await stopOwnServer(server), `a clean shutdown:\n${server.output()}`).toBe(0);

    const { stdout } = await run("npx", ["tsx", "server/cli.ts", "show", email], {
      cwd: ROOT,
      env: ownEnv(server.dataDir),
      timeout: 120_000,
    });
    expect(stdout).toContain('"status": "confirmed"');
    const shown = JSON.parse(stdout) as {
      leads: { email: string; status: string; submitted_at: string; confirmed_at: string | null }[];
    };
    expect(shown.leads).toHaveLength(1);
    const lead = shown.leads[0]!;
    expect(lead.email).toBe(email);
    expect(lead.status).toBe("confirmed");
    expect(lead.confirmed_at, "the time of confirmation is recorded").toBeTruthy();
    const confirmedAt = Date.parse(lead.confirmed_at!);
    expect(confirmedAt).toBeGreaterThanOrEqual(Date.parse(lead.submitted_at));
    expect(confirmedAt).toBeLessThanOrEqual(Date.now());
  } finally {
    await stopOwnServer(server);
    await rm(server.dataDir, { recursive: true, force: true });
  }
});
