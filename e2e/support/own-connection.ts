/**
 * A GET as a browser of its own sends it: on a connection of its own. Node's fetch keeps connections open and
 * reuses them; when a deploy hands the port over to a new server process, the old one closes its idle
 * connections, and a request sent on one of them that moment fails with ECONNRESET. A browser sends such a
 * request again by itself, fetch does not, so the tests that poll across a deploy ask this way.
 */
import { get, type IncomingHttpHeaders } from "node:http";

export function getOnOwnConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on("error", reject);
    }).on("error", reject);
  });
}
