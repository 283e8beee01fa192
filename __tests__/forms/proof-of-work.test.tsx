import React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigate } from "gatsby";
import { LeadForm } from "../../src/forms/LeadForm";
import { ContactForm } from "../../src/forms/ContactForm";
import { PROOF_FIELD, PROOF_MESSAGES, encodeProof, type ProofChallenge } from "../../common/forms/proof-of-work";
import { API_PATHS } from "../../common/routes";
import { PROOF_GIVE_UP_MS, PROOF_WORKER_PATH } from "../../src/forms/proof-of-work";
import { jsonResponse, mockFetch, neverAnswered, pass, setUpFormTests, type SentRequest } from "./support";

setUpFormTests();

const CHALLENGE: ProofChallenge = {
  algorithm: "SHA-256",
  challenge: "a".repeat(64),
  maxnumber: 50_000,
  salt: `0123456789abcdef01234567?expires=${Math.floor(Date.now() / 1000) + 20 * 60}&`,
  signature: "b".repeat(64),
};

/** Stands in for the browser's Worker: records what it is given and answers when the test says. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  received: unknown[] = [];
  terminated = false;
  constructor(readonly url: string) {
    FakeWorker.started.push(this);
  }
  postMessage(data: unknown) {
    this.received.push(data);
  }
  terminate() {
    this.terminated = true;
  }
  answer(number: number) {
    this.onmessage?.({ data: { number } });
  }
}

const hadCrypto = Object.getOwnPropertyDescriptor(globalThis, "crypto");
beforeEach(() => {
  FakeWorker.started = [];
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  Object.defineProperty(globalThis, "crypto", { value: { subtle: {} }, configurable: true });
});
afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
  if (hadCrypto) Object.defineProperty(globalThis, "crypto", hadCrypto);
});

/** The server: a challenge for every GET, `post` for the form. */
function server(post: (request: SentRequest) => Response = () => jsonResponse(202, { ok: true })) {
  return mockFetch((request) => (request.method === "GET" ? jsonResponse(200, CHALLENGE) : post(request)));
}

const challengeFetches = (sent: SentRequest[]) => sent.filter((request) => request.url === API_PATHS.challenge).length;
const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === "POST");

/** The contact form rendered and filled in by keyboard (Paula, her address, „Hallo“), not yet sent. */
async function contactFormFilledIn() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<ContactForm />);
  const name = screen.getByLabelText("Dein Name *") as HTMLInputElement;
  await user.type(name, "Paula");
  await user.type(screen.getByLabelText("Deine E-Mail *"), "paula@beispiel.de");
  await user.type(screen.getByLabelText("Deine Nachricht *"), "Hallo");
  return { user, name };
}

describe("the forms' proof of work", () => {
  it("starts when the visitor first turns to the form, computes in a worker of the site and sends its answer with the post", async () => {
    const { sent } = server();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<LeadForm />);
    await pass(1000);
    expect(sent()).toHaveLength(0);
    expect(FakeWorker.started).toHaveLength(0);

    await user.click(screen.getByLabelText("Dein Vorname *"));
    await pass(0);
    expect(challengeFetches(sent())).toBe(1);
    expect(FakeWorker.started.map((worker) => worker.url)).toEqual([PROOF_WORKER_PATH]);
    expect(FakeWorker.started[0]!.received).toEqual([CHALLENGE]);
    FakeWorker.started[0]!.answer(4711);
    await pass(0);
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    const hidden = document.querySelector<HTMLInputElement>(`input[type="hidden"][name="${PROOF_FIELD}"]`)!;
    expect(hidden.value).toBe(encodeProof(CHALLENGE, 4711));

    await user.type(screen.getByLabelText("Dein Vorname *"), "Markus");
    await user.type(screen.getByLabelText("Deine E-Mail-Adresse *"), "markus@beispiel.de");
    await user.click(screen.getByRole("button", { name: "Kostenlos anfordern" }));
    await pass(1000);
    const [post] = posts(sent());
    expect(post!.body).toMatchObject({
      name: "Markus",
      email: "markus@beispiel.de",
      [PROOF_FIELD]: encodeProof(CHALLENGE, 4711),
    });
    expect(challengeFetches(sent())).toBe(1);
    expect(navigate).toHaveBeenCalled();
  });

  it("waits for an answer not ready yet, says so in German, sends what was typed meanwhile and loses nothing", async () => {
    const { sent } = server();
    const { user, name } = await contactFormFilledIn();
    await user.click(screen.getByRole("button", { name: "Nachricht senden" }));
    await pass(600);
    expect(screen.getByRole("status")).toHaveTextContent(PROOF_MESSAGES.waiting);
    expect(posts(sent())).toHaveLength(0);

    await user.type(name, " Maria");
    FakeWorker.started[0]!.answer(7);
    await pass(1000);
    expect(screen.getByRole("status")).toHaveTextContent("");
    const [post] = posts(sent());
    expect(post!.body).toMatchObject({ name: "Paula Maria", message: "Hallo", [PROOF_FIELD]: encodeProof(CHALLENGE, 7) });
  });

  it("sends again by itself, once, with a new answer and what the fields show then, when the server refuses the answer", async () => {
    let refusals = 0;
    const { sent } = server(() =>
      refusals++ === 0 ? jsonResponse(400, { error: PROOF_MESSAGES.refused }) : jsonResponse(202, { ok: true }),
    );
    const { user, name } = await contactFormFilledIn();
    FakeWorker.started[0]!.answer(1);
    await user.click(screen.getByRole("button", { name: "Nachricht senden" }));
    await pass(100);
    expect(posts(sent())).toHaveLength(1);
    expect(FakeWorker.started).toHaveLength(2);

    // Typed while the new answer is computed: goes with the second post.
    await user.type(name, " Maria");
    FakeWorker.started[1]!.answer(2);
    await pass(1000);
    const [first, second] = posts(sent());
    expect(first!.body).toMatchObject({ name: "Paula", [PROOF_FIELD]: encodeProof(CHALLENGE, 1) });
    expect(second!.body).toMatchObject({
      name: "Paula Maria",
      email: "paula@beispiel.de",
      message: "Hallo",
      [PROOF_FIELD]: encodeProof(CHALLENGE, 2),
    });
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(navigate).toHaveBeenCalled();
  });

  it("shows a second refusal of an answer, keeps every value and computes a new one for the next try", async () => {
    const { sent } = server(() => jsonResponse(400, { error: PROOF_MESSAGES.refused }));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<LeadForm />);
    const name = screen.getByLabelText("Dein Vorname *") as HTMLInputElement;
    await user.type(name, "Markus");
    await user.type(screen.getByLabelText("Deine E-Mail-Adresse *"), "markus@beispiel.de");
    FakeWorker.started[0]!.answer(1);
    await user.click(screen.getByRole("button", { name: "Kostenlos anfordern" }));
    await pass(100);
    FakeWorker.started[1]!.answer(2);
    await pass(100);
    expect(posts(sent())).toHaveLength(2);
    expect(screen.getByRole("alert")).toHaveTextContent(PROOF_MESSAGES.refused);
    expect(name.value).toBe("Markus");
    expect(screen.getByRole("button", { name: "Kostenlos anfordern" })).toBeEnabled();
    expect(challengeFetches(sent())).toBe(3);
    expect(FakeWorker.started).toHaveLength(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("sends what was typed without an answer when the challenge does not come, once it has waited long enough", async () => {
    const { sent } = mockFetch((request, init) =>
      request.method === "GET" ? neverAnswered(init) : jsonResponse(202, { ok: true }),
    );
    const { user } = await contactFormFilledIn();
    await user.click(screen.getByRole("button", { name: "Nachricht senden" }));
    await pass(PROOF_GIVE_UP_MS - 1000);
    expect(posts(sent())).toHaveLength(0);
    expect(screen.getByRole("status")).toHaveTextContent(PROOF_MESSAGES.waiting);
    await pass(2000);
    const [post] = posts(sent());
    expect(post!.body).toMatchObject({ name: "Paula", email: "paula@beispiel.de", message: "Hallo" });
    expect(post!.body).not.toHaveProperty(PROOF_FIELD);
    expect(FakeWorker.started).toHaveLength(0);
    expect(navigate).toHaveBeenCalled();
  });

  it("sends without an answer when the browser has no worker, so the server's stricter limit applies", async () => {
    delete (globalThis as { Worker?: unknown }).Worker;
    const { sent } = server();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<LeadForm />);
    await user.type(screen.getByLabelText("Dein Vorname *"), "Markus");
    await user.type(screen.getByLabelText("Deine E-Mail-Adresse *"), "markus@beispiel.de");
    await user.click(screen.getByRole("button", { name: "Kostenlos anfordern" }));
    await pass(1000);
    expect(challengeFetches(sent())).toBe(0);
    expect(posts(sent())[0]!.body).not.toHaveProperty(PROOF_FIELD);
  });
});
