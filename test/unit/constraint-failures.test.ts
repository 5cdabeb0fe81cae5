import { ApplicationFailure } from '@temporalio/common';
import type { ActivityExecuteInput } from '@temporalio/worker';
import { createIntegratorAccount } from '../../app/accounts';
import { IntegratorAccountSchema } from '../../db/entities';
import { constraintFailuresStopRetrying } from '../../workers/constraint-failures';
import { freshDatabase, type TestDatabase } from '../support/db';

/** The workers' activity interceptor, fed the errors PostgreSQL really raises. */
describe('constraint failures stop retrying', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.close());

  const run = (work: () => Promise<unknown>) =>
    constraintFailuresStopRetrying({} as never).inbound!.execute!({} as ActivityExecuteInput, () => work());

  it('turns a unique violation, from the ORM or a raw statement, into a non-retryable ConstraintViolation', async () => {
    const { accountId } = await createIntegratorAccount(db.orm, 'Twice');
    const throughOrm = () => {
      const em = db.orm.em.fork();
      em.create(IntegratorAccountSchema, {
        id: accountId,
        name: 'Again',
        kind: 'corporate',
        scopeCeiling: [],
        createdAt: new Date(),
      } as never);
      return em.flush();
    };
    const raw = () =>
      db.orm.em
        .getConnection()
        .execute(`insert into integrator_accounts (id, name, scope_ceiling, created_at) values (?, 'Again', '{}', now())`, [accountId]);
    for (const work of [throughOrm, raw]) {
      const failure = await run(work).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure).toMatchObject({
        type: 'ConstraintViolation',
        nonRetryable: true,
        message: expect.stringContaining('SQLSTATE 23505'),
      });
    }
  });

  it('leaves every other error, and success, as they are', async () => {
    expect(await run(async () => 42)).toBe(42);
    const syntax = await run(() => db.orm.em.getConnection().execute('selec 1')).catch((err: unknown) => err);
    expect(syntax).not.toBeInstanceOf(ApplicationFailure);
    const plain = new Error('receiver unreachable');
    await expect(run(() => Promise.reject(plain))).rejects.toBe(plain);
  });
});
