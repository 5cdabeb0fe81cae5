import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LifelineUnavailable, type Holder, type Lifeline } from '../../db/lifeline';
import {
  claimIdempotencyKey,
  completeIdempotencyClaim,
  idempotencyKeyClaimedFor,
  markIdempotencyClaimFailed,
  releaseIdempotencyClaim,
  saveIdempotencyRecoveryPoint,
  saveIdempotencyRecoveryPointWith,
  storedIdempotencyKey,
  type ClaimedRequest,
  type HeldClaim,
  type IdempotencyScope,
  type StoredIdempotencyKey,
} from '../../db/idempotency-keys';
import type { RecoveryPoints } from '../../app/bookings';
import { decryptSecret, encryptSecret } from '../../infra/secrets';
import { ProblemError, serviceUnavailable } from '../errors';
import { environmentOf, testOrLive } from '../../domain/environment';

/**
 * The Temporal Update id for a state-changing call that carries an Idempotency-Key: a duplicate of an Update the
 * workflow already ran (the first try died before its answer was stored) gets that Update's outcome, not a second run.
 * Scoped to the credential and the operation, so one key reused elsewhere never answers for another call.
 */
export function updateIdOf(ctx: Context, principal: { credentialId: string }, operationId: string): string | undefined {
  const key = ctx.get('idempotency-key');
  return key ? `${operationId}:${principal.credentialId}:${key}` : undefined;
}

export const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'location'];

/** The header in its bare form or as an IETF structured-field string (`"abc"`). */
export function parseIdempotencyKey(header: string): string | null {
  const value = header.startsWith('"') && header.endsWith('"') && header.length >= 2 ? header.slice(1, -1) : header;
  return KEY_PATTERN.test(value) ? value : null;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprint(ctx: Context): string {
  const body = ctx.request.parsedBody === undefined ? '' : canonical(ctx.request.parsedBody);
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n${body}`).digest('hex');
}

/** What a handler that claims its key itself (`idempotent: 'in-handler'`) is given: app/bookings.ts `RecoveryPoints`. */
export type IdempotencyHandle = RecoveryPoints;

declare module 'koa' {
  interface DefaultState {
    idempotency?: IdempotencyHandle;
  }
}

/** Where the key is claimed: before the handler runs, or by the handler itself (with its first write). */
export type ClaimPoint = 'before-handler' | 'in-handler';

/** Thrown by a claim inside the handler when the key already has an answer: the middleware replays it. */
class StoredAnswer {
  constructor(readonly stored: StoredIdempotencyKey) {}
}

/**
 * Stripe-style idempotency: the first complete response is stored for 24 hours and replayed. A claim is one atomic
 * insert, so concurrent duplicates on any API process produce exactly one effect. A request that fails with an
 * error thrown before it completes (validation, auth, 5xx) stores no response: the same request may be retried with
 * the same key. If it had saved a recovery point, the retry receives it and resumes instead of repeating the effect
 * (Stripe's recovery points). A claim names its holder, the lifeline backend of the API process that took it: once
 * that backend is gone from `pg_stat_activity` (the process died, PostgreSQL restarted) the same request takes the
 * claim over at once and resumes from its recovery point; while it lives, a second request gets 409. Every later
 * write of a request is fenced on its own holder, so a request whose claim was taken over cannot also act.
 *
 * With `in-handler`, the handler claims the key itself before its first side effect, in the statement of its first
 * write (`saveRecoveryPointWith`): one round trip less, and a request refused by validation never touches the key.
 */
/**
 * A stored answer is encrypted under the hub key, bound to its key's scope: answers carry passengers' contact data and
 * destinations' signing secrets, which must not sit in plain text in PostgreSQL for a day. Rows stored before were
 * plain (a JSON body never starts with the ciphertext's `v1.`), read as they are until they expire.
 */
function sealed(body: string, key: Buffer, scope: IdempotencyScope): string {
  return encryptSecret(body, key, `idempotency:${scope.join('\n')}`);
}
function unsealed(stored: string, key: readonly Buffer[], scope: IdempotencyScope): string {
  return stored.startsWith('v1.') ? decryptSecret(stored, key, `idempotency:${scope.join('\n')}`) : stored;
}

export function idempotency(
  orm: MikroORM,
  lifeline: Lifeline,
  keys: { encryptionKey: Buffer; decryptionKeys: readonly Buffer[] },
  claimPoint: ClaimPoint = 'before-handler',
) {
  const { encryptionKey, decryptionKeys } = keys;
  return async (ctx: Context, next: Next) => {
    // Absent means no idempotency; present but empty (HTTP trims a value of spaces to empty) is a malformed key.
    if (ctx.headers['idempotency-key'] === undefined) return next();
    const header = ctx.get('idempotency-key');
    const key = parseIdempotencyKey(header);
    if (!key) {
      throw new ProblemError('bad_request', {
        detail: 'Idempotency-Key must be 1–255 printable ASCII characters.',
        param: 'Idempotency-Key',
      });
    }
    const principal = ctx.state.principal;
    // The stored scope has always named the environment in the Public Integration API's word.
    const scope: IdempotencyScope = [principal.credentialId, testOrLive(environmentOf(principal.livemode)), key];
    const print = fingerprint(ctx);
    let holder: Holder;
    try {
      holder = await lifeline.holder();
    } catch (err) {
      if (!(err instanceof LifelineUnavailable)) throw err;
      throw serviceUnavailable('The database is not reachable; retry shortly.');
    }
    const own: HeldClaim = { scope, holder };
    const request: ClaimedRequest = { method: ctx.method, path: ctx.path, fingerprint: print };

    let claimed: { recoveryPoint: string | null } | undefined;
    let saved = false;
    const taken = (recoveryPoint: string | null) => {
      claimed = { recoveryPoint };
      saved = recoveryPoint !== null;
    };
    const sameRequest = (stored: StoredIdempotencyKey) =>
      stored.method === ctx.method && stored.path === ctx.path && stored.fingerprint === print;
    /** The key is answered or in use: its stored answer, or the reason it is refused. */
    const refusal = async (): Promise<StoredAnswer> => {
      const stored = await storedIdempotencyKey(orm, scope);
      if (!stored) {
        // Released by a failed first request between our insert and this read.
        throw new ProblemError('idempotency_key_in_use', {
          detail: 'This Idempotency-Key was just released; retry.',
          headers: { 'Retry-After': '1' },
        });
      }
      if (!sameRequest(stored)) {
        throw new ProblemError('idempotency_key_reused', {
          detail: 'This Idempotency-Key was used with a different request; use a new key for a new request.',
          param: 'Idempotency-Key',
        });
      }
      if (stored.state === 'in_progress') {
        throw new ProblemError('idempotency_key_in_use', {
          detail: 'A request with this Idempotency-Key is still being processed.',
          headers: { 'Retry-After': '1' },
        });
      }
      return new StoredAnswer(stored);
    };
    const claim = async (): Promise<string | null> => {
      if (claimed) return claimed.recoveryPoint;
      const row = await claimIdempotencyKey(orm, own, request);
      if (!row) throw await refusal();
      taken(row.recoveryPoint);
      return row.recoveryPoint;
    };

    ctx.state.idempotency = {
      claim,
      async claimedBefore() {
        return claimed !== undefined || (await idempotencyKeyClaimedFor(orm, scope, request));
      },
      async saveRecoveryPoint(value) {
        await claim();
        if (!(await saveIdempotencyRecoveryPoint(orm, own, value))) throw claimTakenOver();
        saved = true;
      },
      async saveRecoveryPointWith(value, write) {
        // Unclaimed: claim, save and write at once, the write only if the claim took `value` as its recovery point.
        // Claimed: save and write while the claim is still this request's.
        const result = await saveIdempotencyRecoveryPointWith(orm, own, claimed ? null : request, value, write);
        if (!result.held) throw claimed ? claimTakenOver() : await refusal();
        taken(result.recoveryPoint);
        return { written: result.written, recoveryPoint: result.recoveryPoint };
      },
    };
    try {
      if (claimPoint === 'before-handler') await claim();
      await next();
      if (!claimed) throw new Error(`${ctx.method} ${ctx.path} answered without claiming its Idempotency-Key`);
    } catch (err) {
      if (err instanceof StoredAnswer) return replay(ctx, err.stored, (b) => unsealed(b, decryptionKeys, scope));
      if (claimed) await (saved ? markIdempotencyClaimFailed : releaseIdempotencyClaim)(orm, own);
      else if (claimPoint === 'in-handler' && err instanceof ProblemError) {
        // Refused before its claim — a pickup time that has passed since: the same request keeps its first answer,
        // if it had one and it can be read. (Load shedding and the geocoder ask `claimedBefore` and let a retry on.)
        const stored = await storedIdempotencyKey(orm, scope).catch(() => undefined);
        if (stored?.state === 'completed' && sameRequest(stored)) return replay(ctx, stored, (b) => unsealed(b, decryptionKeys, scope));
      }
      throw err;
    }
    const headers = Object.fromEntries(REPLAYED_HEADERS.filter((h) => ctx.response.get(h)).map((h) => [h, ctx.response.get(h)]));
    const body = ctx.body === undefined || ctx.body === null ? null : typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    await completeIdempotencyClaim(orm, own, {
      status: ctx.status,
      headers,
      body: body === null ? null : sealed(body, encryptionKey, scope),
    });
  };
}

function replay(ctx: Context, stored: StoredIdempotencyKey, open: (body: string) => string): void {
  ctx.status = stored.response_status!;
  ctx.set({ ...(stored.response_headers ?? {}), 'Idempotent-Replayed': 'true' });
  ctx.body = stored.response_body === null ? undefined : open(stored.response_body);
}

/** This request's holder was seen as gone and a retry took its claim over: the retry acts, this one must not. */
function claimTakenOver(): ProblemError {
  return new ProblemError('idempotency_key_in_use', {
    detail: 'A retry with this Idempotency-Key took this request over; its answer is the one that counts.',
    headers: { 'Retry-After': '1' },
  });
}
