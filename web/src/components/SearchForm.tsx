import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ui } from '../i18n/messages';
import { pathTo } from '../app/routes';
import { SearchIcon } from './Icons';

/** Keyword search (the top bar's keyword variant): submits to the search page. */
export function SearchForm({ className = '', onSubmitted, autoFocus, label = ui.shell.searchLabel }: { className?: string; onSubmitted?: () => void; autoFocus?: boolean; label?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keywords, setKeywords] = useState(params.get('keywords') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = keywords.trim();
    onSubmitted?.();
    void navigate(query ? `${pathTo('SearchPage')}?${new URLSearchParams({ keywords: query }).toString()}` : pathTo('SearchPage'));
  };
  return (
    // action/method: before the app has taken over a server-rendered page (ADR 062), the browser
    // submits the form itself to the same search address the app navigates to.
    <form role="search" action={pathTo('SearchPage')} method="get" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500" />
      <input
        id={id}
        type="search"
        name="keywords"
        value={keywords}
        onChange={(event) => setKeywords(event.target.value)}
        placeholder={ui.shell.searchPlaceholder}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? '' : undefined}
        className="input rounded-full bg-stone-100 pr-20 pl-10 focus:bg-white"
      />
      <button type="submit" className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800">
        {ui.shell.searchSubmit}
      </button>
    </form>
  );
}
