import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';

import type { RouteEntry } from '../../access/route-table.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useIsMobile } from '../../ui/media.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { useTopBarActionsValue } from '../../ui/top-bar-actions.tsx';
import { ShellBanners } from './banners.tsx';
import { DrawerContent } from './drawer-content.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import { PasswordExpiredDialog } from './password-expired-dialog.tsx';
import { ProfileDialog } from './profile-dialog.tsx';
import * as styles from './shell.css.ts';
import { StillThereDialog } from './still-there-dialog.tsx';

// Opened only by ?settings=true (the profile dialog's Settings, the Cloze callback's Return): its code,
// the connector calls and their views load then, not with every signed-in page.
const SettingsDialog = lazy(() =>
  import('../../features/settings-dialog/settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })),
);
function SettingsDialogWhenAsked() {
  const open = new URLSearchParams(useSearch()).get('settings') === 'true';
  return open ? (
    <Suspense fallback={null}>
      <SettingsDialog />
    </Suspense>
  ) : null;
}

// The notifications menu sits in the top bar of the overview and of the broker admin's my-* pages
// (docs/spec/DECISIONS.md; spec 1: "a notifications menu on some pages"): the pages of the broker admin's drawer
// that start with My, and their views. The top bar is the one place it is drawn. Its own chunk: the
// pages without it do not load it.
const NotificationsMenu = lazy(() =>
  import('../../features/dashboard/notifications-menu.tsx').then((m) => ({ default: m.NotificationsMenu })),
);
const NOTIFICATION_PAGES: ReadonlySet<string> = new Set([
  'overview',
  'dashboard',
  'my-agents',
  'my-agent-invitations',
  'view-my-agent',
  'my-agent-referral',
  'my-agent-questionnaire',
  'my-referrals',
  'my-referral-view',
  'my-leads',
  'my-lead-view',
  'my-notifications',
  'my-announcements',
  'my-admins',
  'my-admin-view',
  'my-metrics',
  // Every page of the broker admin's drawer and settings has it (decision 0093): Marketplace, Email Settings.
  'marketplace',
  'settings-email',
]);

/** The console frame: drawer (a sheet behind a menu button on phones), top bar, banners, dialogs. */
export function Shell({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const mobile = useIsMobile();
  const [, setLocation] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { user, brokerage } = useStore(profileStore);
  const impersonation = useStore(impersonationStore);
  const actions = useTopBarActionsValue();
  const isBrokerAdmin = !!user?.roles.some((r) => r.name === 'BROKERAGE_ADMIN');
  const shownBrokerageId = impersonation
    ? impersonation.target.kind === 'brokerage'
      ? impersonation.target.id
      : null
    : (user?.brokerId ?? null);
  const bell = NOTIFICATION_PAGES.has(route.id) && (isBrokerAdmin || impersonation !== null);
  const displayName =
    impersonation?.target.name ??
    brokerage?.name ??
    ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || 'Profile');

  return (
    <div className={styles.layout}>
      {!mobile && (
        <aside className={styles.drawer}>
          <DrawerContent />
        </aside>
      )}
      {mobile && (
        <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu">
          <Button
            variant="text"
            className={styles.sheetProfile}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuOpen(false);
              setProfileOpen(true);
            }}
          >
            {displayName}
          </Button>
          {/* Below 768 px the top bar has no room for Invite Agents: the menu carries it instead. */}
          {(isBrokerAdmin || impersonation?.target.kind === 'brokerage') && (
            <Button
              variant="secondary"
              className={styles.sheetProfile}
              onClick={() => {
                setMenuOpen(false);
                setLocation('/console/my-agents?invite=true');
              }}
            >
              Invite Agents
            </Button>
          )}
          <DrawerContent onNavigate={() => setMenuOpen(false)} />
        </Sheet>
      )}
      <div className={styles.main}>
        <header className={styles.topBar}>
          {mobile && (
            <Button variant="icon" aria-label="Open menu" onClick={() => setMenuOpen(true)}>
              <Icon name="menu" />
            </Button>
          )}
          <h1 className={styles.title}>{route.title}</h1>
          {mobile && actions.onSearch && (
            <Button variant="icon" aria-label="Search" onClick={actions.onSearch}>
              <Icon name="search" />
            </Button>
          )}
          {mobile && actions.onSort && (
            <Button variant="icon" aria-label="Sort" onClick={actions.onSort}>
              <Icon name="sort" />
            </Button>
          )}
          {bell && shownBrokerageId !== null && (
            <Suspense fallback={null}>
              <NotificationsMenu brokerageId={shownBrokerageId} />
            </Suspense>
          )}
          {(isBrokerAdmin || impersonation?.target.kind === 'brokerage') && !mobile && (
            <Button
              variant="secondary"
              className={styles.topBarButton}
              onClick={() => setLocation('/console/my-agents?invite=true')}
            >
              Invite Agents
            </Button>
          )}
          {!mobile && (
            <Button
              variant="text"
              className={styles.nameButton}
              onClick={() => setProfileOpen(true)}
              aria-haspopup="dialog"
            >
              {displayName}
            </Button>
          )}
          <Button variant="icon" aria-label="Log out" onClick={() => setLogoutOpen(true)}>
            <Icon name="logout" />
          </Button>
        </header>
        <ShellBanners />
        <main className={styles.content} id="main">
          {children}
        </main>
      </div>
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} onLogout={() => setLogoutOpen(true)} />
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
      <PasswordExpiredDialog />
      <StillThereDialog />
      <SettingsDialogWhenAsked />
    </div>
  );
}
