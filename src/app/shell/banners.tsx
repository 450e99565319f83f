import type { ComponentType } from 'react';

import { BoostBanner } from './boost-banner.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { PasswordExpiredBanner } from './password-expired-banner.tsx';

/**
 * The shell's banners, in order: password expired, impersonation, Broker Boost. Each is its own
 * component in its own file here and returns null when it has nothing to say; the work that
 * builds one adds it to this list (access and session, staff console, agent app).
 */
const BANNERS: ComponentType[] = [PasswordExpiredBanner, ImpersonationBanner, BoostBanner];

export function ShellBanners() {
  return (
    <>
      {BANNERS.map((Item, i) => (
        <Item key={i} />
      ))}
    </>
  );
}
