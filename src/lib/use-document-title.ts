// Gives each screen its own document title (WCAG 2.4.2) and restores the previous one on leave.
import { useEffect } from 'react';

export const SITE_TITLE = 'Happy Dog | Adopción de perros en Cali';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
