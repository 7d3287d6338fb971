import { Link } from 'react-router-dom';
import { catalogUi } from '../../i18n/catalogMessages';
import { pageItems } from '../../lib/pagination';

const item = 'inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium';

/**
 * Page links with first, last, the current page's neighbours and ellipses (spec §2); `hrefFor` builds each link.
 * Nothing on a page past the end (an old link): the page shows its "no results on this page" notice instead,
 * and a bar with no current page and "Previous" pointing past the end would only mislead.
 */
export function Pagination({ page, totalPages, hrefFor, className = '' }: { page: number; totalPages: number; hrefFor: (page: number) => string; className?: string }) {
  if (totalPages <= 1 || page < 1 || page > totalPages) return null;
  const items = pageItems(page, totalPages);
  return (
    <nav aria-label={catalogUi.pagination.label} className={`flex justify-center ${className}`}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${item} text-stone-700 hover:bg-stone-100`} aria-label={catalogUi.pagination.previous}>
              <span aria-hidden="true">‹</span>
            </Link>
          ) : null}
        </li>
        {items.map((entry) =>
          typeof entry === 'number' ? (
            <li key={entry}>
              {entry === page ? (
                <span aria-current="page" className={`${item} bg-brand-700 text-white`} aria-label={catalogUi.pagination.current(entry, totalPages)}>
                  {entry}
                </span>
              ) : (
                <Link to={hrefFor(entry)} className={`${item} text-stone-800 hover:bg-stone-100`} aria-label={catalogUi.pagination.page(entry)}>
                  {entry}
                </Link>
              )}
            </li>
          ) : (
            <li key={entry} aria-hidden="true" className={`${item} px-1 text-stone-500`}>
              …
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} className={`${item} text-stone-700 hover:bg-stone-100`} aria-label={catalogUi.pagination.next}>
              <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
