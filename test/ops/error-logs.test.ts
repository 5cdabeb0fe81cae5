import { Writable } from 'node:stream';
import { Client } from 'pg';
import Stripe from 'stripe';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../db/orm';
import { createLogger } from '../../infra/logger';
import { temporalLogger } from '../../infra/temporal-runtime';
import { freePort } from '../../stack/ports';
import { freshDatabase, type TestDatabase } from '../support/db';

/** Values a log line must never carry: a passenger's name and e-mail, an IBAN. */
const PASSENGER = 'Ada Lovelace';
const EMAIL = 'ada.lovelace@example.com';
const IBAN = 'FR7630006000011234567890189';

/** A logger as the processes make it, writing its JSON lines where the test reads them. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { logger: createLogger('debug', 'test', sink), lines, raw };
}

describe('errors in logs carry their cause, without the values', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await freshDatabase();
    await db.orm.em
      .getConnection()
      .execute(`create table passengers_log_test (email text constraint passengers_log_test_email_key unique, name text, iban text)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('names a unique violation from PostgreSQL by its SQLSTATE, message, constraint and table', async () => {
    const insert = () =>
      db.orm.em.getConnection().execute(`insert into passengers_log_test (email, name, iban) values (?, ?, ?)`, [EMAIL, PASSENGER, IBAN]);
    await insert();
    const failure = await insert().catch((err: unknown) => err);
    // The driver's own message carries the statement with its values: what must not reach the log.
    expect(String((failure as Error).message)).toContain(EMAIL);

    const { logger, lines, raw } = capturedLogger();
    // As a db/ statement throws it (pg's DatabaseError), and as the ORM's own writes do (its DriverException).
    logger.error({ err: failure }, 'request failed');
    logger.error({ err: db.orm.em.getDriver().convertException(failure as Error) }, 'request failed');
    const violation = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "passengers_log_test_email_key"',
      constraint: 'passengers_log_test_email_key',
      table: 'passengers_log_test',
      schema: 'public',
      stack: expect.stringMatching(/^at /),
    };
    expect(lines.map((line) => line.err)).toEqual([
      expect.objectContaining({ name: 'DatabaseError', ...violation }),
      expect.objectContaining({ name: 'UniqueConstraintViolationException', ...violation }),
    ]);
    for (const line of raw) for (const value of [EMAIL, PASSENGER, IBAN]) expect(line).not.toContain(value);
  });

  it('drops the input value a data error quotes', async () => {
    const failure = await db.orm.em
      .getConnection()
      .execute(`select ?::uuid`, [IBAN])
      .catch((err: unknown) => err);
    const { logger, lines, raw } = capturedLogger();
    logger.warn({ err: failure }, 'query failed');
    expect(lines[0].err).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "…"' });
    expect(raw[0]).not.toContain(IBAN);
  });

  it('names a refused connection by its code, call and address, through the ORM and through pg', async () => {
    const port = await freePort();
    const orm = await MikroORM.init({ ...ormOptions(`postgres://hub:hub@127.0.0.1:${port}/hub`, 1), connect: false });
    const viaOrm = await orm.em
      .getConnection()
      .execute('select 1')
      .catch((err: unknown) => orm.em.getDriver().convertException(err as Error));
    await orm.close(true);
    const direct = new Client({ connectionString: `postgres://hub:hub@127.0.0.1:${port}/hub` });
    const viaPg = await direct.connect().catch((err: unknown) => err);

    const { logger, lines } = capturedLogger();
    logger.error({ err: viaOrm }, 'query failed');
    logger.warn({ err: viaPg }, 'PostgreSQL lifeline lost; reconnecting');
    const refused = {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '127.0.0.1',
      port,
      message: `connect ECONNREFUSED 127.0.0.1:${port}`,
    };
    expect(lines[0].err).toMatchObject({ name: 'DriverException', ...refused });
    expect(lines[1].err).toMatchObject({ name: 'Error', ...refused });
  });

  it("names a failed activity's database error on the Temporal SDK's `error` field as on `err`", async () => {
    const failure = await db.orm.em
      .getConnection()
      .execute(`insert into passengers_log_test (email, name, iban) values (?, ?, ?)`, [EMAIL, PASSENGER, IBAN])
      .catch((err: unknown) => err);
    const { logger, lines, raw } = capturedLogger();
    temporalLogger(logger).warn('Activity failed', { error: failure, durationMs: 3, activityType: 'recordBooking' });
    expect(lines[0]).toMatchObject({
      msg: 'Activity failed',
      activityType: 'recordBooking',
      error: { name: 'DatabaseError', code: '23505', constraint: 'passengers_log_test_email_key' },
    });
    expect(raw[0]).not.toContain(EMAIL);
    // A delivery's error is a short string already, and stays one.
    temporalLogger(logger).warn('webhook not acknowledged', { error: 'ECONNREFUSED' });
    expect(lines[1].error).toBe('ECONNREFUSED');
  });

  it("names a provider's error by its type, code, HTTP status and request id, not the objects it carries", () => {
    const declined = Stripe.errors.StripeError.generate({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      param: 'payment_method',
      statusCode: 402,
      requestId: 'req_8kz3LwX1',
      payment_intent: { id: 'pi_1', last_payment_error: { payment_method: { billing_details: { name: PASSENGER } } } },
    } as never);
    const wrapped = new Error('payment failed', { cause: declined });
    const { logger, lines, raw } = capturedLogger();
    logger.error({ err: wrapped }, 'activity failed');
    expect(lines[0].err).toMatchObject({
      name: 'Error',
      message: 'payment failed',
      cause: {
        name: 'StripeCardError',
        type: 'StripeCardError',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        param: 'payment_method',
        status: 402,
        requestId: 'req_8kz3LwX1',
      },
    });
    expect(raw[0]).not.toContain(PASSENGER);
  });
});
