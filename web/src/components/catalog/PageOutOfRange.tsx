import { Link } from 'react-router-dom';
import { catalogUi } from '../../i18n/catalogMessages';

/**
 * A page past the end of a list that does have items (an old link, or items gone since): says so
 * and links back to page 1, instead of the list's "nothing yet" state.
 */
export function PageOutOfRange({ firstPageHref, className = '' }: { firstPageHref: string; className?: string }) {
  return (
    <div className={`card px-6 py-10 text-center ${className}`}>
      <p className="text-stone-700">{catalogUi.common.noItemsOnPage}</p>
      <Link to={firstPageHref} className="btn-secondary mt-5">
        {catalogUi.common.goToFirstPage}
      </Link>
    </div>
  );
}
