import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LifelineUnavailable, type Holder, type Lifeline } from '../../db/lifeline';
import { sqlOf } from '../../db/sql';
import type { RecoveryPoints } from '../../app/bookings';
import { decryptSecret, encryptSecret } from '../../infra/secrets';
import { PROBLEMS, ProblemError } from '../errors';
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
/** Only for claims taken before claims named their holder. */
const LEGACY_LEASE_MINUTES = 5;
/** Whether the claim's holder backend still runs; without the privilege to see its start time, assume it does. */
const HOLDER_ALIVE = `exists (select 1 from pg_stat_activity a where a.pid = idempotency_keys.holder_pid
  and (a.backend_start = idempotency_keys.holder_started or a.backend_start is null))`;
/** The claim is still the one this request took (no other request took it over); its five values from `$first`. */
const ownClaim = (first: number) =>
  `credential_id = $${first} and environment = $${first + 1} and key = $${first + 2} and holder_pid = $${first + 3}
   and holder_started = $${first + 4}::timestamptz`;

// The statements, built once (each is prepared once per connection: db/sql.ts).
/** One atomic claim: a new key, a key past its 24 hours (starts afresh), or — for the same request — a key whose
 * earlier attempt failed or whose holder is gone (a crashed process; keeps its recovery point). `$9`, when not null,
 * becomes the recovery point of a claim that has none; the claim returns the recovery point it holds. */
const CLAIM = `insert into idempotency_keys (credential_id, environment, key, method, path, fingerprint, state, holder_pid, holder_started, recovery_point)
   values ($1, $2, $3, $4, $5, $6, 'in_progress', $7, $8::timestamptz, $9)
   on conflict (credential_id, environment, key) do update set
     method = excluded.method, path = excluded.path, fingerprint = excluded.fingerprint, state = 'in_progress',
     holder_pid = excluded.holder_pid, holder_started = excluded.holder_started,
     response_status = null, response_headers = null, response_body = null,
     recovery_point = case when idempotency_keys.created_at < now() - interval '24 hours' then excluded.recovery_point
                           else coalesce(idempotency_keys.recovery_point, excluded.recovery_point) end,
     created_at = case when idempotency_keys.created_at < now() - interval '24 hours' then now() else idempotency_keys.created_at end
   where idempotency_keys.created_at < now() - interval '24 hours'
      or (idempotency_keys.method = excluded.method and idempotency_keys.path = excluded.path
          and idempotency_keys.fingerprint = excluded.fingerprint
          and (idempotency_keys.state = 'failed'
               or (idempotency_keys.state = 'in_progress' and idempotency_keys.holder_pid is not null and not ${HOLDER_ALIVE})
               or (idempotency_keys.state = 'in_progress' and idempotency_keys.holder_pid is null
                   and idempotency_keys.created_at < now() - interval '${LEGACY_LEASE_MINUTES} minutes')))
   returning recovery_point`;
const STORED = `select method, path, fingerprint, state, response_status, response_headers, response_body
  from idempotency_keys where credential_id = $1 and environment = $2 and key = $3`;
const SAVE_RECOVERY_POINT = `update idempotency_keys set recovery_point = $1 where ${ownClaim(2)} returning recovery_point`;
const MARK_FAILED = `update idempotency_keys set state = 'failed' where ${ownClaim(1)}`;
const RELEASE = `delete from idempotency_keys where ${ownClaim(1)}`;
/**
 * The stored answer is committed without waiting for its WAL flush (`synchronous_commit` off for this transaction
 * only): should PostgreSQL crash before the flush, the key is back to its claim and recovery point, whose holder is
 * then gone, so a retry takes it over and resumes the same effect (everything the request wrote before is flushed).
 * One disk flush less per request, and the one whose wait every response had.
 */
const COMPLETE = `update idempotency_keys set state = 'completed', response_status = $1, response_headers = $2, response_body = $3
  from (select set_config('synchronous_commit', 'off', true)) as unflushed
  where ${ownClaim(4)}`;

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

interface StoredKey {
  method: string;
  path: string;
  fingerprint: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
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
  constructor(readonly stored: StoredKey) {}
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
function sealed(body: string, key: Buffer, scope: string[]): string {
  return encryptSecret(body, key, `idempotency:${scope.join('\n')}`);
}
function unsealed(stored: string, key: readonly Buffer[], scope: string[]): string {
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
    const scope = [principal.credentialId, testOrLive(environmentOf(principal.livemode)), key];
    const sql = sqlOf(orm);
    const print = fingerprint(ctx);
    let holder: Holder;
    try {
      holder = await lifeline.holder();
    } catch (err) {
      if (!(err instanceof LifelineUnavailable)) throw err;
      throw new ProblemError('service_unavailable', {
        detail: 'The database is not reachable; retry shortly.',
        headers: { 'Retry-After': '1' },
      });
    }
    const own = [...scope, holder.pid, holder.started];
    const claimValues = (recoveryPoint: string | null) => [
      ...scope,
      ctx.method,
      ctx.path,
      print,
      holder.pid,
      holder.started,
      recoveryPoint,
    ];

    let claimed: { recoveryPoint: string | null } | undefined;
    let saved = false;
    const taken = (recoveryPoint: string | null) => {
      claimed = { recoveryPoint };
      saved = recoveryPoint !== null;
    };
    const sameRequest = (stored: StoredKey) => stored.method === ctx.method && stored.path === ctx.path && stored.fingerprint === print;
    /** The key is answered or in use: its stored answer, or the reason it is refused. */
    const refusal = async (): Promise<StoredAnswer> => {
      const [stored] = await sql<StoredKey>(STORED, scope);
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
      const [row] = await sql<{ recovery_point: string | null }>(CLAIM, claimValues(null));
      if (!row) throw await refusal();
      taken(row.recovery_point);
      return row.recovery_point;
    };

    ctx.state.idempotency = {
      claim,
      async saveRecoveryPoint(value) {
        await claim();
        const kept = await sql(SAVE_RECOVERY_POINT, [value, ...own]);
        if (kept.length === 0) throw claimTakenOver();
        saved = true;
      },
      async saveRecoveryPointWith(value, write) {
        // Unclaimed: claim, save and write at once, the write only if the claim took `value` as its recovery point.
        // Claimed: save and write while the claim is still this request's.
        const [claim, values] = claimed ? [SAVE_RECOVERY_POINT, [value, ...own]] : [CLAIM, claimValues(value)];
        const { text, values: writeValues } = write(
          `exists (select 1 from claim where recovery_point = $${claimed ? 1 : values.length})`,
          values.length + 1,
        );
        const [result] = await sql<{ held: boolean; recovery_point: string; written: number }>(
          `with claim as (${claim}), written as (${text})
           select exists (select 1 from claim) as held, (select recovery_point from claim) as recovery_point,
             (select count(*) from written)::int as written`,
          [...values, ...writeValues],
        );
        if (!result.held) throw claimed ? claimTakenOver() : await refusal();
        taken(result.recovery_point);
        return { written: result.written, recoveryPoint: result.recovery_point };
      },
    };
    try {
      if (claimPoint === 'before-handler') await claim();
      await next();
      if (!claimed) throw new Error(`${ctx.method} ${ctx.path} answered without claiming its Idempotency-Key`);
    } catch (err) {
      if (err instanceof StoredAnswer) return replay(ctx, err.stored, (b) => unsealed(b, decryptionKeys, scope));
      if (claimed) await sql(saved ? MARK_FAILED : RELEASE, own);
      else if (claimPoint === 'in-handler' && err instanceof ProblemError && PROBLEMS[err.code].status < 500) {
        // Refused before its claim, e.g. for a pickup time that has passed since: the same request keeps its first answer.
        const [stored] = await sql<StoredKey>(STORED, scope);
        if (stored?.state === 'completed' && sameRequest(stored)) return replay(ctx, stored, (b) => unsealed(b, decryptionKeys, scope));
      }
      throw err;
    }
    const headers = Object.fromEntries(REPLAYED_HEADERS.filter((h) => ctx.response.get(h)).map((h) => [h, ctx.response.get(h)]));
    const body = ctx.body === undefined || ctx.body === null ? null : typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    await sql(COMPLETE, [ctx.status, JSON.stringify(headers), body === null ? null : sealed(body, encryptionKey, scope), ...own]);
  };
}

function replay(ctx: Context, stored: StoredKey, open: (body: string) => string): void {
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

/** Keys are kept 24 hours; after that they may be reused for anything. */
export async function purgeExpiredKeys(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute(`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
}
