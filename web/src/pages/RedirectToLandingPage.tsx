import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../api/session';
import { useRouteDef } from '../app/routeContext';
import { pathTo } from '../app/routes';

/** /l and /u have no page of their own: landing, or for /u a signed-in user's own profile. */
export default function RedirectToLandingPage() {
  const route = useRouteDef();
  const { data: user, isPending } = useCurrentUser();
  if (route?.name === 'ProfileBasePage') {
    if (isPending) return null;
    if (user) return <Navigate to={pathTo('ProfilePage', { id: user.id })} replace />;
  }
  return <Navigate to="/" replace />;
}
