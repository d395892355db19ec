/** Whether the client's Accept-Encoding takes `name` (an explicit q=0 refuses it). */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== name && token !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
