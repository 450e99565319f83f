import type { RouteDef } from '../../http/route.ts';
import { announcementEditorRoutes } from './announcement-editor.ts';
import { announcementRoutes } from './announcements.ts';
import { brokerageAdminRoutes } from './brokerage-admins.ts';
import { connectorSettingRoutes } from './connector-settings.ts';
import { connectorRoutes } from './connectors.ts';
import { emailSettingRoutes } from './email-settings.ts';
import { flexAttributeRoutes } from './flex-attributes.ts';
import { inviteRoutes } from './invites.ts';
import { leadSupplierRoutes } from './lead-suppliers.ts';
import { messageRoutes } from './messages.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { savedViewRoutes } from './saved-views.ts';
import { userManagementRoutes } from './user-management.ts';
import { usersAdminRoutes } from './users-admin.ts';
import { usersRoutes } from './users.ts';
import { viewedItemRoutes } from './viewed-items.ts';

/** /users-api: users, the impersonation audit, invites, password reset, contact checks, viewed items, connectors. */
export const usersApiRoutes: RouteDef[] = [
  ...usersRoutes,
  ...usersAdminRoutes,
  ...inviteRoutes,
  ...passwordResetRoutes,
  ...connectorRoutes,
  ...viewedItemRoutes,
  ...savedViewRoutes,
  ...announcementRoutes,
  ...brokerageAdminRoutes,
  ...emailSettingRoutes,
  ...connectorSettingRoutes,
  // User Management and the Announcements editor.
  ...userManagementRoutes,
  ...flexAttributeRoutes,
  ...announcementEditorRoutes,
  ...leadSupplierRoutes,
  ...messageRoutes, // the Messages screen: the outbox's delivery
];
