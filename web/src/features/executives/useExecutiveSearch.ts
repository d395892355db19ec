import type { User } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { usersApi } from '../users/api';

/** How many matches one search shows: enough to scan, few enough to keep typing instead of scrolling. */
export const SEARCH_PAGE = 50;
const DEBOUNCE_MS = 250;

export type ExecutiveSearch =
  | { status: 'idle' }
  | { status: 'loading'; text: string }
  | { status: 'ready'; text: string; matches: User[]; more: boolean }
  | { status: 'failed'; text: string };

/**
 * The company's executives matching what the admin typed, asked of the server (a company may have thousands,
 * and the screen holds one page of them). Waits for a pause in typing; a late answer to older text is dropped.
 * A new `version` asks again for the same text (after an edit or a deletion).
 */
export function useExecutiveSearch(companyId: string | null, text: string, version = 0): ExecutiveSearch {
  const query = text.trim();
  const [result, setResult] = useState<ExecutiveSearch>({ status: 'idle' });

  useEffect(() => {
    if (!companyId || !query) return;
    let current = true;
    const timer = setTimeout(() => {
      // Asking again for the same text keeps showing the last answer until the new one comes.
      setResult((last) => (last.status === 'ready' && last.text === query ? last : { status: 'loading', text: query }));
      usersApi
        .listByCompany(companyId, { role: 'executive', search: query, limit: SEARCH_PAGE })
        .then(({ body, next }) => current && setResult({ status: 'ready', text: query, matches: body, more: next !== null }))
        .catch(() => current && setResult({ status: 'failed', text: query }));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [companyId, query, version]);

  // Until the answer for this very text arrives, the previous one is stale: say so rather than show it.
  if (!query) return { status: 'idle' };
  return result.status !== 'idle' && result.text === query ? result : { status: 'loading', text: query };
}

/** What the picker says under the list about a search, read out politely to screen readers. */
export function searchSummary(search: ExecutiveSearch): string | null {
  switch (search.status) {
    case 'idle':
      return null;
    case 'loading':
      return 'Searching…';
    case 'failed':
      return 'Search failed: try again';
    case 'ready':
      if (search.matches.length === 0) return `No executive matches "${search.text}"`;
      if (search.more) return `The first ${search.matches.length} matches: type more to narrow them`;
      return search.matches.length === 1 ? '1 match' : `${search.matches.length} matches`;
  }
}
