/** A modal opened by a query flag (`?mobilemenu=open`, the order panel's `?orderOpen=open`): open adds it, close removes it. */
import { useSearchParams } from 'react-router-dom';

export const MODAL_FLAGS = ['mobilemenu', 'mobilesearch', 'orderOpen'] as const;

export function useQueryFlag(name: (typeof MODAL_FLAGS)[number]) {
  const [params, setParams] = useSearchParams();
  const isOpen = params.get(name) === 'open';
  const open = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, 'open');
        return next;
      },
      { preventScrollReset: true },
    );
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { isOpen, open, close };
}
