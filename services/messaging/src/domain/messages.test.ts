import fc from 'fast-check';
import { conversationPair, defaultOrderMessage, disputeMessage, isSendable, linkify, MESSAGE_MAX_LENGTH, placeholderName, readAccess } from './messages';
import { messageContent } from './message-inputs';

describe('messaging rules', () => {
  it('takes plain text up to 5000 characters, trimmed, and refuses empty text', () => {
    expect(messageContent.parse('  hello  ')).toBe('hello');
    expect(messageContent.safeParse('   ').success).toBe(false);
    expect(messageContent.safeParse('x'.repeat(MESSAGE_MAX_LENGTH)).success).toBe(true);
    expect(messageContent.safeParse('x'.repeat(MESSAGE_MAX_LENGTH + 1)).success).toBe(false);
    expect(isSendable('')).toBe(false);
    expect(isSendable(' \n ')).toBe(false);
    expect(isSendable('hi')).toBe(true);
  });

  it('pairs one buyer with one supplier, never two of a kind or oneself', () => {
    expect(conversationPair({ id: 'b', role: 'buyer' }, { id: 's', role: 'supplier' })).toEqual({ buyerId: 'b', supplierId: 's' });
    expect(conversationPair({ id: 's', role: 'supplier' }, { id: 'b', role: 'buyer' })).toEqual({ buyerId: 'b', supplierId: 's' });
    expect(conversationPair({ id: 'b', role: 'buyer' }, { id: 'c', role: 'buyer' })).toBeNull();
    expect(conversationPair({ id: 's', role: 'supplier' }, { id: 's', role: 'supplier' })).toBeNull();
    expect(conversationPair({ id: 'o', role: 'operator' }, { id: 's', role: 'supplier' })).toBeNull();
  });

  it('lets the participants read, the operator only while an order is disputed, nobody else', () => {
    const c = { buyerId: 'b', supplierId: 's', orderStates: ['purchased'] };
    expect(readAccess({ userId: 'b', role: 'buyer' }, c)).toBe('participant');
    expect(readAccess({ userId: 's', role: 'supplier' }, c)).toBe('participant');
    expect(readAccess({ userId: 'x', role: 'buyer' }, c)).toBe('none');
    expect(readAccess({ userId: 'o', role: 'operator' }, c)).toBe('none');
    expect(readAccess({ userId: 'o', role: 'operator' }, { ...c, orderStates: ['purchased', 'disputed-delayed-payment'] })).toBe('operator-read-only');
  });

  it('names banned and deleted accounts by placeholder', () => {
    expect(placeholderName({ banned: true, deleted: false })).toBe('Banned user');
    expect(placeholderName({ banned: false, deleted: true })).toBe('Deleted user');
    expect(placeholderName({ banned: false, deleted: false })).toBeNull();
  });

  it('writes the platform’s messages with the order reference and the reason as given', () => {
    expect(defaultOrderMessage('CSK-1001')).toContain('CSK-1001');
    expect(disputeMessage('CSK-1001', ' Arrived warm ')).toBe('I have disputed order CSK-1001: Arrived warm');
    expect(disputeMessage('R', 'x'.repeat(6000)).length).toBe(MESSAGE_MAX_LENGTH);
  });

  it('makes http(s) and www links clickable and leaves everything else text', () => {
    expect(linkify('see https://example.com/a?b=1, then www.caskade.com.au.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'www.caskade.com.au', href: 'https://www.caskade.com.au' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('javascript:alert(1) <script>x</script>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <script>x</script>' }]);
    expect(linkify('"><img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '"><img src=x onerror=alert(1)>' }]);
  });

  it('loses no character of any text and links only http(s)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const segments = linkify(text);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments) if (s.kind === 'link') expect(/^https?:\/\//i.test(s.href)).toBe(true);
      }),
    );
  });
});
