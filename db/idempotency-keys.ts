import type { MikroORM } from '@mikro-orm/postgresql';
import type { Holder } from './lifeline';
import { sqlOf, type Statement } from './sql';

/**
 * The statements of an Idempotency-Key's life (`api/middleware/idempotency.ts` decides when each runs; the design is
 * docs/architecture.md#limits-and-idempotency-live-in-postgresql). Every request with a key runs them, so they go
 * through `db/sql.ts`: each is built once and prepared once per connection.
 */

/** A key's scope: the credential, its environment in the Public Integration API's word (`test`/`live`), the key. */
export type IdempotencyScope = readonly [credentialId: string, environment: string, key: string];

/** A claim as one request holds it: its key's scope and the lifeline backend of the API process that took it. */
export interface HeldClaim {
  scope: IdempotencyScope;
  holder: Holder;
}

/** What a claim records of its request, so that only the same request may take it over or get its answer. */
export interface ClaimedRequest {
  method: string;
  path: string;
  fingerprint: string;
}

/** A key as stored: its request and, once completed, its answer (the body sealed by the caller). */
export interface StoredIdempotencyKey {
  method: string;
  path: string;
  fingerprint: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

/** Only for claims taken before claims named their holder. */
const LEGACY_LEASE_MINUTES = 5;
/** Whether the claim's holder backend still runs; without the privilege to see its start time, assume it does. */
const HOLDER_ALIVE = `exists (select 1 from pg_stat_activity a where a.pid = idempotency_keys.holder_pid
  and (a.backend_start = idempotency_keys.holder_started or a.backend_start is null))`;
/** The claim is still the one this request took (no other request took it over); its five values from `$first`. */
const ownClaim = (first: number) =>
  `credential_id = $${first} and environment = $${first + 1} and key = $${first + 2} and holder_pid = $${first + 3}
   and holder_started = $${first + 4}::timestamptz`;

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
const CLAIMED_FOR = `select exists (select 1 from idempotency_keys where credential_id = $1 and environment = $2 and key = $3
  and method = $4 and path = $5 and fingerprint = $6 and created_at >= now() - interval '24 hours') as claimed`;
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

const ownValues = ({ scope, holder }: HeldClaim) => [...scope, holder.pid, holder.started];
const claimValues = (claim: HeldClaim, request: ClaimedRequest, recoveryPoint: string | null) => [
  ...claim.scope,
  request.method,
  request.path,
  request.fingerprint,
  claim.holder.pid,
  claim.holder.started,
  recoveryPoint,
];

/**
 * Claims the key for `request` held by `claim.holder`, with `recoveryPoint` if the claim has none: the recovery point
 * the claim holds, or undefined when the key is answered or in use (read it with `storedIdempotencyKey`).
 */
export async function claimIdempotencyKey(
  orm: MikroORM,
  claim: HeldClaim,
  request: ClaimedRequest,
  recoveryPoint: string | null = null,
): Promise<{ recoveryPoint: string | null } | undefined> {
  const [row] = await sqlOf(orm)<{ recovery_point: string | null }>(CLAIM, claimValues(claim, request, recoveryPoint));
  return row && { recoveryPoint: row.recovery_point };
}

/** The key as stored, or undefined. */
export async function storedIdempotencyKey(orm: MikroORM, scope: IdempotencyScope): Promise<StoredIdempotencyKey | undefined> {
  const [stored] = await sqlOf(orm)<StoredIdempotencyKey>(STORED, [...scope]);
  return stored;
}

/**
 * Whether the key holds a claim or an answer of this same request, within its 24 hours (in progress, failed with a
 * recovery point, completed): an earlier attempt got as far as claiming it.
 */
export async function idempotencyKeyClaimedFor(orm: MikroORM, scope: IdempotencyScope, request: ClaimedRequest): Promise<boolean> {
  const [row] = await sqlOf(orm)<{ claimed: boolean }>(CLAIMED_FOR, [...scope, request.method, request.path, request.fingerprint]);
  return row.claimed;
}

/** Saves the claim's recovery point while the claim is still `claim`'s: whether it was (false: taken over). */
export async function saveIdempotencyRecoveryPoint(orm: MikroORM, claim: HeldClaim, value: string): Promise<boolean> {
  return (await sqlOf(orm)(SAVE_RECOVERY_POINT, [value, ...ownValues(claim)])).length > 0;
}

/**
 * In one statement, saves `value` as the recovery point and runs the write `write` builds (its condition
 * `claimHeld`, its parameters from `$first`) only if the claim holds `value`: with `request`, the unclaimed key is
 * claimed by the same statement; without it (already claimed), only while the claim is still `claim`'s. Whether the
 * claim is held, the recovery point it holds and the rows the write returned.
 */
export async function saveIdempotencyRecoveryPointWith(
  orm: MikroORM,
  claim: HeldClaim,
  request: ClaimedRequest | null,
  value: string,
  write: (claimHeld: string, first: number) => Statement,
): Promise<{ held: boolean; recoveryPoint: string; written: number }> {
  const [statement, values] = request ? [CLAIM, claimValues(claim, request, value)] : [SAVE_RECOVERY_POINT, [value, ...ownValues(claim)]];
  const { text, values: writeValues } = write(
    `exists (select 1 from claim where recovery_point = $${request ? values.length : 1})`,
    values.length + 1,
  );
  const [result] = await sqlOf(orm)<{ held: boolean; recovery_point: string; written: number }>(
    `with claim as (${statement}), written as (${text})
           select exists (select 1 from claim) as held, (select recovery_point from claim) as recovery_point,
             (select count(*) from written)::int as written`,
    [...values, ...writeValues],
  );
  return { held: result.held, recoveryPoint: result.recovery_point, written: result.written };
}

/** A claim whose request failed after saving a recovery point: the same request may take it over and resume. */
export async function markIdempotencyClaimFailed(orm: MikroORM, claim: HeldClaim): Promise<void> {
  await sqlOf(orm)(MARK_FAILED, ownValues(claim));
}

/** A claim whose request failed before any effect: the key is free again. */
export async function releaseIdempotencyClaim(orm: MikroORM, claim: HeldClaim): Promise<void> {
  await sqlOf(orm)(RELEASE, ownValues(claim));
}

/** Stores the request's answer on its claim (fenced on its holder), to be replayed for 24 hours. */
export async function completeIdempotencyClaim(
  orm: MikroORM,
  claim: HeldClaim,
  answer: { status: number; headers: Record<string, string>; body: string | null },
): Promise<void> {
  await sqlOf(orm)(COMPLETE, [answer.status, JSON.stringify(answer.headers), answer.body, ...ownValues(claim)]);
}

/** Keys are kept 24 hours; after that they may be reused for anything. */
export async function purgeExpiredIdempotencyKeys(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute(`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
}
