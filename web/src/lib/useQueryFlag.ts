/**
 * A modal opened by a query flag (`?mobilemenu=open`, the order panel's `?orderOpen=open`): open
 * adds it as a new history entry, close removes it. Closing a modal this page opened goes back over
 * that entry (one Back then leaves the page, as before the modal opened); a flag the page was loaded
 * with (a link, a reload) is removed in place, so closing never leaves the page.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export const MODAL_FLAGS = ['mobilemenu', 'mobilesearch', 'orderOpen'] as const;
type Flag = (typeof MODAL_FLAGS)[number];

/** The history state `open` leaves on the entry it pushes (alongside any state the page had). */
const openedHere = (state: unknown, name: Flag): boolean => typeof state === 'object' && state !== null && (state as { openedFlag?: unknown }).openedFlag === name;

export function useQueryFlag(name: Flag) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isOpen = params.get(name) === 'open';
  const open = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, 'open');
        return next;
      },
      { preventScrollReset: true, state: { ...(typeof location.state === 'object' ? location.state : {}), openedFlag: name } },
    );
  const close = () => {
    if (isOpen && openedHere(location.state, name)) {
      void navigate(-1);
      return;
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { isOpen, open, close };
}
