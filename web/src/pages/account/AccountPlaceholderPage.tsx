import { useRouteDef } from '../../app/routeContext';
import { ui } from '../../i18n/messages';
import { AccountLayout } from './AccountLayout';

/** Account tabs that are not built yet: the frame and navigation are real, the content is to come. */
export default function AccountPlaceholderPage() {
  const route = useRouteDef();
  return (
    <AccountLayout title={route?.title ?? ui.account.title}>
      <div className="card px-6 py-10 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{ui.common.comingSoonHeading}</p>
        <p className="mt-3 text-stone-600">{ui.common.comingSoonBody}</p>
      </div>
    </AccountLayout>
  );
}
