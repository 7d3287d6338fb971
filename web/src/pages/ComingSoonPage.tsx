import { Link } from 'react-router-dom';
import { useRouteDef } from '../app/routeContext';
import { PageContainer } from '../components/PageLayout';
import { ui } from '../i18n/messages';

/** Shared page for routes of the table that are not built yet; keeps the route's own title. */
export default function ComingSoonPage() {
  const route = useRouteDef();
  return (
    <PageContainer width="medium">
      <div className="card px-6 py-12 text-center sm:px-12">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{ui.common.comingSoonHeading}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">{route?.title ?? ui.common.comingSoonHeading}</h1>
        <p className="mx-auto mt-4 max-w-md text-stone-600">{ui.common.comingSoonBody}</p>
        <Link to="/" className="btn-secondary mt-8">
          {ui.common.backHome}
        </Link>
      </div>
    </PageContainer>
  );
}
