import { describe, expect, it } from '@jest/globals';

describe('zod without JIT in the browser', () => {
  it('zod, loaded after the setting, runs jitless and still parses', async () => {
    await import('./zodConfig');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
