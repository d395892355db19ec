import { PRODUCT_NAME, type Role } from '@kpi/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from '../lib/store';
import { PasswordChangeBanner } from '../features/account/PasswordChangeBanner';
import { SessionRealtimeEffect } from '../session/SessionRealtimeEffect';
import { sessionUserAtom } from '../session/atoms';
import { companyNameOf } from '../session/homePath';
import { logout } from '../session/session';
import { Button, RoleBadge, cx } from '../components/ui';
import { ChartLineIcon, LogoutIcon } from '../components/ui/icons';
import { ConnectionIndicator } from './ConnectionIndicator';
import { HeaderActions } from './HeaderActions';
import { activeTabPath, tabHref, type TabDef } from './tabs';

export interface ShellTab extends TabDef {
  icon: ReactNode;
}

interface DashboardShellProps {
  area: Role;
  /** e.g. 'Admin Dashboard'. */
  title: string;
  tabs: readonly ShellTab[];
  children: ReactNode;
}

/** Header (title, company, user, role, logout), sidebar of tabs, and the screen of the current tab. */
export function DashboardShell({ area, title, tabs, children }: DashboardShellProps) {
  const user = useAtomValue(sessionUserAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activeTabPath(pathname, area, tabs);
  const activeTab = tabs.find((t) => t.path === active);

  const signOut = () => {
    logout();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <SessionRealtimeEffect />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <div aria-hidden="true" className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white sm:flex">
              <ChartLineIcon className="h-5 w-5" />
            </div>
            <div className="min-w-0">
              <h1 className="truncate text-base font-semibold text-slate-900 sm:text-lg">{title}</h1>
              {/* On phones the role badge sits under the title, beside the company, so the right side keeps only
                  small icons and "Executive Dashboard" fits a 360 px screen whole. */}
              <div className="flex min-w-0 items-center gap-2">
                <p className="truncate text-xs text-slate-500 sm:text-sm">{companyNameOf(user) ?? PRODUCT_NAME}</p>
                {user && <RoleBadge role={user.role} className="shrink-0 sm:hidden" />}
              </div>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">
            <ConnectionIndicator />
            <HeaderActions />
            {user && (
              <p className="hidden max-w-[12rem] truncate text-sm font-medium text-slate-900 sm:block">{user.name}</p>
            )}
            {user && (
              <span className="hidden sm:flex">
                <RoleBadge role={user.role} />
              </span>
            )}
            <Button variant="ghost" size="sm" onClick={signOut} icon={<LogoutIcon className="h-4 w-4" />} aria-label="Logout">
              <span className="hidden sm:inline">Logout</span>
            </Button>
          </div>
        </div>
      </header>

      <div className="md:flex md:min-h-[calc(100vh-4rem)]">
        {/* Phones: a compact wrapping strip of tabs above the screen. From md: a sidebar stretched to the
            full height of the screen (its background reaches the bottom of long pages) whose tabs stay in view. */}
        <nav aria-label={`${title} sections`} className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-b-0 md:border-r">
          <ul className="flex flex-wrap gap-1 px-2 py-2 md:sticky md:top-16 md:flex-col md:flex-nowrap md:px-3 md:py-4">
            {tabs.map((tab) => {
              const isActive = tab.path === active;
              return (
                <li key={tab.path} className="shrink-0">
                  <Link
                    to={tabHref(area, tab)}
                    aria-current={isActive ? 'page' : undefined}
                    className={cx(
                      'flex items-center gap-1.5 whitespace-nowrap rounded-lg px-2 py-1.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:gap-2.5 md:px-3 md:py-2 md:text-sm',
                      isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <span className={cx('h-4 w-4 shrink-0 md:h-5 md:w-5', isActive ? 'text-indigo-600' : 'text-slate-400')}>{tab.icon}</span>
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8" aria-label={activeTab?.label}>
          <div className="mx-auto max-w-7xl">
            <PasswordChangeBanner />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
