import type { Logger } from '../logger';

export interface PollLoopOptions {
  /** For the error log line. */
  name: string;
  logger: Logger;
  /** Idle wait between passes; wake() cuts it short. */
  pollMs: number;
  /**
   * Back-off while idle: each pass that found nothing (`idle: true`) doubles the wait, up to this
   * (default pollMs: no back-off); a pass that did work brings it back to pollMs. wake() still cuts it short.
   */
  maxPollMs?: number;
  /**
   * Coalescing under load: after a pass that did work, a wake() waits this long before the next
   * pass, so writes arriving meanwhile share one pass (one claim, one mark). An idle loop's wake()
   * runs at once, so a lone event is not delayed. Default 0.
   */
  coalesceMs?: number;
  /** One pass of work; `more: true` runs the next pass at once (a full batch means more may be waiting); `idle: true` found nothing to do. */
  pass: () => Promise<{ more: boolean; idle?: boolean }>;
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
    const maxPollMs = Math.max(this.opts.pollMs, this.opts.maxPollMs ?? this.opts.pollMs);
    const coalesceMs = this.opts.coalesceMs ?? 0;
    let waitMs = this.opts.pollMs;
    while (this.running) {
      this.wakeRequested = false;
      let more = false;
      let idle = false;
      try {
        ({ more, idle = false } = await this.opts.pass());
      } catch (err) {
        this.opts.logger.error({ err }, `${this.opts.name} pass failed`);
      }
      if (!this.running) break;
      if (more) continue;
      waitMs = idle ? Math.min(waitMs * 2, maxPollMs) : this.opts.pollMs;
      if (this.wakeRequested && (idle || coalesceMs === 0)) continue;
      // Busy: a wake that came during the pass (or comes now) waits out the coalescing window;
      // later wakes in the window change nothing (a steady stream of them cannot postpone the pass).
      const coalescing = !idle && coalesceMs > 0;
      await new Promise<void>((resolve) => {
        let woken = this.wakeRequested;
        let timer = setTimeout(resolve, woken ? coalesceMs : waitMs);
        this.wakeUp = () => {
          if (!this.running || !coalescing) {
            clearTimeout(timer);
            resolve();
          } else if (!woken) {
            woken = true;
            clearTimeout(timer);
            timer = setTimeout(resolve, coalesceMs);
          }
        };
      });
      this.wakeUp = null;
    }
  }
}
