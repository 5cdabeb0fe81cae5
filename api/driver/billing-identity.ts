import { z } from 'zod';
import { chauffeurIdentityVersions, setChauffeurIdentity } from '../../app/self-billing';
import type { IdentityVersion } from '../../db/self-billing';
import { VAT_REGIMES } from '../../domain/chauffeur-billing';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { Instant } from '../wire-schemas';

const text = (max: number) => z.string().max(max);
/** Required text: blank is refused by the schema itself, as the identity's rules refuse it. */
const filled = (max: number) => text(max).regex(/\S/, 'must not be blank');
const BillingIdentityInput = z
  .object({
    legal_name: filled(200).meta({ description: 'The chauffeur’s legal name (or their company’s).', example: 'Jo Martin EI' }),
    address: filled(200),
    city: filled(200),
    postal_code: filled(200),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .meta({ description: 'ISO 3166-1 alpha-2.', example: 'FR' }),
    siren: text(20)
      .nullable()
      .optional()
      .meta({ description: 'SIREN (9 digits, Luhn-checked; scheme 0002). A French chauffeur needs it or a SIRET.' }),
    siret: text(20)
      .nullable()
      .optional()
      .meta({ description: 'SIRET (14 digits, Luhn-checked; scheme 0009); its first nine digits are the SIREN.' }),
    vat_id: text(20)
      .nullable()
      .optional()
      .meta({ description: 'The VAT number: required under the normal regime, absent under the franchise.' }),
    electronic_address: text(110).nullable().optional().meta({
      description: 'Where e-invoices reach the chauffeur (BT-34), `scheme:identifier`; `0002:<siren>` when absent.',
      example: '0225:732829320',
    }),
    vat_regime: z.enum(VAT_REGIMES).meta({
      description:
        '`normal` (VAT charged) or `franchise` (franchise en base, French chauffeurs only: `TVA non applicable, art. 293 B du CGI`).',
    }),
    valid_from: Instant.optional().meta({
      description: 'When this identity (and its VAT regime) takes effect; now when absent. Invoices already issued never change.',
    }),
  })
  .strict()
  .meta({ id: 'ChauffeurBillingIdentityInput' });

const BillingIdentity = z
  .object({
    driver: z.string(),
    legal_name: z.string(),
    address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    vat_id: z.string().nullable(),
    electronic_address: z.string(),
    vat_regime: z.enum(VAT_REGIMES),
    valid_from: z.string(),
    set_by: z.string(),
  })
  .meta({ id: 'ChauffeurBillingIdentity' });

const view = (v: IdentityVersion): z.infer<typeof BillingIdentity> => ({
  driver: v.driver_id,
  ...v.identity,
  siren: v.identity.siren ?? null,
  siret: v.identity.siret ?? null,
  vat_id: v.identity.vat_id ?? null,
  electronic_address: v.identity.electronic_address!,
  valid_from: new Date(v.valid_from).toISOString(),
  set_by: v.set_by,
});

export const setDriverBillingIdentity = defineOperation({
  operationId: 'setDriverBillingIdentity',
  idempotent: true,
  method: 'put',
  path: '/driver/v1/billing-identity',
  summary: 'Record who the chauffeur bills as',
  description:
    'The seller on the invoices the company issues in the chauffeur’s name for each settlement (self-billing): legal name and address, ' +
    'SIREN/SIRET, VAT number, electronic address and VAT regime. Each change is a new version in force from `valid_from`; a settlement’s ' +
    'invoice takes the version in force at the settlement’s date. Wrong fields: `422 validation_failed` listing each (docs/errors.md).',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  request: {
    body: BillingIdentityInput,
    bodyExample: {
      legal_name: 'Jo Martin EI',
      address: '12 rue des Lilas',
      city: 'Paris',
      postal_code: '75011',
      country: 'FR',
      siret: '73282932000074',
      vat_regime: 'franchise',
    },
  },
  responses: { 200: { description: 'The identity recorded.', schema: BillingIdentity } },
  errors: ['invalid_driver_credential', 'rate_limited', 'invalid_json', 'unsupported_media_type', 'validation_failed'],
  async handler({ body, principal, deps }) {
    const { valid_from, ...input } = body;
    const version = await setChauffeurIdentity(deps.orm, {
      driverId: principal.ownerId,
      input,
      validFrom: valid_from ? new Date(valid_from) : undefined,
      setBy: 'driver',
    });
    return { status: 200, body: view(version) };
  },
});

export const getDriverBillingIdentity = defineOperation({
  operationId: 'getDriverBillingIdentity',
  method: 'get',
  path: '/driver/v1/billing-identity',
  summary: 'Who the chauffeur bills as',
  description: 'The billing identity in force now (the latest version by `valid_from`); 404 when none is recorded.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  responses: { 200: { description: 'The identity.', schema: BillingIdentity } },
  errors: ['invalid_driver_credential', 'rate_limited', 'not_found'],
  async handler({ principal, deps }) {
    const now = Date.now();
    const [current] = (await chauffeurIdentityVersions(deps.orm, principal.ownerId)).filter((v) => Date.parse(v.valid_from) <= now);
    if (!current) throw new ProblemError('not_found', { detail: 'No billing identity is recorded for this unit.' });
    return { status: 200, body: view(current) };
  },
});
