// The provider's brand lives here only, so a provider can rename the product in one place.
export const BRAND = {
  name: 'Porchlight',
  code: 'PORCHLIGHT',
  roleType: 'PORCHLIGHT_ROLE',
  supportEmailAgents: 'agents@porchlight.example',
  supportEmailBrokers: 'support@porchlight.example',
  termsUrl: 'https://porchlight.example/terms',
  privacyUrl: 'https://porchlight.example/privacy',
} as const;

export const OAUTH_CLIENTS = {
  console: 'porchlight-console',
  agent: 'porchlight-agent',
} as const;

export const IMPERSONATION_HEADER = 'X-Impersonated-User-Id';
