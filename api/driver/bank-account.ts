import { z } from 'zod';
import { listDriverNotices, setBankAccount, showBankAccount } from '../../app/bank-accounts';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';

const PostalAddressSchema = z
  .object({
    street: z.string().max(70).nullable().optional(),
    building_number: z.string().max(16).nullable().optional(),
    post_code: z.string().max(16).nullable().optional(),
    town: z.string().min(1).max(35),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code')
      .meta({ example: 'CH' }),
  })
  .strict()
  .meta({ id: 'PostalAddress' });

const BankAccountInput = z
  .object({
    holder: z
      .string()
      .min(1)
      .max(70)
      .meta({ description: 'The account holder, as the bank knows them (Latin letters).', example: 'Jo Martin' }),
    iban: z
      .string()
      .min(15)
      .max(42)
      .meta({ description: 'The IBAN, with or without spaces; checked for its country’s length and format and mod-97.' }),
    bic: z.string().max(11).nullable().optional().meta({ description: 'The bank’s BIC (8 or 11 characters); optional in SEPA.' }),
    address: PostalAddressSchema.nullable().optional().meta({
      description:
        'The holder’s postal address. Required for an IBAN of a SEPA country outside the EEA (CH, GB, MC, SM, AD, VA, JE, GG, IM…): the payment carries it.',
    }),
  })
  .strict()
  .meta({ id: 'DriverBankAccountInput' });

export const DriverBankAccount = z
  .object({
    driver: z.string().meta({ description: 'The fleet unit.' }),
    holder: z.string(),
    iban: z.string().meta({ description: 'Masked: the country and the last four characters.', example: 'DE** **** **** **** **30 00' }),
    country: z.string().meta({ description: 'The IBAN’s country (ISO 3166-1 alpha-2).' }),
    bic: z.string().nullable(),
    address: PostalAddressSchema.nullable(),
    hold_until: z.string().nullable().meta({
      description: 'Payouts to this account wait until then: its IBAN replaced another less than 24 h before (null: not held).',
    }),
    name_check: z.enum(['match', 'close', 'no_match']).nullable().meta({
      description: 'The last change’s check of the holder against the driver’s name (accents, case, word order and initials aside).',
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DriverBankAccount' });

const ERRORS = ['invalid_driver_credential', 'rate_limited'] as const;

export const setDriverBankAccount = defineOperation({
  operationId: 'setDriverBankAccount',
  idempotent: true,
  method: 'put',
  path: '/driver/v1/bank-account',
  summary: 'Record where the chauffeur is paid',
  description:
    'The bank account the chauffeur’s settlements are paid into by SEPA credit transfer; replaces the previous one (payout files already ' +
    'written keep the account they were written with). The IBAN is stored encrypted and only ever shown masked. A settlement that waited ' +
    'for an account is paid in the next payout run. A new IBAN replacing another holds the payouts to it for 24 h (`hold_until`); every ' +
    'change leaves a notice (`GET /driver/v1/notices`) and tells the operators.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  request: { body: BankAccountInput, bodyExample: { holder: 'Jo Martin', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } },
  responses: { 200: { description: 'The account, masked.', schema: DriverBankAccount } },
  errors: [...ERRORS, 'invalid_json', 'unsupported_media_type', 'validation_failed'],
  async handler({ body, principal, deps }) {
    const account = await setBankAccount(deps, deps, {
      driverId: principal.ownerId,
      holder: body.holder,
      iban: body.iban,
      bic: body.bic,
      address: body.address,
      changedBy: 'driver',
    });
    return { status: 200, body: account };
  },
});

export const getDriverBankAccount = defineOperation({
  operationId: 'getDriverBankAccount',
  method: 'get',
  path: '/driver/v1/bank-account',
  summary: 'Where the chauffeur is paid',
  description: 'The bank account on file, the IBAN masked; 404 when none is recorded yet (settlements then wait for one).',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  responses: { 200: { description: 'The account, masked.', schema: DriverBankAccount } },
  errors: [...ERRORS, 'not_found'],
  async handler({ principal, deps }) {
    const account = await showBankAccount(deps.orm, principal.ownerId);
    if (!account) throw new ProblemError('not_found', { detail: 'No bank account is recorded for this unit.' });
    return { status: 200, body: account };
  },
});

const DriverNotice = z
  .object({
    id: z.string(),
    kind: z.enum(['bank_account_changed']),
    message: z.string().meta({ description: 'What to show the chauffeur.' }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The facts of the notice (for `bank_account_changed`: `iban`, `previous_iban`, `hold_until`).' }),
    created_at: z.string(),
  })
  .meta({ id: 'DriverNotice' });

export const listDriverNoticesOperation = defineOperation({
  operationId: 'listDriverNotices',
  method: 'get',
  path: '/driver/v1/notices',
  summary: 'What the chauffeur should know',
  description:
    'Notices for the chauffeur, newest first (at most 50): a change of the bank account payouts go to, by the app or by ops, with the time the first payout to it waits until.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  responses: { 200: { description: 'The notices.', schema: z.object({ data: z.array(DriverNotice) }).meta({ id: 'DriverNoticeList' }) } },
  errors: [...ERRORS],
  async handler({ principal, deps }) {
    return { status: 200, body: { data: await listDriverNotices(deps.orm, principal.ownerId) } };
  },
});
