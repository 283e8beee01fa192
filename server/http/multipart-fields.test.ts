/**
 * The one-click unsubscribe's multipart/form-data body (RFC 8058, RFC 7578): its text fields become the
 * route's body, only on the route that registers it; a broken body, a file, too many or too long fields and
 * more than 4 KB (announced or sent in chunks) are refused with a German message before the route runs.
 */
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { after, before, describe, it } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { errorHandler } from "./errors";
import { acceptMultipartFields, MULTIPART_BODY_LIMIT, MULTIPART_MESSAGES } from "./multipart-fields";

const BOUNDARY = "----abmelden7MA4YWxkTrZu0gW";

function form(parts: string[], boundary = BOUNDARY): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;
}
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const ONE_CLICK = form([field("List-Unsubscribe", "One-Click")]);

describe("multipart/form-data fields", () => {
  let app: FastifyInstance;
  let ran = 0;

  before(async () => {
    app = Fastify();
    app.setErrorHandler(errorHandler);
    await app.register(async (scope) => {
      await acceptMultipartFields(scope);
      scope.post("/abmelden", async (request) => {
        ran++;
        return { body: request.body ?? null };
      });
    });
    app.post("/anderes", async (request) => ({ body: request.body ?? null }));
    await app.ready();
  });
  after(() => app.close());

  const post = (payload: string | Readable, contentType = `multipart/form-data; boundary=${BOUNDARY}`, url = "/abmelden") =>
    app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload });

  it("reads the one-click field as the body, the first of a name twice, with a quoted boundary too", async () => {
    assert.deepEqual((await post(ONE_CLICK)).json(), { body: { "List-Unsubscribe": "One-Click" } });
    const twice = form([field("List-Unsubscribe", "One-Click"), field("List-Unsubscribe", "Zweimal"), field("token", "abc")]);
    assert.deepEqual((await post(twice, `multipart/form-data; boundary="${BOUNDARY}"`)).json(), {
      body: { "List-Unsubscribe": "One-Click", token: "abc" },
    });
  });

  it("refuses a broken body with 400 and a German message, before the route runs", async () => {
    const before = ran;
    for (const [payload, type] of [
      [ONE_CLICK.replace(`--${BOUNDARY}--`, ""), undefined],
      [`--${BOUNDARY}\r\nkaputt ohne Kopf`, undefined],
      [ONE_CLICK, "multipart/form-data"],
      [ONE_CLICK, "multipart/form-data; boundary=anders"],
    ] as const) {
      const answer = await post(payload, type);
      assert.equal(answer.statusCode, 400, `${type}: ${payload}`);
      assert.deepEqual(answer.json(), { error: MULTIPART_MESSAGES.unreadable });
    }
    assert.equal(ran, before, "the route never ran");
  });

  it("refuses a file, too many or too long fields and more than 4 KB with 413", async () => {
    const before = ran;
    const cases: [string, string | Readable][] = [
      [
        "a file",
        form([`Content-Disposition: form-data; name="datei"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nInhalt`]),
      ],
      ["too many fields", form(Array.from({ length: 12 }, (_, index) => field(`f${index}`, "x")))],
      ["a long value", form([field("List-Unsubscribe", "x".repeat(2000))])],
      [
        "more than 4 KB announced",
        form([field("a", "x".repeat(900)), ...Array.from({ length: 5 }, () => field("b", "y".repeat(900)))]),
      ],
      ["more than 4 KB in chunks, after the form", Readable.from([ONE_CLICK, "z".repeat(MULTIPART_BODY_LIMIT)])],
    ];
    for (const [name, payload] of cases) {
      const answer = await post(payload);
      assert.equal(answer.statusCode, 413, name);
      assert.deepEqual(answer.json(), { error: MULTIPART_MESSAGES.tooLarge }, name);
    }
    assert.equal(ran, before, "the route never ran");
  });

  it("is read only by the route that registers it", async () => {
    const answer = await post(ONE_CLICK, undefined, "/anderes");
    assert.equal(answer.statusCode, 415);
  });
});
