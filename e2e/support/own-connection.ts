/**
 * A GET as a browser of its own sends it: on a connection of its own. Node's fetch keeps connections open and
 * reuses them. On the embedded PGlite, a handover to a new server process closes the connections still idle
 * after a second (release/handover.ts: one process at a time may hold the database), and a request sent on one
 * of them that moment fails with ECONNRESET. A browser sends such a request again by itself, fetch does not.
 */
import { get, type IncomingHttpHeaders } from "node:http";

export function getOnOwnConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ headers: response.headers, body }));
      response.on("error", reject);
    }).on("error", reject);
  });
}
