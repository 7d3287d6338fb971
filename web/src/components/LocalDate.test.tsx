import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { LocalDate } from './LocalDate';

describe('LocalDate', () => {
  it('renders on the server in Caskade’s home zone (Australia/Sydney), whatever the server’s own zone, with the instant in dateTime', () => {
    // 14:30 UTC on 1 March is 01:30 on 2 March in Sydney (daylight time, UTC+11).
    expect(renderToString(<LocalDate value="2026-03-01T14:30:00.000Z" className="muted" />)).toBe('<time dateTime="2026-03-01T14:30:00.000Z" class="muted">2 March 2026</time>');
    // 13:30 UTC on 1 July is 23:30 the same day in Sydney (standard time, UTC+10).
    expect(renderToString(<LocalDate value="2026-07-01T13:30:00.000Z" />)).toBe('<time dateTime="2026-07-01T13:30:00.000Z">1 July 2026</time>');
  });
});
