import * as v from 'valibot';

// Web Push: the subscription a browser's PushManager gives, as the agent app registers
// it, and the message the service worker shows. RFC 8291 fixes the key sizes: the browser's P-256
// public key is 65 bytes uncompressed, the auth secret 16 bytes, both base64url without padding.

const base64url = (bytes: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`),
      `must be the ${what} (${bytes} bytes, base64url)`,
    ),
  );

/** A push service URL: absolute, at most 2 kB (FCM's and Mozilla's are ~200 characters). */
export const PushEndpoint = v.pipe(
  v.string(),
  v.maxLength(2048, 'must be at most 2048 characters'),
  v.url('must be a URL'),
);

export const PushSubscriptionInput = v.strictObject(
  {
    endpoint: PushEndpoint,
    // PushSubscription.toJSON() adds expirationTime (null on every browser today): accepted, unused.
    expirationTime: v.optional(v.nullable(v.number())),
    keys: v.strictObject(
      {
        p256dh: v.pipe(base64url(65, 'P-256 public key'), v.startsWith('B', 'must be an uncompressed P-256 point')),
        auth: base64url(16, 'auth secret'),
      },
      'unknown field',
    ),
  },
  'unknown field',
);
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionInput>;

export const PushSubscriptionRemoval = v.strictObject({ endpoint: PushEndpoint }, 'unknown field');
export type PushSubscriptionRemoval = v.InferOutput<typeof PushSubscriptionRemoval>;

/** The answer to a registration (201). */
export const PushSubscriptionAnswer = v.object({ endpoint: v.string(), created: v.string() });
export type PushSubscriptionAnswer = v.InferOutput<typeof PushSubscriptionAnswer>;

/** The application server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
export const VapidPublicKey = v.object({ publicKey: v.string() });
export type VapidPublicKey = v.InferOutput<typeof VapidPublicKey>;

/** What a push message carries (JSON, encrypted): the service worker shows it and opens `url` on a click. */
export const PushMessage = v.object({
  title: v.string(),
  body: v.string(),
  /** One notification per referral on the phone: a newer one about the same referral replaces it. */
  tag: v.string(),
  /** A path of the agent app: the referral's page, or the follow-ups list when there is no referral. */
  url: v.pipe(v.string(), v.startsWith('/')),
  referralId: v.nullable(v.number()),
  referralName: v.nullable(v.string()),
});
export type PushMessage = v.InferOutput<typeof PushMessage>;
