import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@kpi/contracts';
import type { ReactNode } from 'react';
import { ChartLineIcon } from '../components/ui/icons';

/** The frame of the sign-in screens (sign in, choose a password, forgot password): the product and one card. */
export function SignInShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <div aria-hidden="true" className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
            <ChartLineIcon className="h-7 w-7" />
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          <p className="mt-1 text-base text-slate-600">{PRODUCT_TAGLINE}</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
          <h2 className="mb-6 text-lg font-semibold text-slate-900">{title}</h2>
          {children}
        </div>
      </div>
    </main>
  );
}
