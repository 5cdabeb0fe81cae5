import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { WebhookDestinationSchema } from '../../db/entities';
import { createIntegratorAccount } from '../../app/accounts';
import { destinationWorkflowId } from '../../contracts/public-webhooks';
import { hubCli } from '../support/cli';
import { freshDatabase, type TestDatabase } from '../support/db';
import { timeSkippingEnvironment } from '../../stack/temporal';

let db: TestDatabase;
let env: TestWorkflowEnvironment;

beforeAll(async () => {
  [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
});
afterAll(() => Promise.all([db?.close(), env?.teardown()]));

const { hub: hubAlone } = hubCli(() => db);
/** Pause, resume and test also reach Temporal. */
const { hub: hubWithTemporal } = hubCli(
  () => db,
  () => env.client,
);

describe('hub destinations', () => {
  it('creates, lists, pauses, rotates and deletes a destination; refuses unknown events and unsafe live URLs', async () => {
    const { accountId } = await createIntegratorAccount(db.orm, 'Ops');
    const bad = await hubAlone(
      'destinations',
      'create',
      '--account',
      accountId,
      '--env',
      'test',
      '--url',
      'http://localhost:9/h',
      '--events',
      'nope',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('allowed: booking.status_changed');
    const unsafe = await hubAlone(
      'destinations',
      'create',
      '--account',
      accountId,
      '--env',
      'live',
      '--url',
      'http://example.com/h',
      '--events',
      'invoice.created',
    );
    expect(unsafe.code).toBe(2);

    const created = await hubAlone(
      'destinations',
      'create',
      '--account',
      accountId,
      '--env',
      'test',
      '--url',
      'http://localhost:9/h',
      '--events',
      'invoice.created,booking.cancelled',
      '--json',
    );
    expect(created.code).toBe(0);
    const json = JSON.parse(created.stdout);
    expect(json).toMatchObject({
      account_id: accountId,
      events: ['invoice.created', 'booking.cancelled'],
      status: 'active',
      signing_secret: expect.stringMatching(/^whsec_/),
    });

    const listed = await hubAlone('destinations', 'list', '--account', accountId);
    expect(listed.stdout).toContain(json.id);
    expect(listed.stdout).not.toContain(json.signing_secret);

    expect((await hubAlone('destinations', 'pause', json.id)).code).toBe(1);
    const paused = await hubWithTemporal('destinations', 'pause', json.id, '--reason', 'maintenance');
    expect(paused.code).toBe(0);
    const row = await db.orm.em.fork().findOneOrFail(WebhookDestinationSchema, { id: json.id });
    expect(row).toMatchObject({ status: 'paused', pausedReason: 'maintenance' });
    expect((await hubWithTemporal('destinations', 'list', '--paused')).stdout).toContain(json.id);
    // The entity workflow got the pause (no worker here: its start with the signal is what the CLI did).
    const entity = await env.client.workflow.getHandle(destinationWorkflowId(json.id)).describe();
    expect(entity.type).toBe('destinationWorkflow');
    expect(JSON.parse((await hubAlone('destinations', 'secret', json.id, '--json')).stdout)).toEqual({
      id: json.id,
      signing_secret: json.signing_secret,
      previous: null,
    });
    const rotated = JSON.parse((await hubAlone('destinations', 'rotate-secret', json.id, '--overlap-seconds', '60', '--json')).stdout);
    expect(rotated.signing_secret).not.toBe(json.signing_secret);
    const revealed = await hubAlone('destinations', 'secret', json.id);
    expect(revealed.stdout).toContain(rotated.signing_secret);
    expect(revealed.stdout).toMatch(new RegExp(`previous secret +${json.signing_secret.replace(/[+/=]/g, '\\$&')} \\(signs until `));
    expect((await hubAlone('destinations', 'delete', json.id)).code).toBe(1); // it ends workflows: needs Temporal
    expect(await hubWithTemporal('destinations', 'delete', json.id)).toMatchObject({ code: 0 });
    expect((await hubAlone('destinations', 'show', json.id)).code).toBe(1);
    // The entity workflow the pause started is over.
    expect((await env.client.workflow.getHandle(destinationWorkflowId(json.id)).describe()).status.name).toBe('TERMINATED');
  });
});
