/** One sidebar tab: it answers at /{area}/{path} (docs/product.md#routes); the bare /{area} redirects to the first tab. */
export interface TabDef {
  path: string;
  label: string;
}

/** Which tab a pathname shows: the first segment after /{area}, or null for none of the tabs (the bare area included). */
export function activeTabPath(pathname: string, area: string, tabs: readonly TabDef[]): string | null {
  if (!pathname.startsWith(`/${area}/`)) return null;
  const segment = pathname.slice(area.length + 2).split('/')[0] ?? '';
  return tabs.some((t) => t.path === segment) ? segment : null;
}

/** The link of a tab: /{area}/{tab}, the first tab included. */
export const tabHref = (area: string, tab: TabDef): string => `/${area}/${tab.path}`;
