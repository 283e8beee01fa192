/**
 * Login-link requests are answered before anything is looked up: the route only puts the address into
 * this queue, so the answer takes the same time whether or not the address is an owner's. The queue
 * then works the requests one by one (requestLoginLink: for an owner within its limit, a link by mail).
 * A request lost in a crash costs the owner one more click; the queue is bounded against floods.
 */
export const LOGIN_LINK_QUEUE_MAX = 1000;

export class LoginLinkQueue {
  private readonly pending: string[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly work: (email: string) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(email: string): void {
    if (this.pending.length < LOGIN_LINK_QUEUE_MAX) this.pending.push(email);
    this.running ??= this.drain();
  }

  /** Resolves once every request queued so far has been worked. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    // Not in the caller's turn: the answer goes out first.
    await new Promise((resolve) => setImmediate(resolve));
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
