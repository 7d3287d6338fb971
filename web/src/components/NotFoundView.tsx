import { Link } from 'react-router-dom';
import { ui } from '../i18n/messages';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { PageContainer } from './PageLayout';
import { SearchForm } from './SearchForm';

/** The 404 page; also shown when a page's code fails to load. Part of the main bundle on purpose. */
export function NotFoundView({ chunkFailed = false }: { chunkFailed?: boolean }) {
  useDocumentTitle(ui.notFound.title);
  return (
    <PageContainer width="medium" className="text-center">
      <p className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl" aria-hidden="true">
        {ui.notFound.code}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        <span className="sr-only">{ui.notFound.code}: </span>
        {ui.notFound.heading}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-base text-stone-600">{chunkFailed ? ui.notFound.chunkBody : ui.notFound.body}</p>
      {chunkFailed ? null : <SearchForm className="mx-auto mt-8 max-w-md text-left" label={ui.notFound.searchLabel} />}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {ui.notFound.home}
        </Link>
        {chunkFailed ? (
          <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
            {ui.notFound.reload}
          </button>
        ) : null}
      </div>
    </PageContainer>
  );
}
