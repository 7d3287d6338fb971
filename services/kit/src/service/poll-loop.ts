import type { Logger } from '../logger';

export interface PollLoopOptions {
  /** For the error log line. */
  name: string;
  logger: Logger;
  /** Idle wait between passes; wake() cuts it short. */
  pollMs: number;
  /** One pass of work; `more: true` runs the next pass at once (a full batch means more may be waiting). */
  pass: () => Promise<{ more: boolean }>;
}

/**
 * A background worker loop: run a pass, then wait pollMs or until woken. Passes never overlap; a
 * failed pass is logged and retried on the next tick; stop() resolves after the pass in progress.
 * Used by the outbox relay, the email sender and the reservation sweeper.
 */
export class PollLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeRequested = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly opts: PollLoopOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      let more = false;
      try {
        more = (await this.opts.pass()).more;
      } catch (err) {
        this.opts.logger.error({ err }, `${this.opts.name} pass failed`);
      }
      if (!this.running) break;
      if (more || this.wakeRequested) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}
