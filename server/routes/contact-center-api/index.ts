import type { RouteDef } from '../../http/route.ts';
import { addressValidationRoutes } from './address-validation.ts';
import { twilioTaskRoutes } from './twilio-tasks.ts';

/** /contact-center-api: the proxies to the contact center's providers (Twilio tasks). */
export const contactCenterApiRoutes: RouteDef[] = [...twilioTaskRoutes, ...addressValidationRoutes];
