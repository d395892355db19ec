/** One sidebar tab. The first tab of an area is its index: it answers at /{area} and at /{area}/{path}. */
export interface TabDef {
  path: string;
  label: string;
}

/** Which tab a pathname shows: the first segment after /{area}; the bare area is the first tab. */
export function activeTabPath(pathname: string, area: string, tabs: readonly TabDef[]): string | null {
  const rest = pathname.replace(new RegExp(`^/${area}/?`), '');
  const segment = rest.split('/')[0] ?? '';
  if (segment === '') return tabs[0]?.path ?? null;
  return tabs.some((t) => t.path === segment) ? segment : null;
}

/** The link of a tab: the index tab links to /{area}, the others to /{area}/{tab}. */
export const tabHref = (area: string, tabs: readonly TabDef[], tab: TabDef): string =>
  tab === tabs[0] ? `/${area}` : `/${area}/${tab.path}`;
