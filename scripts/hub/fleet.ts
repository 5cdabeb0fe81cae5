import { FleetUnitSchema, type FleetUnit } from '../../db/entities';
import { addUnit, FleetInputError, findUnit, issueDriverCredential, setDocumentExpiry, updateUnit } from '../../app/fleet';
import { compliance, COMPLIANCE_DOCUMENTS, type ComplianceDocuments } from '../../domain/compliance';
import { setBankAccount, showBankAccount, type BankAccountView } from '../../app/bank-accounts';
import { ProblemError } from '../../app/problems';
import { chauffeurIdentityVersions, setChauffeurIdentity } from '../../app/self-billing';
import { IDENTITY_FIELDS } from '../../domain/chauffeur-billing';
import type { PostalAddress } from '../../domain/sepa';
import { fields, Failure, flag, isoOrNull, requiredFlag, table, UsageError, when, type Command, type Flags } from './cli';

const VEHICLE_OPTIONS = {
  market: { type: 'string' },
  class: { type: 'string' },
  make: { type: 'string' },
  model: { type: 'string' },
  year: { type: 'string' },
  color: { type: 'string' },
  plate: { type: 'string' },
  name: { type: 'string' },
  phone: { type: 'string' },
  photo: { type: 'string' },
  licence: { type: 'string' },
  rating: { type: 'string' },
} as const;
const IDENTITY_FLAGS = IDENTITY_FIELDS.map((f) => f.replace(/_/g, '-'));
const DOCUMENT_FLAGS = COMPLIANCE_DOCUMENTS.map((d) => d.replace(/_/g, '-'));

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number`);
  return n;
}

/** Fleet input errors are the operator's to fix: message on stderr, exit 1. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof FleetInputError ? new Failure(err.message) : err;
  }
}

/** The holder's address from --town and --country (and --street, --building-number, --post-code); null without a town. */
function addressFlags(flags: Flags): PostalAddress | null {
  const town = flag(flags, 'town');
  if (!town) return null;
  return {
    street: flag(flags, 'street') ?? null,
    building_number: flag(flags, 'building-number') ?? null,
    post_code: flag(flags, 'post-code') ?? null,
    town,
    country: (flag(flags, 'country') ?? '').toUpperCase(),
  };
}

function unitJson(u: FleetUnit, now = new Date()) {
  return {
    unit_id: u.id,
    market: u.market,
    vehicle_class: u.vehicleClass,
    vehicle: u.vehicle,
    chauffeur: u.chauffeur,
    compliance: compliance(u.documents, now),
    dispatch_state: u.dispatchState,
    booking_id: u.bookingId ?? null,
    position: u.positionAt ? { lat: u.positionLat, lng: u.positionLng, at: isoOrNull(u.positionAt) } : null,
    driver_credential_issued_at: isoOrNull(u.driverCredentialIssuedAt),
  };
}

function unitFields(u: FleetUnit): [string, string][] {
  const c = compliance(u.documents, new Date());
  return [
    ['unit', u.id],
    ['market / class', `${u.market} / ${u.vehicleClass}`],
    ['vehicle', `${u.vehicle.year} ${u.vehicle.make} ${u.vehicle.model}, ${u.vehicle.color}, ${u.vehicle.plate}`],
    ['chauffeur', `${u.chauffeur.name} ${u.chauffeur.phone} (licence ${u.chauffeur.licence_no}, rating ${u.chauffeur.rating})`],
    ['compliance', `${c.state}${c.next_lapse ? ` (first: ${c.next_lapse.document} ${c.next_lapse.at ?? 'missing'})` : ''}`],
    ['documents', c.documents.map((d) => `${d.type} ${d.expires_on ?? 'missing'}`).join(', ')],
    ['dispatch', u.dispatchState + (u.bookingId ? ` (${u.bookingId})` : '')],
  ];
}

function documentsFrom(flags: Flags): ComplianceDocuments {
  const documents: ComplianceDocuments = {};
  COMPLIANCE_DOCUMENTS.forEach((doc, i) => {
    const value = flag(flags, DOCUMENT_FLAGS[i]!);
    if (value !== undefined) documents[doc] = value;
  });
  return documents;
}

export const fleetCommands: Record<string, Command> = {
  add: {
    usage:
      'fleet add --market PAR --class executive --make M --model M --year Y --color C --plate P --name N --phone +33… --photo URL ' +
      '--licence NO --rating 4.8 [--driving-licence DATE] [--insurance DATE] [--vehicle-inspection DATE] [--operator-permit DATE]',
    summary: 'add a fleet unit (vehicle and chauffeur), offline; document expiry dates are YYYY-MM-DD, a missing one means lapsed',
    options: { ...VEHICLE_OPTIONS, ...Object.fromEntries(DOCUMENT_FLAGS.map((f) => [f, { type: 'string' }])) },
    async run({ orm, flags }) {
      const unit = await guarded(() =>
        addUnit(orm, {
          market: requiredFlag(flags, 'market'),
          vehicleClass: requiredFlag(flags, 'class'),
          vehicle: {
            make: requiredFlag(flags, 'make'),
            model: requiredFlag(flags, 'model'),
            year: number(requiredFlag(flags, 'year'), 'year')!,
            color: requiredFlag(flags, 'color'),
            plate: requiredFlag(flags, 'plate'),
          },
          chauffeur: {
            name: requiredFlag(flags, 'name'),
            phone: requiredFlag(flags, 'phone'),
            photo_url: requiredFlag(flags, 'photo'),
            licence_no: requiredFlag(flags, 'licence'),
            rating: number(requiredFlag(flags, 'rating'), 'rating')!,
          },
          documents: documentsFrom(flags),
        }),
      );
      return { json: unitJson(unit), text: ['Fleet unit added.', fields(unitFields(unit))].join('\n') };
    },
  },

  list: {
    usage: 'fleet list [--market PAR] [--class executive]',
    summary: 'list fleet units with compliance and dispatch state',
    options: { market: { type: 'string' }, class: { type: 'string' } },
    async run({ orm, flags }) {
      const market = flag(flags, 'market');
      const vehicleClass = flag(flags, 'class');
      const units = await orm.em
        .fork()
        .find(FleetUnitSchema, { ...(market ? { market } : {}), ...(vehicleClass ? { vehicleClass } : {}) }, { orderBy: { id: 'asc' } });
      const now = new Date();
      return {
        json: units.map((u) => unitJson(u, now)),
        text: table(
          ['UNIT', 'MARKET', 'CLASS', 'PLATE', 'CHAUFFEUR', 'COMPLIANCE', 'NEXT LAPSE', 'DISPATCH', 'POSITION AT'],
          units.map((u) => {
            const c = compliance(u.documents, now);
            return [
              u.id,
              u.market,
              u.vehicleClass,
              u.vehicle.plate,
              u.chauffeur.name,
              c.state,
              c.next_lapse ? `${c.next_lapse.document} ${c.next_lapse.at?.slice(0, 10) ?? 'missing'}` : '-',
              u.dispatchState,
              when(u.positionAt),
            ];
          }),
        ),
      };
    },
  },

  update: {
    usage:
      'fleet update <unit_id> [--market M] [--class C] [--make M] [--model M] [--year Y] [--color C] [--plate P] [--name N] [--phone P] [--photo URL] [--licence NO] [--rating R]',
    summary: 'change a unit’s market, class, vehicle or chauffeur',
    args: ['unit_id'],
    options: VEHICLE_OPTIONS,
    async run({ orm, flags, args: [id] }) {
      const pick = <K extends string>(map: Record<K, string>) =>
        Object.fromEntries(
          Object.entries(map)
            .map(([field, name]) => [field, flag(flags, name as string)])
            .filter(([, v]) => v !== undefined),
        );
      const vehicle = pick({ make: 'make', model: 'model', color: 'color', plate: 'plate' });
      if (flag(flags, 'year') !== undefined) vehicle.year = number(flag(flags, 'year'), 'year');
      const chauffeur = pick({ name: 'name', phone: 'phone', photo_url: 'photo', licence_no: 'licence' });
      if (flag(flags, 'rating') !== undefined) chauffeur.rating = number(flag(flags, 'rating'), 'rating');
      const changes = {
        market: flag(flags, 'market'),
        vehicleClass: flag(flags, 'class'),
        vehicle: Object.keys(vehicle).length ? vehicle : undefined,
        chauffeur: Object.keys(chauffeur).length ? chauffeur : undefined,
      };
      if (Object.values(changes).every((v) => v === undefined)) throw new UsageError('nothing to change: give at least one option');
      const unit = await guarded(() => updateUnit(orm, id!, changes));
      return { json: unitJson(unit), text: ['Fleet unit updated.', fields(unitFields(unit))].join('\n') };
    },
  },

  document: {
    usage: `fleet document <unit_id> --type ${COMPLIANCE_DOCUMENTS.join('|')} --expires YYYY-MM-DD`,
    summary: 'record a compliance document’s expiry date (valid through that day, UTC); compliance follows',
    args: ['unit_id'],
    options: { type: { type: 'string' }, expires: { type: 'string' } },
    async run({ orm, flags, args: [id] }) {
      const type = requiredFlag(flags, 'type');
      const expires = flag(flags, 'expires');
      if (!expires) throw new UsageError('--expires is required: a compliance document needs an expiry date YYYY-MM-DD');
      const unit = await guarded(() => setDocumentExpiry(orm, id!, type, expires));
      return { json: unitJson(unit), text: ['Document recorded.', fields(unitFields(unit))].join('\n') };
    },
  },

  credential: {
    usage: 'fleet credential <unit_id>',
    summary: 'issue the unit’s driver-app credential (printed once); the previous one stops working at once',
    args: ['unit_id'],
    async run({ orm, secrets, args: [id] }) {
      const issued = await guarded(() => issueDriverCredential(orm, secrets, id!));
      return {
        json: { unit_id: issued.unitId, credential: issued.credential },
        text: [
          'Driver credential issued.',
          fields([
            ['unit', issued.unitId],
            ['credential', issued.credential],
          ]),
          'Shown only this once: enter it in the driver app now (the hub keeps only a hash).',
        ].join('\n'),
      };
    },
  },

  'bank-account': {
    usage:
      'fleet bank-account set <driver> --holder "Name" --iban IBAN [--bic BIC] [--street … --building-number … --post-code … --town … --country CC] | fleet bank-account show <driver>',
    summary:
      'record (set) or show the bank account a driver (a fleet unit, or sandbox:<licence>) is paid into by SEPA; the IBAN is stored encrypted and shown masked',
    args: ['action', 'driver'],
    options: {
      holder: { type: 'string' },
      iban: { type: 'string' },
      bic: { type: 'string' },
      street: { type: 'string' },
      'building-number': { type: 'string' },
      'post-code': { type: 'string' },
      town: { type: 'string' },
      country: { type: 'string' },
    },
    async run({ orm, secrets, flags, temporal, args: [action, driver] }) {
      let account: BankAccountView | null;
      if (action === 'set') {
        account = await setBankAccount({ orm, temporal: temporal ? await temporal() : undefined }, secrets, {
          driverId: driver!,
          holder: requiredFlag(flags, 'holder'),
          iban: requiredFlag(flags, 'iban'),
          bic: flag(flags, 'bic') ?? null,
          address: addressFlags(flags),
          changedBy: 'ops',
        }).catch((err: unknown) => {
          throw err instanceof ProblemError ? new Failure(err.message) : err;
        });
      } else if (action === 'show') {
        account = await showBankAccount(orm, driver!);
        if (!account) throw new Failure(`no bank account recorded for ${driver}: its settlements wait for one`);
      } else throw new UsageError(`unknown action '${action}': set or show`);
      return {
        json: account,
        text: `${action === 'set' ? 'Bank account recorded.\n' : ''}${fields([
          ['driver', account.driver],
          ['holder', account.holder],
          ['iban', account.iban],
          ['bic', account.bic ?? '-'],
          ['updated', account.updated_at],
        ])}`,
      };
    },
  },

  billing: {
    usage:
      'fleet billing set <driver> [--legal-name …] [--address …] [--city …] [--postal-code …] [--country CC] [--siren 9 digits] [--siret 14 digits] ' +
      '[--vat-id …] [--electronic-address scheme:id] [--vat-regime normal|franchise] [--from INSTANT] | fleet billing show <driver>',
    summary:
      'record (set: a new version, fields not given kept; --from when it takes effect) or show a chauffeur’s billing identity, the seller on their self-billed invoices',
    args: ['action', 'driver'],
    options: Object.fromEntries([...IDENTITY_FLAGS, 'from'].map((f) => [f, { type: 'string' }])) as Record<string, { type: 'string' }>,
    async run({ orm, flags, args: [action, driver] }) {
      if (action === 'set') {
        // A typo must not record an identity for nobody: a fleet unit, or a simulated driver.
        if (!driver!.startsWith('sandbox:')) await guarded(() => findUnit(orm, driver!));
        const input = Object.fromEntries(IDENTITY_FIELDS.map((f, i) => [f, flag(flags, IDENTITY_FLAGS[i]!)]));
        const from = flag(flags, 'from');
        if (from !== undefined && Number.isNaN(Date.parse(from)))
          throw new UsageError('--from must be an instant such as 2026-01-01T00:00:00Z');
        await setChauffeurIdentity(orm, {
          driverId: driver!,
          input,
          validFrom: from ? new Date(from) : undefined,
          setBy: 'ops',
          merge: true,
        }).catch((err: unknown) => {
          throw err instanceof ProblemError ? new Failure(err.message) : err;
        });
      } else if (action !== 'show') throw new UsageError(`unknown action '${action}': set or show`);
      const versions = await chauffeurIdentityVersions(orm, driver!);
      if (!versions.length)
        throw new Failure(`no billing identity recorded for ${driver}: its settlements have no self-billed invoice yet`);
      return {
        json: versions,
        text: `${action === 'set' ? 'Billing identity recorded.\n' : ''}${table(
          ['VALID FROM', 'LEGAL NAME', 'COUNTRY', 'SIREN', 'SIRET', 'VAT ID', 'E-ADDRESS', 'REGIME', 'BY'],
          versions.map((v) => [
            when(new Date(v.valid_from)),
            v.identity.legal_name,
            v.identity.country,
            v.identity.siren ?? '-',
            v.identity.siret ?? '-',
            v.identity.vat_id ?? '-',
            v.identity.electronic_address ?? '-',
            v.identity.vat_regime,
            v.set_by,
          ]),
        )}`,
      };
    },
  },
};
