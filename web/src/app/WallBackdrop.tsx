/** What the wall display shows while its code loads: the dark screen, never the light spinner. */
export function WallBackdrop() {
  return <div className="fixed inset-0 bg-slate-950" />;
}
