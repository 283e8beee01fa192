/**
 * What counting visits (server/analytics) costs a page: GET / as a browser arriving from a search
 * engine with a campaign link asks for it, against two servers on PGlite, one with VISIT_STATS=false.
 * The two are measured in turns (off, on, off, on …) so that the machine's other work falls on both;
 * each side's best round counts. Goal: with counting at least 95 % of the rate without. On a busy
 * machine the rounds scatter more than counting costs; the server's own CPU time per request (from
 * /proc) is the steadier figure and is printed beside it.
 */
import autocannon from "autocannon";
import { startServer } from "./server";

export const COUNTING_GOAL = 0.95;

export interface CountingFigures {
  connections: number;
  durationS: number;
  rounds: number;
  /** Requests per second of each round, in order. */
  off: number[];
  on: number[];
  ratio: number;
  /** The server's CPU time per answered request over all rounds, in microseconds (Linux only). */
  cpuUsOff?: number;
  cpuUsOn?: number;
}

const BROWSER = {
  accept: "text/html",
  "accept-encoding": "br, gzip",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  referer: "https://www.google.com/",
};

async function run(baseUrl: string, connections: number, durationS: number): Promise<{ rate: number; requests: number }> {
  const result = await autocannon({
    url: `${baseUrl}/?utm_source=newsletter&utm_medium=e-mail&utm_campaign=herbst`,
    connections,
    duration: durationS,
    headers: BROWSER,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`GET / antwortete ${result.non2xx}× nicht mit 2xx, ${result.errors} Fehler`);
  return { rate: Math.round(result.requests.total / result.duration), requests: result.requests.total };
}

export async function benchCounting(
  projectDir: string,
  connections: number,
  durationS: number,
  rounds = 4,
): Promise<CountingFigures> {
  const off = await startServer({ projectDir, env: { VISIT_STATS: "false" } });
  const on = await startServer({ projectDir });
  const figures: CountingFigures = { connections, durationS, rounds, off: [], on: [], ratio: NaN };
  const cpu = { off: { seconds: 0, requests: 0 }, on: { seconds: 0, requests: 0 } };
  const measure = async (side: "off" | "on", server: typeof off) => {
    const before = server.cpuSeconds();
    const result = await run(server.baseUrl, connections, durationS);
    const after = server.cpuSeconds();
    figures[side].push(result.rate);
    if (before !== undefined && after !== undefined) {
      cpu[side].seconds += after - before;
      cpu[side].requests += result.requests;
    }
  };
  try {
    // A short warm-up each, so both have compiled their hot paths before the first measured round.
    await run(off.baseUrl, connections, 1);
    await run(on.baseUrl, connections, 1);
    for (let round = 0; round < rounds; round += 1) {
      await measure("off", off);
      await measure("on", on);
    }
  } finally {
    await off.stop();
    await on.stop();
  }
  figures.ratio = Math.max(...figures.on) / Math.max(...figures.off);
  const perRequest = (side: "off" | "on") =>
    cpu[side].requests > 0 ? Math.round((cpu[side].seconds / cpu[side].requests) * 1e6) : undefined;
  figures.cpuUsOff = perRequest("off");
  figures.cpuUsOn = perRequest("on");
  return figures;
}
