import { Navigate } from 'react-router-dom';
import { pathTo } from '../app/routes';

/** /inbox shows the sales tab (spec §2). */
export default function InboxBasePage() {
  return <Navigate to={pathTo('InboxPage', { tab: 'sales' })} replace />;
}
