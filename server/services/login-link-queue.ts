/**
 * Login-link requests are answered before anything is looked up: the route only puts the address into
 * this queue, so the answer takes the same time whether or not the address is an owner's. The queue
 * then works the requests one by one (requestLoginLink: for an owner within its limit, a link by mail),
 * not right after the answer but after a random pause of LOGIN_LINK_DELAY_MS: the work of an owner's link
 * would otherwise slow the asking client's next request (measured: a median of 3.4 against 2.1 ms on the
 * same connection), which would tell an owner's address from any other. A request lost in a crash costs
 * the owner one more click; the queue is bounded against floods.
 */
import { randomInt } from "node:crypto";

export const LOGIN_LINK_QUEUE_MAX = 1000;
/** The pause before queued requests are worked, drawn anew for each round. */
export const LOGIN_LINK_DELAY_MS = { min: 500, max: 1500 } as const;

export class LoginLinkQueue {
  private readonly pending: string[] = [];
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly work: (email: string) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(email: string): void {
    if (this.pending.length < LOGIN_LINK_QUEUE_MAX) this.pending.push(email);
    this.running ??= this.drain();
  }

  /** Works every request queued so far without waiting for the pause (shutdown, tests); resolves when done. */
  idle(): Promise<void> {
    this.wake?.();
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    // Not in the caller's turn, nor in the next moments of its connection: after a random pause.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, randomInt(LOGIN_LINK_DELAY_MS.min, LOGIN_LINK_DELAY_MS.max + 1));
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
    for (let email = this.pending.shift(); email !== undefined; email = this.pending.shift()) {
      try {
        await this.work(email);
      } catch (error) {
        this.onError(error);
      }
    }
    this.running = undefined;
  }
}
