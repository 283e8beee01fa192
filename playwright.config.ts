import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build, served by the real server (npm start) with a fresh
 * embedded database and e-mails written to a temporary outbox. System Chromium only.
 */
const port = Number(process.env.E2E_PORT ?? 9123);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/urkraft-e2e-${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT_MAX: "1000",
      GATSBY_TELEMETRY_DISABLED: "1",
    },
  },
});
