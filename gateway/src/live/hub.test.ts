import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { LiveHub } from './hub';

/** The part of an Express response the hub uses: write, end, 'close' and the queued byte count. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  ended = false;
  writableLength = 0;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('close');
  }
}

function openStream(hub: LiveHub, userId: string, sessionVersion: number | undefined) {
  const res = new FakeResponse();
  const conn = hub.open(userId, res as unknown as Response, new Map());
  conn.sessionVersion = sessionVersion;
  conn.startLive();
  return { res, conn };
}

describe('LiveHub.revoke (ADR 023: a revocation closes the account’s open streams)', () => {
  test('a logout ends the streams opened with an older session version and keeps the newer one', () => {
    const hub = new LiveHub();
    const old = openStream(hub, 'u1', 3);
    const fresh = openStream(hub, 'u1', 4);
    const other = openStream(hub, 'u2', 0);
    expect(hub.revoke('u1', 4, 'active')).toBe(1);
    expect([old.res.ended, fresh.res.ended, other.res.ended]).toEqual([true, false, false]);
    expect(hub.size).toBe(2);
    // Nothing reaches the ended stream afterwards; the live one still hears the user's events.
    hub.push('u1', { type: 'notification', data: { n: 1 } });
    expect(old.res.written).toEqual([]);
    expect(fresh.res.written).toEqual(['event: notification\ndata: {"n":1}\n\n']);
  });

  test('a ban or deletion ends every stream of the account, whatever its version', () => {
    const hub = new LiveHub();
    const a = openStream(hub, 'u1', 7);
    const b = openStream(hub, 'u1', undefined);
    expect(hub.revoke('u1', 0, 'banned')).toBe(2);
    expect([a.res.ended, b.res.ended]).toEqual([true, true]);
    expect(hub.size).toBe(0);
    expect(hub.revoke('u1', 9, 'deleted')).toBe(0);
  });

  test('an expiry timer is cleared when the stream ends first', () => {
    jest.useFakeTimers();
    try {
      const hub = new LiveHub();
      const { res, conn } = openStream(hub, 'u1', 1);
      const ended = jest.fn();
      conn.expiryTimer = setTimeout(ended, 60_000);
      conn.end();
      jest.advanceTimersByTime(61_000);
      expect(ended).not.toHaveBeenCalled();
      expect(res.ended).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
