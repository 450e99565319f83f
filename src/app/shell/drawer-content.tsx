import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';

import { navigationFor, userTypeOf, type NavLink } from '../../access/navigation.ts';
import { appVersionsQueryOptions } from '../../api/agents.ts';
import { unreadAnnouncementsQueryOptions } from '../../api/announcements.ts';
import { brokerageQueryOptions, hasLeadGenius } from '../../api/brokerages.ts';
import { marketplaceViewedQueryOptions } from '../../api/viewed-items.ts';
import { BRAND } from '../../lib/brand.ts';
import { MARKETPLACE_ITEMS, unviewedCount } from '../../lib/marketplace.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import * as styles from './shell.css.ts';

function MarketplaceChip() {
  const viewed = useQuery(marketplaceViewedQueryOptions());
  const left = viewed.data ? unviewedCount(viewed.data.content.map((i) => i.item)) : undefined;
  if (left === undefined) return null;
  return (
    <span className={styles.chip} aria-label={`${left} of ${MARKETPLACE_ITEMS.length} not yet viewed`}>
      {left}/{MARKETPLACE_ITEMS.length}
    </span>
  );
}

/** Announcements this user has not opened yet (read state is per user, so every device agrees). */
function AnnouncementsChip() {
  const unread = useQuery(unreadAnnouncementsQueryOptions());
  if (!unread.data) return null;
  return (
    <span className={styles.chip} aria-label={`${unread.data} unread`}>
      {unread.data}
    </span>
  );
}

/**
 * The one drawer link the page belongs to: the longest link path the location is or lies under.
 * Every console page lies under `/console` (Overview), so "under" alone would mark two items.
 */
export function currentLinkPath(location: string, paths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const p of paths) {
    const under = location === p || location.startsWith(`${p}/`);
    if (under && (best === undefined || p.length > best.length)) best = p;
  }
  return best;
}

function Item({ link, active, onNavigate }: { link: NavLink; active: boolean; onNavigate?: (() => void) | undefined }) {
  return (
    <li>
      <Link href={link.path} className={styles.navLink} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <span>{link.label}</span>
        {link.chip === 'marketplace' && <MarketplaceChip />}
        {link.chip === 'announcements' && <AnnouncementsChip />}
      </Link>
    </li>
  );
}

/** The navigation for the signed-in user, and the footer with app versions and support. */
export function DrawerContent({ onNavigate }: { onNavigate?: () => void }) {
  const profile = useStore(profileStore);
  const impersonation = useStore(impersonationStore);
  const versions = useQuery(appVersionsQueryOptions());
  const roles = profile.user?.roles ?? [];
  // While impersonating a brokerage, its products decide the navigation (My Leads), not the staff user's.
  const target = impersonation?.target.kind === 'brokerage' ? impersonation.target.id : undefined;
  const impersonated = useQuery({ ...brokerageQueryOptions(target ?? 0), enabled: target !== undefined });
  const brokerage = target === undefined ? profile.brokerage : impersonated.data;
  const input = { roles, impersonating: impersonation?.target.kind ?? null, hasLeadGenius: hasLeadGenius(brokerage) };
  const entries = navigationFor(input);
  const [location] = useLocation();
  const current = currentLinkPath(
    location,
    entries.flatMap((e) => (e.kind === 'link' ? [e.path] : e.children.map((c) => c.path))),
  );
  const agent = userTypeOf(input) === 'agent';
  const version = (device: string) =>
    versions.data?.find((v) => v.deviceType === device && v.env === 'PROD')?.version ?? 'N/A';
  const support = agent ? BRAND.supportEmailAgents : BRAND.supportEmailBrokers;

  return (
    <div className={styles.drawerInner}>
      <div className={styles.brand}>{BRAND.name}</div>
      <nav aria-label="Main" className={styles.nav}>
        <ul className={styles.navList}>
          {entries.map((e) =>
            e.kind === 'link' ? (
              <Item key={e.routeId} link={e} active={e.path === current} onNavigate={onNavigate} />
            ) : (
              <li key={e.label}>
                <p className={styles.groupLabel} id={`nav-${e.label}`}>
                  {e.label}
                </p>
                <ul className={styles.navList} aria-labelledby={`nav-${e.label}`}>
                  {e.children.map((c) => (
                    <Item key={c.routeId} link={c} active={c.path === current} onNavigate={onNavigate} />
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
      <footer className={styles.footer}>
        <div>iOS: {version('IOS')}</div>
        <div>Android: {version('ANDROID')}</div>
        <div>
          Support: <a href={`mailto:${support}`}>{support}</a>
        </div>
        <div className={styles.footerLinks}>
          <a href={BRAND.termsUrl} target="_blank" rel="noreferrer">
            Terms
          </a>
          <a href={BRAND.privacyUrl} target="_blank" rel="noreferrer">
            Privacy
          </a>
        </div>
      </footer>
    </div>
  );
}
