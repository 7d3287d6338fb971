import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { CheckboxField } from './Field';

const describedBy = (html: string): string[] => (/aria-describedby="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);

describe('CheckboxField', () => {
  it('keeps what describes the box (a mandate) when an error is shown, and names the error too', () => {
    const calm = renderToString(<CheckboxField name="mandate" checked={false} onChange={() => undefined} describedBy="mandate-text">I accept</CheckboxField>);
    expect(describedBy(calm)).toEqual(['mandate-text']);
    const refused = renderToString(<CheckboxField name="mandate" checked={false} onChange={() => undefined} describedBy="mandate-text" error="mandateRequired" wording={() => 'Accept the direct debit request to pay this way.'}>I accept</CheckboxField>);
    const ids = describedBy(refused);
    expect(ids.length).toBe(2);
    expect(ids[0]).toBe('mandate-text');
    expect(refused).toContain(`id="${ids[1] ?? 'missing'}"`);
    expect(refused).toContain('Accept the direct debit request to pay this way.');
  });
});
