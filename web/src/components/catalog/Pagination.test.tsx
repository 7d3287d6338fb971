import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Pagination } from './Pagination';

const render = (page: number, totalPages: number): string =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pagination page={page} totalPages={totalPages} hrefFor={(p) => `/listings?page=${p}`} />
    </MemoryRouter>,
  );

describe('Pagination', () => {
  it('marks the current page and links its neighbours', () => {
    const html = render(2, 3);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('href="/listings?page=1"');
    expect(html).toContain('href="/listings?page=3"');
  });

  it('shows nothing on a page past the end (no current page, no "Previous" past the end)', () => {
    expect(render(99, 3)).toBe('');
    expect(render(4, 3)).toBe('');
  });

  it('shows nothing for a single page', () => {
    expect(render(1, 1)).toBe('');
  });
});
