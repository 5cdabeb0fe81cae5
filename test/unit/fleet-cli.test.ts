import { FleetUnitSchema } from '../../db/entities';
import { hubCli } from '../support/cli';
import { freshDatabase, type TestDatabase } from '../support/db';
import { dateIn } from '../support/fleet';

let db: TestDatabase;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db?.close());

const { hub, hubJson } = hubCli(() => db);

const ADD = [
  'fleet', 'add', '--market', 'PAR', '--class', 'executive', '--make', 'Mercedes-Benz', '--model', 'E-Class', '--year', '2024',
  '--color', 'black', '--plate', 'CLI-001', '--name', 'Jean Dupont', '--phone', '+33611111111', '--photo', 'https://example.com/j.jpg',
  '--licence', 'FR-1', '--rating', '4.8',
]; // prettier-ignore

describe('hub fleet', () => {
  it('adds a unit, records documents, updates it, lists it and issues a driver credential', async () => {
    const added = await hubJson(...ADD, '--driving-licence', dateIn(400), '--insurance', dateIn(300), '--vehicle-inspection', dateIn(200));
    expect(added).toMatchObject({
      market: 'PAR',
      dispatch_state: 'offline',
      compliance: { state: 'lapsed', next_lapse: { document: 'operator_permit', at: null } },
    });
    const id = added.unit_id as string;
    expect(id).toMatch(/^unit_/);

    const documented = await hubJson('fleet', 'document', id, '--type', 'operator_permit', '--expires', dateIn(20));
    expect(documented.compliance).toMatchObject({ state: 'expiring', next_lapse: { document: 'operator_permit' } });
    expect((await db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id })).complianceLapsesAt).toBeInstanceOf(Date);

    const updated = await hubJson('fleet', 'update', id, '--color', 'silver', '--rating', '4.9');
    expect(updated.vehicle).toMatchObject({ color: 'silver', make: 'Mercedes-Benz' });
    expect(updated.chauffeur).toMatchObject({ rating: 4.9, name: 'Jean Dupont' });

    const list = await hub('fleet', 'list', '--market', 'PAR');
    expect(list.stdout).toContain(id);
    expect(list.stdout).toContain('expiring');

    const issued = await hubJson('fleet', 'credential', id);
    expect(issued.credential).toMatch(/^drv_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    const stored = await db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });
    expect(stored.driverCredentialHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.driverCredentialHash).not.toContain(issued.credential.slice(17, 49));
  });

  it('refuses a document without an expiry, bad dates and values, and unknown units, changing nothing', async () => {
    const { unit_id: id } = await hubJson(...ADD.map((a) => (a === 'CLI-001' ? 'CLI-002' : a)));
    const before = await db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });
    expect((await hub('fleet', 'document', id, '--type', 'insurance')).code).toBe(2);
    const badDate = await hub('fleet', 'document', id, '--type', 'insurance', '--expires', '2027-02-30');
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('YYYY-MM-DD');
    expect((await hub('fleet', 'document', id, '--type', 'passport', '--expires', '2030-01-01')).stderr).toContain('driving_licence');
    expect((await hub(...ADD.map((a) => (a === 'PAR' ? 'XYZ' : a)))).stderr).toContain('market must be one of');
    expect((await hub(...ADD.map((a) => (a === 'executive' ? 'limo' : a)))).stderr).toContain('class must be one of');
    expect((await hub('fleet', 'update', 'unit_nope', '--color', 'red')).stderr).toContain('no fleet unit');
    expect((await hub('fleet', 'update', id)).code).toBe(2);
    const after = await db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });
    expect(after.documents).toEqual(before.documents);
  });

  it('records a chauffeur’s billing identity in versions, keeping the fields a change does not give, and refuses wrong ones', async () => {
    const { unit_id: id } = await hubJson(...ADD.map((a) => (a === 'CLI-001' ? 'CLI-003' : a)));
    const identity = ['--legal-name', 'Jean Dupont EI', '--address', '1 rue de la Paix', '--city', 'Paris', '--postal-code', '75002'];
    const wrong = await hub(
      'fleet',
      'billing',
      'set',
      id,
      ...identity,
      '--country',
      'FR',
      '--siren',
      '732829321',
      '--vat-regime',
      'franchise',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('siren must be 9 digits whose Luhn check holds');
    expect((await hub('fleet', 'billing', 'set', 'unit_nope', ...identity, '--country', 'FR')).stderr).toContain('no fleet unit unit_nope');
    const [first] = await hubJson(
      'fleet',
      'billing',
      'set',
      id,
      ...identity,
      '--country',
      'FR',
      '--siret',
      '73282932000074',
      '--vat-regime',
      'franchise',
    );
    expect(first).toMatchObject({
      set_by: 'ops',
      identity: { siren: '732829320', electronic_address: '0225:732829320', vat_regime: 'franchise' },
    });
    const versions = await hubJson(
      'fleet',
      'billing',
      'set',
      id,
      '--vat-regime',
      'normal',
      '--vat-id',
      'FR44732829320',
      '--from',
      '2027-01-01T00:00:00Z',
    );
    expect(
      versions.map((v: { valid_from: string; identity: { vat_regime: string; legal_name: string } }) => [
        v.identity.vat_regime,
        v.identity.legal_name,
      ]),
    ).toEqual([
      ['normal', 'Jean Dupont EI'],
      ['franchise', 'Jean Dupont EI'],
    ]);
    expect((await hub('fleet', 'billing', 'show', id)).stdout).toMatch(/2027-01-01T00:00:00Z\s+Jean Dupont EI\s+FR\s+732829320/);
  });
});
