import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { MessageText } from './MessageText';

describe('MessageText', () => {
  it('renders markup as text and only http(s) links as anchors', () => {
    const html = renderToStaticMarkup(<MessageText content={'<script>alert(1)</script> "><img src=x onerror=alert(1)> see www.caskade.com.au, javascript:alert(1)'} />);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://www.caskade.com.au']);
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });
});
