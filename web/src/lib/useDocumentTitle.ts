import { useEffect } from 'react';
import { ui } from '../i18n/messages';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${ui.brand}` : ui.brand;
  }, [title]);
}
