/**
 * The shell's banners, in order: password expired, impersonation, Broker Boost. Each is added
 * by the work that builds it (access and session, staff console, agent app).
 */
export function ShellBanners() {
  return null;
}
