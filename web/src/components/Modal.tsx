/**
 * Accessible modal dialog: rendered into <body>, the app behind it made inert, focus moved inside
 * and trapped, Escape or the close button closes it, focus returns to where it was (or, when that
 * control is gone or disabled by then, to the element `returnFocus` names).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ui } from '../i18n/messages';

const FOCUSABLE =
  'a[href], summary, button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Whether a control can take the focus: laid out, and not in a closed <details> (whose content
 * Chromium hides with content-visibility, so it still has an offsetParent) other than its summary.
 */
function isShown(el: HTMLElement): boolean {
  if (el.closest('details:not([open]) > :not(summary)')) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.offsetParent !== null;
}

let openModals = 0;
function setAppInert(inert: boolean): void {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** While false, Escape and the close button do nothing (e.g. a "yes" action is running). */
  dismissible?: boolean;
  /** `sheet` fills the screen on small viewports (menus); `dialog` is a centred card. */
  variant?: 'dialog' | 'sheet';
  description?: string;
  hideTitle?: boolean;
  /** Where focus goes on close when the control that opened the dialog has gone (e.g. the action removed it). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function Modal({ title, onClose, children, dismissible = true, variant = 'dialog', description, hideTitle, returnFocus }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals += 1;
    setAppInert(true);
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (dismissibleRef.current) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => isShown(el) || el === document.activeElement);
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === firstEl || document.activeElement === panel)) {
        event.preventDefault();
        lastEl?.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      openModals -= 1;
      if (openModals === 0) setAppInert(false);
      const back = previouslyFocused?.isConnected && !previouslyFocused.matches(':disabled') ? previouslyFocused : returnFocusRef.current?.();
      back?.focus({ preventScroll: true });
    };
  }, []);

  const sheet = variant === 'sheet';
  return createPortal(
    <div className={`fixed inset-0 z-50 flex ${sheet ? 'items-stretch justify-end' : 'items-end justify-center p-0 sm:items-center sm:p-4'}`}>
      <div className="absolute inset-0 bg-stone-950/50" aria-hidden="true" onClick={() => dismissible && onClose()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={
          sheet
            ? 'relative flex h-full w-full max-w-sm flex-col overflow-y-auto bg-white shadow-xl focus:outline-none'
            : 'relative max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl focus:outline-none sm:rounded-2xl'
        }
      >
        <div className={`flex items-start justify-between gap-4 ${sheet ? 'border-b border-stone-200 px-5 py-4' : 'mb-4'}`}>
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-stone-900'}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={!dismissible}
            className="-m-2 ml-auto rounded-lg p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900 disabled:opacity-40"
            aria-label={ui.common.close}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="mb-4 text-sm text-stone-700">
            {description}
          </p>
        ) : null}
        <div className={sheet ? 'flex-1 px-5 py-4' : ''}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
