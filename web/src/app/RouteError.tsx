import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundView } from '../components/NotFoundView';
import { PageContainer } from '../components/PageLayout';
import { ui } from '../i18n/messages';
import { isChunkLoadError } from '../lib/chunkError';

/** Error boundary for pages: missing pages and chunk-load failures get the 404-style page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isChunkLoadError(error)) return <NotFoundView chunkFailed />;
  return (
    <PageContainer width="medium" className="text-center">
      <h1 className="text-3xl font-bold text-stone-900">{ui.errorPage.title}</h1>
      <p className="mt-4 text-stone-600">{ui.errorPage.body}</p>
      <div className="mt-8 flex justify-center gap-3">
        <a href="/" className="btn-primary">
          {ui.notFound.home}
        </a>
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          {ui.notFound.reload}
        </button>
      </div>
    </PageContainer>
  );
}
